/// A parsed JSON value that remembers where it starts in the source bytes, as a tree.
///
/// ``JSONParser/parse(_:from:)`` gives one, built from a ``JSONTape``; the feed decoder reads tapes in
/// place instead, so that every value keeps its offset (for the line and column of a diagnostic)
/// without a tree being built.
struct JSONNode: Sendable {
    /// One `"key": value` pair of an object, in source order.
    struct Member: Sendable {
        var key: String
        var keyOffset: Int
        var value: JSONNode
    }

    /// What the node holds.
    enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    var kind: Kind
    /// Byte offset of the value's first character in the source.
    var offset: Int

    /// The public, position-free value.
    var value: JSONValue {
        switch kind {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let value): return .number(value)
        case .string(let value): return .string(value)
        case .array(let items): return .array(items.map(\.value))
        case .object(let members):
            var result: [String: JSONValue] = [:]
            result.reserveCapacity(members.count)
            for member in members { result[member.key] = member.value.value }
            return .object(result)
        }
    }
}
