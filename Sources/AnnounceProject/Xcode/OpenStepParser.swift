/// A parsed OpenStep property list: the bytes, the top-level value and the comments.
package struct OpenStepDocument: Sendable {
    /// The text the document was parsed from.
    package var bytes: [UInt8]
    /// The top-level value (a project file's is a dictionary).
    package var root: PlistNode
    /// Every comment, in order (Xcode's section markers are comments).
    package var comments: [PlistComment]
}

/// The reader of OpenStep (old-style ASCII) property lists, the format of `project.pbxproj`:
/// dictionaries `{ k = v; }`, arrays `( a, b, )`, quoted strings with escapes, unquoted strings
/// (letters, digits, `_ $ / : . - +`), data `<0fbd>`, `/* */` and `//` comments.
///
/// Budgets for hostile files: values nest at most ``maximumDepth`` deep; the bytes must be UTF-8
/// without NUL; the cursor only moves forward with constant look-ahead, so time is linear in the
/// size (the size cap is ``XcodeProjectFile/maximumSize``, checked before a file is read).
package enum OpenStepParser {
    /// How deep dictionaries and arrays may nest (a project file uses about 6).
    package static let maximumDepth = 64

    /// Parses `bytes`; errors name `file` with the line and column.
    ///
    /// ```swift
    /// let document = try OpenStepParser.parse(Array(text.utf8), file: "project.pbxproj")
    /// ```
    package static func parse(_ bytes: [UInt8], file: String) throws(XcodeProjectError) -> OpenStepDocument {
        var cursor = OpenStepCursor(bytes: bytes, file: file)
        try cursor.checkEncoding()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { cursor.position = 3 }
        try cursor.skipTrivia()
        let root = try cursor.parseValue(context: "the file", depth: 0)
        try cursor.skipTrivia()
        if cursor.position < bytes.count {
            throw cursor.error(.syntax, at: cursor.position, "expected the end of the file after the top-level value")
        }
        return OpenStepDocument(bytes: bytes, root: root, comments: cursor.comments)
    }
}

/// The parser's state: the bytes, a position that only moves forward, the comments seen.
struct OpenStepCursor {
    let bytes: [UInt8]
    let file: String
    var position = 0
    var comments: [PlistComment] = []

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    func error(_ kind: XcodeProjectError.Kind, at offset: Int, _ message: String) -> XcodeProjectError {
        let place = TextPosition.lineAndColumn(of: offset, in: bytes)
        return XcodeProjectError(kind: kind, file: file, line: place.line, column: place.column, message: message)
    }

    func place(of offset: Int) -> String {
        let place = TextPosition.lineAndColumn(of: offset, in: bytes)
        return "\(place.line):\(place.column)"
    }

    func checkEncoding() throws(XcodeProjectError) {
        if let nul = bytes.firstIndex(of: 0) {
            throw error(.encoding, at: nul, "a NUL byte; a project file is UTF-8 text")
        }
        if let bad = TextPosition.firstInvalidUTF8(in: bytes) {
            throw error(.encoding, at: bad, "bytes that are not UTF-8; a project file is UTF-8 text")
        }
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    func peek(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// What is at the position, for messages: `'x'` or `the end of the file`.
    var found: String {
        guard let byte = current else { return "the end of the file" }
        if byte < 0x80, byte >= 0x20 { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "a byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// Skips spaces and comments, recording the comments.
    mutating func skipTrivia() throws(XcodeProjectError) {
        while let byte = current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/") where peek(position + 1) == UInt8(ascii: "*"):
                try skipBlockComment()
            case UInt8(ascii: "/") where peek(position + 1) == UInt8(ascii: "/"):
                let start = position
                position += 2
                while let next = current, next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") { position += 1 }
                recordComment(start..<position, text: (start + 2)..<position)
            default:
                return
            }
        }
    }

    private mutating func skipBlockComment() throws(XcodeProjectError) {
        let start = position
        position += 2
        while position + 1 < bytes.count {
            if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                recordComment(start..<position, text: (start + 2)..<(position - 2))
                return
            }
            position += 1
        }
        throw error(.syntax, at: start, "unterminated comment: the '/*' here is never closed with '*/'")
    }

    private mutating func recordComment(_ range: Range<Int>, text: Range<Int>) {
        var lower = text.lowerBound
        var upper = text.upperBound
        while lower < upper, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") || bytes[upper - 1] == UInt8(ascii: "\t") {
            upper -= 1
        }
        comments.append(PlistComment(text: String(decoding: bytes[lower..<upper], as: UTF8.self), range: range))
    }

