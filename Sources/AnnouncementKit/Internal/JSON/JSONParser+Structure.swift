/// Arrays and objects: opening and closing them one member or element at a time (what the feed decoder
/// streams through), reading keys, and skipping a value whole.
extension JSONParser {
    /// Opens the object whose `{` is at ``index``; `false` when it is empty (the `}` is then consumed too).
    mutating func openObject() throws(Failure) -> Bool {
        try enter()
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Reads a member's key and its colon, leaving ``index`` at the member's value.
    mutating func readKey() throws(Failure) -> (key: String, offset: Int) {
        let key = try scanKey()
        return (Self.text(of: bytes, quotedAt: key.offset, end: key.end, hasEscapes: key.hasEscapes), key.offset)
    }

    /// ``readKey()`` without making the key's string: where its quotes are and whether it has escapes.
    mutating func scanKey() throws(Failure) -> (offset: Int, end: Int, hasEscapes: Bool) {
        skipWhitespace()
        guard index < bytes.count else {
            throw Failure(message: "the JSON ends inside an object; expected a key or '}'", offset: index)
        }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw Failure(message: "unexpected \(describeByte(at: index)); expected a quoted key", offset: index)
        }
        let keyOffset = index
        let (end, hasEscapes) = try scanString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            let key = Self.text(of: bytes, quotedAt: keyOffset, end: end, hasEscapes: hasEscapes)
            throw Failure(message: "expected ':' after the key \(JSONWriter.quote(key))", offset: index)
        }
        index += 1
        skipWhitespace()
        return (keyOffset, end, hasEscapes)
    }

    /// After a member's value: `true` when another member follows, `false` after the closing `}`.
    mutating func closeMember() throws(Failure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else {
            throw Failure(message: "the JSON ends inside an object; expected ',' or '}'", offset: index)
        }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return true
        }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return false
        }
        throw Failure(message: "unexpected \(describeByte(at: index)); expected ',' or '}'", offset: index)
    }

    /// Opens the array whose `[` is at ``index``; `false` when it is empty (the `]` is then consumed too).
    /// When it is not empty, ``index`` is left at the first element.
    mutating func openArray() throws(Failure) -> Bool {
        try enter()
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After an element: `true` when another follows (``index`` is then at it), `false` after the closing `]`.
    mutating func closeElement() throws(Failure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else {
            throw Failure(message: "the JSON ends inside an array; expected ',' or ']'", offset: index)
        }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            return true
        }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return false
        }
        throw Failure(message: "unexpected \(describeByte(at: index)); expected ',' or ']'", offset: index)
    }

    /// Checks the value at ``index`` exactly as ``parseValue()`` would, without keeping it: arrays and
    /// objects are walked member by member, so skipping a large value holds only one scalar at a time.
    mutating func skipValue() throws(Failure) {
        guard index < bytes.count else {
            throw Failure(message: "the JSON ends too early; expected a value", offset: index)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            if try openObject() {
                repeat {
                    _ = try readKey()
                    try skipValue()
                } while try closeMember()
            }
        case UInt8(ascii: "["):
            if try openArray() {
                repeat {
                    try skipValue()
                } while try closeElement()
            }
        default:
            _ = try parseScalar()
        }
    }
}
