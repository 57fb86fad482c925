/// A JSON value: what targeting rules are written in and what app-supplied attributes hold.
///
/// ```swift
/// let rule: JSONValue = ["==": [["var": "platform"], "iOS"]]
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any JSON number; integers are exact up to 2^53.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; key order is not kept.
    case object([String: JSONValue])
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// Creates `null`.
    public init(nilLiteral: ()) { self = .null }
    /// Creates a boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates a number from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// Creates a number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// Creates a string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates an array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Creates an object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: Encodable {
    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if let exact = Int64(exactly: value), abs(value) <= 9_007_199_254_740_992 {
                try container.encode(exact)
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON with sorted keys.
    public var description: String {
        var output = ""
        JSONWriter.write(self, to: &output)
        return output
    }
}

extension JSONValue: Decodable {
    /// Decodes whatever JSON value the decoder holds: `null`, a Boolean, a number, a string, an array
    /// or an object (its members in no particular order).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let values = try? container.decode([JSONValue].self) {
            self = .array(values)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
