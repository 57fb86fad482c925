/// A parsed JSON value that remembers where it starts in the source bytes.
///
/// The feed decoder works on nodes rather than on `JSONSerialization` output so that every
/// diagnostic can name the line and column of the value it is about.
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

    /// The JSON type name used in messages ("a string", "an object", ...).
    var typeDescription: String {
        switch kind {
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
        case .string(let value):
            let cut = value.count > 40 ? String(value.prefix(40)) + "…" : value
            return JSONWriter.quote(cut)
        case .array(let items): return "an array of \(items.count)"
        case .object: return "an object"
        }
    }

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
