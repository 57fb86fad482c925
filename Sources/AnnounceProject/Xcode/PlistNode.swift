/// One value of an OpenStep (old-style ASCII) property list, with the bytes it came from.
///
/// Every node keeps its byte range in the original text, so an edit can be a splice that leaves
/// every other byte as it was: `range` runs from the value's first byte (the quote of a quoted
/// string, the `{` of a dictionary, the `(` of an array) to just past its last byte.
package struct PlistNode: Sendable, Equatable {
    /// What the value is.
    package enum Kind: Sendable, Equatable {
        /// A quoted or unquoted string, with its escapes decoded.
        case string(String)
        /// `<0fbd …>`: the bytes.
        case data([UInt8])
        /// `( a, b, )`: the elements in order.
        case array([PlistNode])
        /// `{ k = v; }`: the entries in the order written (a repeated key keeps every entry).
        case dictionary([PlistEntry])
    }

    /// What the value is.
    package var kind: Kind
    /// The value's bytes in the original text.
    package var range: Range<Int>

    /// A node of `kind` over `range`.
    package init(kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }

    /// The string, when the value is one.
    package var string: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    /// The elements, when the value is an array.
    package var array: [PlistNode]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The entries, when the value is a dictionary.
    package var entries: [PlistEntry]? {
        if case .dictionary(let entries) = kind { return entries }
        return nil
    }

    /// The strings of an array value (elements that are not strings are left out); nil when the
    /// value is not an array.
    package var strings: [String]? {
        array.map { $0.compactMap(\.string) }
    }

    /// The first entry named `key` of a dictionary value.
    package func entry(_ key: String) -> PlistEntry? {
        entries?.first { $0.key == key }
    }

    /// The value of the first entry named `key` of a dictionary value.
    package subscript(key: String) -> PlistNode? {
        entry(key)?.value
    }
}

/// One `key = value;` of a dictionary, with its byte ranges.
package struct PlistEntry: Sendable, Equatable {
    /// The key, decoded.
    package var key: String
    /// The key's bytes (with its quotes when quoted).
    package var keyRange: Range<Int>
    /// The value.
    package var value: PlistNode
    /// From the key's first byte to just past the `;`.
    package var range: Range<Int>

    /// An entry for `key` at `keyRange` with `value`, spanning `range`.
    package init(key: String, keyRange: Range<Int>, value: PlistNode, range: Range<Int>) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
        self.range = range
    }
}

/// A `/* … */` or `// …` comment of the text, kept because Xcode's section markers
/// (`/* Begin PBXBuildFile section */`) are comments.
package struct PlistComment: Sendable, Equatable {
    /// The text between the markers, trimmed of spaces.
    package var text: String
    /// The comment's bytes, markers included (a `//` comment ends before its newline).
    package var range: Range<Int>

    /// A comment with `text` over `range`.
    package init(text: String, range: Range<Int>) {
        self.text = text
        self.range = range
    }
}
