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

    // The parser's state, read and moved only by the parser itself (its extensions by what they read:
    // structure, strings, numbers).

    /// The document.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the parser is: the offset of the next byte to read.
    var index: Int
    /// How many arrays and objects are open at ``index``.
    var depth: Int

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
    mutating func parseScalar() throws(Failure) -> JSONTape.Entry {
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

    /// Counts one more open array or object; throws past ``maximumDepth``.
    mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth {
            throw Failure(message: "arrays and objects are nested more than \(Self.maximumDepth) deep", offset: index)
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

    // MARK: - Helpers

    /// Moves ``index`` past spaces, tabs and line breaks.
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// `byte` as `0x` and two upper-case hex digits.
    func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    /// The byte (or the whole UTF-8 scalar) at `offset` as an error message names it.
    func describeByte(at offset: Int) -> String {
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