    /// Parses one value; `context` says whose value it is, for messages.
    mutating func parseValue(context: String, depth: Int) throws(XcodeProjectError) -> PlistNode {
        guard let byte = current else {
            throw error(.syntax, at: position, "expected a value for \(context), found the end of the file")
        }
        switch byte {
        case UInt8(ascii: "{"): return try parseDictionary(context: context, depth: depth + 1)
        case UInt8(ascii: "("): return try parseArray(context: context, depth: depth + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try parseQuotedString()
        case UInt8(ascii: "<"): return try parseData(context: context)
        default:
            if Self.isUnquoted(byte) { return parseUnquotedString() }
            throw error(.syntax, at: position, "expected a value for \(context), found \(found)")
        }
    }

    private func checkDepth(_ depth: Int) throws(XcodeProjectError) {
        if depth > OpenStepParser.maximumDepth {
            throw error(
                .tooDeep, at: position,
                "values nest deeper than \(OpenStepParser.maximumDepth) levels; a project file nests about 6")
        }
    }

    private mutating func parseDictionary(context: String, depth: Int) throws(XcodeProjectError) -> PlistNode {
        try checkDepth(depth)
        let start = position
        position += 1
        var entries: [PlistEntry] = []
        while true {
            try skipTrivia()
            guard let byte = current else {
                throw error(
                    .syntax, at: position,
                    "expected '}' to close the dictionary of \(context) opened at \(place(of: start))")
            }
            if byte == UInt8(ascii: "}") {
                position += 1
                return PlistNode(kind: .dictionary(entries), range: start..<position)
            }
            entries.append(try parseEntry(context: context, depth: depth))
        }
    }

    private mutating func parseEntry(context: String, depth: Int) throws(XcodeProjectError) -> PlistEntry {
        let keyStart = position
        guard let keyByte = current,
            keyByte == UInt8(ascii: "\"") || keyByte == UInt8(ascii: "'") || Self.isUnquoted(keyByte)
        else {
            throw error(.syntax, at: position, "expected a key or '}' in the dictionary of \(context), found \(found)")
        }
        let keyNode =
            keyByte == UInt8(ascii: "\"") || keyByte == UInt8(ascii: "'")
            ? try parseQuotedString() : parseUnquotedString()
        let key = keyNode.string ?? ""
        try skipTrivia()
        guard current == UInt8(ascii: "=") else {
            throw error(.syntax, at: position, "expected '=' after the key '\(key)', found \(found)")
        }
        position += 1
        try skipTrivia()
        let value = try parseValue(context: "'\(key)'", depth: depth)
        try skipTrivia()
        guard current == UInt8(ascii: ";") else {
            throw error(.syntax, at: position, "expected ';' after the value of '\(key)', found \(found)")
        }
        position += 1
        return PlistEntry(key: key, keyRange: keyNode.range, value: value, range: keyStart..<position)
    }

    private mutating func parseArray(context: String, depth: Int) throws(XcodeProjectError) -> PlistNode {
        try checkDepth(depth)
        let start = position
        position += 1
        var elements: [PlistNode] = []
        while true {
            try skipTrivia()
            guard let byte = current else {
                throw error(
                    .syntax, at: position, "expected ')' to close the array of \(context) opened at \(place(of: start))"
                )
            }
            if byte == UInt8(ascii: ")") {
                position += 1
                return PlistNode(kind: .array(elements), range: start..<position)
            }
            elements.append(try parseValue(context: "an element of \(context)", depth: depth))
            try skipTrivia()
            if current == UInt8(ascii: ",") {
                position += 1
            } else if current != UInt8(ascii: ")") {
                throw error(.syntax, at: position, "expected ',' or ')' after an element of \(context), found \(found)")
            }
        }
    }
}
