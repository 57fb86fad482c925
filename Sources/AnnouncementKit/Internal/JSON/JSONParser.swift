/// A strict RFC 8259 JSON parser over UTF-8 bytes that records the offset of every value.
///
/// The input must already be valid UTF-8 (see ``UTF8Validation``). Nesting is limited so that
/// hostile input cannot exhaust the stack.
struct JSONParser {
    /// Why the bytes are not JSON, and where.
    struct Failure: Error, Sendable, Equatable {
        var message: String
        var offset: Int
    }

    /// Deepest nesting of arrays and objects accepted.
    static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the parser is: the offset of the next byte to read.
    private(set) var index: Int
    private var depth: Int

    /// A parser at `start`, inside `depth` open arrays and objects (for resuming inside a document).
    init(bytes: UnsafeBufferPointer<UInt8>, start: Int, depth: Int = 0) {
        self.bytes = bytes
        self.index = start
        self.depth = depth
    }

    /// The byte at ``index``; `nil` at the end of the input.
    var currentByte: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Parses one JSON text that fills `bytes` from `start`, allowing surrounding whitespace.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) throws(Failure) -> JSONNode {
        var parser = JSONParser(bytes: bytes, start: start)
        parser.skipWhitespace()
        guard parser.index < bytes.count else {
            throw Failure(message: "the document is empty; expected a JSON object", offset: parser.index)
        }
        let node = try parser.parseValue()
        try parser.finish()
        return node
    }

    // MARK: - Values

    /// Parses the value at ``index`` into a tree.
    mutating func parseValue() throws(Failure) -> JSONNode {
        try parseTape().withRoot(\.tree)
    }

    /// Parses the value at ``index`` onto a tape of its own.
    mutating func parseTape() throws(Failure) -> JSONTape {
        var tape = JSONTape(bytes: bytes)
        try parseValue(into: &tape)
        return tape
    }

    /// Parses the value at ``index`` onto `tape`, replacing what it held.
    mutating func parseValue(into tape: inout JSONTape) throws(Failure) {
        tape.reset(bytes: bytes)
        try appendValue(to: &tape)
    }

    private mutating func appendValue(to tape: inout JSONTape) throws(Failure) {
        guard index < bytes.count else {
            throw Failure(message: "the JSON ends too early; expected a value", offset: index)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            let object = tape.append(JSONTape.Entry(kind: .object, offset: index))
            var count = 0
            if try openObject() {
                repeat {
                    let key = try scanKey()
                    tape.append(
                        JSONTape.Entry(
                            kind: .string, flag: key.hasEscapes, offset: key.offset, payload: UInt64(key.end)))
                    try appendValue(to: &tape)
                    count += 1
                } while try closeMember()
            }
            tape.close(object, count: count)
        case UInt8(ascii: "["):
            let array = tape.append(JSONTape.Entry(kind: .array, offset: index))
            var count = 0
            if try openArray() {
                repeat {
                    try appendValue(to: &tape)
                    count += 1
                } while try closeElement()
            }
            tape.close(array, count: count)
        default:
            tape.append(try parseScalar())
        }
    }

    /// Parses the string, number, `true`, `false` or `null` at ``index``; throws for anything else.
    private mutating func parseScalar() throws(Failure) -> JSONTape.Entry {
        guard index < bytes.count else {
            throw Failure(message: "the JSON ends too early; expected a value", offset: index)
        }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "\""):
            let (end, hasEscapes) = try scanString()
            return JSONTape.Entry(kind: .string, flag: hasEscapes, offset: start, payload: UInt64(end))
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONTape.Entry(kind: .bool, flag: true, offset: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONTape.Entry(kind: .bool, flag: false, offset: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONTape.Entry(kind: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONTape.Entry(kind: .number, offset: start, payload: try parseNumber().bitPattern)
        default:
            throw Failure(message: "unexpected \(describeByte(at: index)); expected a JSON value", offset: index)
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth {
            throw Failure(message: "arrays and objects are nested more than \(Self.maximumDepth) deep", offset: index)
        }
    }

    // MARK: - Streaming

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
    private mutating func scanKey() throws(Failure) -> (offset: Int, end: Int, hasEscapes: Bool) {
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

    /// Checks that only whitespace follows the value that ended at ``index``.
    mutating func finish() throws(Failure) {
        skipWhitespace()
        if index < bytes.count {
            throw Failure(
                message: "unexpected \(describeByte(at: index)) after the end of the JSON value", offset: index)
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        let start = index
        var matched = index + count <= bytes.count
        if matched {
            let pointer = literal.utf8Start
            for offset in 0..<count where bytes[start + offset] != pointer[offset] {
                matched = false
                break
            }
        }
        guard matched else {
            throw Failure(message: "unexpected \(describeByte(at: index)); expected a JSON value", offset: index)
        }
        index += count
    }

    // MARK: - Strings

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
    private mutating func scanString() throws(Failure) -> (end: Int, hasEscapes: Bool) {
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

    // MARK: - Numbers

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw Failure(message: "a number needs digits after '-'", offset: start)
        }
        var integer: UInt64 = 0
        var digits = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw Failure(message: "numbers must not have leading zeros", offset: start)
            }
            digits = 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 18 { integer = integer * 10 + UInt64(bytes[index] - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
        }
        var isSimple = digits <= 15
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isSimple = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw Failure(message: "a number needs digits after '.'", offset: start)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isSimple = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw Failure(message: "a number needs digits in its exponent", offset: start)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if isSimple {
            let magnitude = Double(integer)
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw Failure(message: "the number \(text) is out of range", offset: start)
        }
        return value
    }

    // MARK: - Helpers

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Moves ``index`` past spaces, tabs and line breaks.
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80 {
            // Decode the whole scalar for the message.
            var end = offset + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80, end - offset < 4 { end += 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
            return "'\(text)'"
        }
        return "byte \(hex(byte))"
    }
}
