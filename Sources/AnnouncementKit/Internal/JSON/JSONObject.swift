/// A small JSON object read whole, with typed members: how the package reads the small documents it
/// keeps or fetches beside a feed (the cache files' metadata, a feed's signature file, the package's
/// words), and, with ``encoded(_:)``, how it writes them.
///
/// The feed and the state file, which can be large, are read in place from a ``JSONTape`` instead. The
/// bytes must be UTF-8 JSON whose top level is an object; nesting is bounded by ``JSONParser``, size by
/// the caller (every caller reads its file bounded first). A member of the wrong type is a failure that
/// names it; a missing member, or `null`, is `nil`.
struct JSONObject: Sendable {
    /// Why the bytes are not the object expected.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        var description: String
    }

    /// The members, by key (the last of a repeated key).
    let members: [String: JSONValue]

    /// Parses `bytes`, a JSON object.
    init(parsing bytes: [UInt8]) throws(Failure) {
        let parsed: Result<JSONNode, JSONParser.Failure>? = bytes.withUnsafeBufferPointer { buffer in
            if UTF8Validation.firstInvalidOffset(in: buffer) != nil { return nil }
            do throws(JSONParser.Failure) {
                return .success(try JSONParser.parse(buffer))
            } catch {
                return .failure(error)
            }
        }
        switch parsed {
        case nil:
            throw Failure(description: "not UTF-8")
        case .failure(let failure)?:
            throw Failure(description: "not JSON: \(failure.message) at byte \(failure.offset)")
        case .success(let node)?:
            guard case .object(let members) = node.value else { throw Failure(description: "not a JSON object") }
            self.members = members
        }
    }

    /// The string `key`; `nil` when it is missing or `null`.
    func string(_ key: String) throws(Failure) -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw Self.wrongType(key, "a string", other)
        }
    }

    /// The number `key`; `nil` when it is missing or `null`.
    func number(_ key: String) throws(Failure) -> Double? {
        switch members[key] {
        case nil, .null?: return nil
        case .number(let value)?: return value
        case let other?: throw Self.wrongType(key, "a number", other)
        }
    }

    /// The whole number `key` (within `Int`); `nil` when it is missing or `null`.
    func integer(_ key: String) throws(Failure) -> Int? {
        guard let number = try number(key) else { return nil }
        guard let value = Int(exactly: number) else {
            throw Failure(description: "\(key) is \(JSONWriter.format(number: number)); expected a whole number")
        }
        return value
    }

    /// The Boolean `key`; `nil` when it is missing or `null`.
    func bool(_ key: String) throws(Failure) -> Bool? {
        switch members[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?: throw Self.wrongType(key, "true or false", other)
        }
    }

    /// One line of compact JSON with sorted keys: the members of `members` that are not `nil`.
    static func encoded(_ members: [String: JSONValue?]) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONWriter.write(.object(members.compactMapValues { $0 }), to: &bytes)
        return bytes
    }

    private static func wrongType(_ key: String, _ expected: String, _ found: JSONValue) -> Failure {
        let kind: String
        switch found {
        case .null: kind = "null"
        case .bool: kind = "a Boolean"
        case .number: kind = "a number"
        case .string: kind = "a string"
        case .array: kind = "an array"
        case .object: kind = "an object"
        }
        return Failure(description: "\(key) is \(kind); expected \(expected)")
    }
}
