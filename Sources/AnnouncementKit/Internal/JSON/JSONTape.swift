/// A parsed JSON value laid out as one flat array of entries rather than a tree, and read in place
/// through ``Node``.
///
/// The feed decoder parses each announcement into the same tape, so once the tape has grown to the
/// largest item, parsing allocates nothing: no array per object or array, and no string per key. A
/// string stays a range of the source bytes until a reader asks for its text.
///
/// An array's entry is followed by its elements' entries; an object's entry by a key entry and the
/// value's entries for each member. Every entry records where the entries of its value end, so a
/// reader steps over a whole value at once.
///
/// The tape owns its entries' memory and is not copyable, so appending needs no copy-on-write check.
struct JSONTape: ~Copyable {
    /// One value, or the key of an object member.
    struct Entry {
        enum Kind: UInt8 {
            case null, bool, number, string, array, object
        }

        var kind: Kind
        /// A boolean's value; whether a string holds escapes.
        var flag = false
        /// The byte offset where the value starts (a string's opening quote).
        var offset: Int
        /// A number's bit pattern, the offset of a string's closing quote, or the number of elements
        /// or members.
        var payload: UInt64 = 0
        /// The index of the entry after this value and everything inside it.
        var end = 0
    }

    /// The source the entries point into.
    private(set) var bytes: UnsafeBufferPointer<UInt8>
    private var entries: UnsafeMutablePointer<Entry>
    private var capacity: Int
    /// How many entries the tape holds.
    private(set) var count = 0

    /// An empty tape over `bytes`.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        capacity = 64
        entries = .allocate(capacity: capacity)
    }

    deinit {
        entries.deallocate()
    }

    /// Empties the tape, keeping its storage, to parse another value of `bytes`.
    mutating func reset(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        count = 0
    }

    /// Adds a scalar or a key; returns its index.
    @discardableResult
    mutating func append(_ entry: Entry) -> Int {
        if count == capacity { grow() }
        var entry = entry
        entry.end = count + 1
        (entries + count).initialize(to: entry)
        count += 1
        return count - 1
    }

    /// Doubles the room for entries.
    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        larger.initialize(from: entries, count: count)
        entries.deallocate()
        entries = larger
        capacity *= 2
    }

    /// Records that the array or object at `index`, with `count` elements or members, ends here.
    mutating func close(_ index: Int, count: Int) {
        precondition(index < self.count)
        entries[index].payload = UInt64(count)
        entries[index].end = self.count
    }

    /// Calls `body` with the tape's first value, which must not be used after `body` returns.
    func withRoot<Result, Failure: Error>(_ body: (Node) throws(Failure) -> Result) throws(Failure) -> Result {
        precondition(count > 0, "the tape holds no value")
        return try body(Node(entries: UnsafeBufferPointer(start: entries, count: count), bytes: bytes, index: 0))
    }
}

extension JSONTape {
    /// One value of a tape, read in place.
    ///
    /// A node borrows the tape's entries and the source bytes: it is valid only inside the
    /// ``JSONTape/withRoot(_:)`` call that gave it (or its parent).
    struct Node {
        /// What the node holds; the contents of strings, arrays and objects are read through the node.
        enum Kind {
            case null
            case bool(Bool)
            case number(Double)
            case string
            case array
            case object
        }

        fileprivate let entries: UnsafeBufferPointer<Entry>
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let index: Int

        private var entry: Entry { entries[index] }

        /// Byte offset of the value's first character in the source.
        var offset: Int { entry.offset }

        /// What the node holds.
        var kind: Kind {
            let entry = entry
            switch entry.kind {
            case .null: return .null
            case .bool: return .bool(entry.flag)
            case .number: return .number(Double(bitPattern: entry.payload))
            case .string: return .string
            case .array: return .array
            case .object: return .object
            }
        }

        /// Whether the node is `null`.
        var isNull: Bool { entry.kind == .null }

        /// The text of a string node, `nil` for any other.
        var stringValue: String? {
            let entry = entry
            guard entry.kind == .string else { return nil }
            return JSONParser.text(of: bytes, quotedAt: entry.offset, end: Int(entry.payload), hasEscapes: entry.flag)
        }

