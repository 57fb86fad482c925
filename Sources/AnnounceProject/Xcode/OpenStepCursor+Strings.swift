extension OpenStepCursor {
    /// Letters, digits and `_ $ / : . - +`: the bytes of an unquoted string.
    static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
            UInt8(ascii: "-"), UInt8(ascii: "+"):
            return true
        default:
            return false
        }
    }

    mutating func parseUnquotedString() -> PlistNode {
        let start = position
        while let byte = current, Self.isUnquoted(byte) { position += 1 }
        return PlistNode(
            kind: .string(String(decoding: bytes[start..<position], as: UTF8.self)), range: start..<position)
    }

    /// A string in `"…"` (or `'…'`) with the escapes `\n \t \r \a \b \f \v \" \\`, `\Uxxxx`
    /// (surrogate pairs joined) and octal `\ooo`.
    mutating func parseQuotedString() throws(XcodeProjectError) -> PlistNode {
        let start = position
        let quote = bytes[position]
        position += 1
        var decoded: [UInt8] = []
        var runStart = position
        while let byte = current {
            if byte == quote {
                decoded.append(contentsOf: bytes[runStart..<position])
                position += 1
                return PlistNode(kind: .string(String(decoding: decoded, as: UTF8.self)), range: start..<position)
            }
            if byte == UInt8(ascii: "\\") {
                decoded.append(contentsOf: bytes[runStart..<position])
                position += 1
                guard current != nil else { break }
                appendEscape(to: &decoded)
                runStart = position
            } else {
                position += 1
            }
        }
        let mark = quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\""
        throw error(.syntax, at: start, "unterminated string: the \(mark) here is never closed")
    }

    /// Decodes the escape after a backslash (the position is on the byte after it).
    private mutating func appendEscape(to decoded: inout [UInt8]) {
        let byte = bytes[position]
        position += 1
        if let value = Self.simpleEscape(byte) {
            decoded.append(value)
        } else if byte == UInt8(ascii: "U") || byte == UInt8(ascii: "u") {
            appendScalar(readHex(maxDigits: 4), to: &decoded)
        } else if (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) {
            var value = UInt32(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, let next = current, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) {
                value = value * 8 + UInt32(next - UInt8(ascii: "0"))
                position += 1
                digits += 1
            }
            appendScalar(value, to: &decoded)
        } else {
            decoded.append(byte)
        }
    }

    private static func simpleEscape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "a"): 0x07
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "v"): 0x0B
        default: nil
        }
    }

    private mutating func readHex(maxDigits: Int) -> UInt32 {
        var value: UInt32 = 0
        var digits = 0
        while digits < maxDigits, let byte = current, let digit = Self.hexValue(byte) {
            value = value * 16 + UInt32(digit)
            position += 1
            digits += 1
        }
        return value
    }

    /// Appends a UTF-16 unit from `\U` or octal as UTF-8, joining a high surrogate with a `\U`
    /// low surrogate right after it; a lone surrogate becomes U+FFFD.
    private mutating func appendScalar(_ unit: UInt32, to decoded: inout [UInt8]) {
        var scalarValue = unit
        if (0xD800...0xDBFF).contains(unit), current == UInt8(ascii: "\\"),
            peek(position + 1) == UInt8(ascii: "U") || peek(position + 1) == UInt8(ascii: "u")
        {
            let saved = position
            position += 2
            let low = readHex(maxDigits: 4)
            if (0xDC00...0xDFFF).contains(low) {
                scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else {
                position = saved
            }
        }
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `<0fbd 7788>`: pairs of hex digits, spaces allowed between them.
    mutating func parseData(context: String) throws(XcodeProjectError) -> PlistNode {
        let start = position
        position += 1
        var data: [UInt8] = []
        var high: UInt8?
        while let byte = current {
            position += 1
            if byte == UInt8(ascii: ">") {
                guard high == nil else { break }
                return PlistNode(kind: .data(data), range: start..<position)
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
            {
                continue
            }
            guard let digit = Self.hexValue(byte) else {
                throw error(.syntax, at: position - 1, "expected a hex digit or '>' in the data of \(context)")
            }
            if let first = high {
                data.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        throw error(.syntax, at: start, "unterminated data: the '<' here needs an even number of hex digits and '>'")
    }
}
