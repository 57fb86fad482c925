/// Strings: finding where one ends, and decoding its escapes when it has them.
extension JSONParser {
    /// The text of the string that `bytes` hold from the quote at `offset` to the one at `end`, which the
    /// parser has already read.
    static func text(of bytes: UnsafeBufferPointer<UInt8>, quotedAt offset: Int, end: Int, hasEscapes: Bool) -> String {
        guard hasEscapes else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(offset + 1)..<end]), as: UTF8.self)
        }
        var parser = JSONParser(bytes: bytes, start: offset)
        do {
            return String(decoding: try parser.unescapedString(), as: UTF8.self)
        } catch {
            preconditionFailure("a string that was read once no longer parses: \(error.message)")
        }
    }

    /// Reads the string whose opening quote is at ``index``, leaving ``index`` after its closing quote:
    /// where the closing quote is, and whether the string has escapes.
    mutating func scanString() throws(Failure) -> (end: Int, hasEscapes: Bool) {
        let start = index
        // Fast path: no escapes, so the string is the bytes up to the closing quote.
        index = nextSpecialStringByte(from: index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return (index - 1, false)
        }
        index = start
        _ = try unescapedString()
        return (index - 1, true)
    }

    /// Reads the string whose opening quote is at ``index``, leaving ``index`` after its closing quote, and
    /// returns its UTF-8 with the escapes decoded.
    private mutating func unescapedString() throws(Failure) -> [UInt8] {
        let start = index
        index += 1
        var unescaped: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return unescaped
            case UInt8(ascii: "\\"):
                try parseEscape(into: &unescaped)
            case 0..<0x20:
                throw Failure(
                    message: "a control character (\(hex(byte))) inside a string must be escaped", offset: index)
            default:
                let runEnd = nextSpecialStringByte(from: index)
                unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<runEnd]))
                index = runEnd
            }
        }
        throw Failure(message: "the JSON ends inside a string that starts here", offset: start)
    }

    /// The offset of the first quote, backslash or control character at or after `offset`, or the end.
    @inline(__always)
    private func nextSpecialStringByte(from offset: Int) -> Int {
        ByteScan.first(
            in: bytes, from: offset,
            flags: { chunk in
                ByteScan.equal(chunk, UInt8(ascii: "\"")) .| ByteScan.equal(chunk, UInt8(ascii: "\\"))
                    .| ByteScan.below(chunk, 0x20)
            },
            matches: { byte in byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 })
    }

    private mutating func parseEscape(into scratch: inout [UInt8]) throws(Failure) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else {
            throw Failure(message: "the JSON ends inside an escape sequence", offset: escapeStart)
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw Failure(message: "\\u escape is an unpaired high surrogate", offset: escapeStart)
                }
                index += 2
                let low = try parseHex4(escapeStart: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw Failure(message: "\\u escape is an unpaired high surrogate", offset: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw Failure(message: "\\u escape is an unpaired low surrogate", offset: escapeStart)
            }
            appendUTF8(scalar, to: &scratch)
        default:
            throw Failure(
                message: "invalid escape '\\\(Character(Unicode.Scalar(byte)))' in a string", offset: escapeStart)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else {
            throw Failure(message: "\\u must be followed by four hex digits", offset: escapeStart)
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw Failure(message: "\\u must be followed by four hex digits", offset: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func appendUTF8(_ scalar: UInt32, to scratch: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (scalar >> 6)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (scalar >> 12)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (scalar >> 18)))
            scratch.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}