        /// The UTF-8 of a string node written without escapes, which is its text; `nil` for any other node.
        var unescapedText: UnsafeBufferPointer<UInt8>? {
            let entry = entry
            guard entry.kind == .string, !entry.flag else { return nil }
            return UnsafeBufferPointer(rebasing: bytes[(entry.offset + 1)..<Int(entry.payload)])
        }

        /// The bytes of a string node written as plain ASCII (no escapes), `nil` for any other node.
        ///
        /// Two ASCII strings are equal exactly when their bytes are, so such text is matched against ASCII
        /// names without making a string; other text must be compared as `String`s, by canonical
        /// equivalence.
        var asciiText: UnsafeBufferPointer<UInt8>? {
            guard let text = unescapedText, text.allSatisfy({ $0 < 0x80 }) else { return nil }
            return text
        }

        /// The elements of an array node (none for any other).
        var elements: Elements { Elements(container: self) }

        /// The members of an object node (none for any other).
        var members: Members { Members(container: self) }

        /// The JSON type name used in messages ("a string", "an object", ...).
        var typeDescription: String {
            switch entry.kind {
            case .null: "null"
            case .bool: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }

        /// A short rendering of the value for messages: strings quoted and cut at 40 characters.
        var shortDescription: String {
            switch kind {
            case .null: return "null"
            case .bool(let value): return value ? "true" : "false"
            case .number(let value): return JSONWriter.format(number: value)
            case .string:
                let value = stringValue!
                let cut = value.count > 40 ? String(value.prefix(40)) + "…" : value
                return JSONWriter.quote(cut)
            case .array: return "an array of \(elements.count)"
            case .object: return "an object"
            }
        }

        /// The public, position-free value.
        var value: JSONValue {
            switch kind {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .number(let value): return .number(value)
            case .string: return .string(stringValue!)
            case .array: return .array(elements.map(\.value))
            case .object:
                var result = [String: JSONValue](minimumCapacity: members.count)
                for member in members { result[member.key] = member.value.value }
                return .object(result)
            }
        }

        /// The node as a tree.
        var tree: JSONNode {
            let kind: JSONNode.Kind
            switch self.kind {
            case .null: kind = .null
            case .bool(let value): kind = .bool(value)
            case .number(let value): kind = .number(value)
            case .string: kind = .string(stringValue!)
            case .array: kind = .array(elements.map(\.tree))
            case .object:
                kind = .object(
                    members.map { JSONNode.Member(key: $0.key, keyOffset: $0.keyOffset, value: $0.value.tree) })
            }
            return JSONNode(kind: kind, offset: offset)
        }

        /// The node at entry `index` of the same tape.
        fileprivate func node(at index: Int) -> Node {
            Node(entries: entries, bytes: bytes, index: index)
        }

        /// The number of elements or members, and where the first starts and the last ends.
        fileprivate var contents: (count: Int, start: Int, end: Int) {
            let entry = entry
            guard entry.kind == .array || entry.kind == .object else { return (0, index + 1, index + 1) }
            return (Int(entry.payload), index + 1, entry.end)
        }
    }

    /// One `"key": value` pair of an object.
    struct Member {
        /// The key, as a string node.
        let keyNode: Node
        /// The member's value.
        let value: Node

        var key: String { keyNode.stringValue! }
        /// Byte offset of the key's opening quote.
        var keyOffset: Int { keyNode.offset }
    }

    /// The elements of an array node, in source order.
    struct Elements: Collection {
        private let container: Node
        let startIndex: Int
        let endIndex: Int
        let count: Int

        fileprivate init(container: Node) {
            self.container = container
            (count, startIndex, endIndex) = container.contents
        }

        var isEmpty: Bool { count == 0 }

        func index(after index: Int) -> Int { container.entries[index].end }
        subscript(index: Int) -> Node { container.node(at: index) }
    }

    /// The members of an object node, in source order; an index is the entry index of a member's key.
    struct Members: Collection {
        private let container: Node
        let startIndex: Int
        let endIndex: Int
        let count: Int

        fileprivate init(container: Node) {
            self.container = container
            (count, startIndex, endIndex) = container.contents
        }

        var isEmpty: Bool { count == 0 }

        func index(after index: Int) -> Int { container.entries[index + 1].end }
        subscript(index: Int) -> Member {
            Member(keyNode: container.node(at: index), value: container.node(at: index + 1))
        }
    }
}
