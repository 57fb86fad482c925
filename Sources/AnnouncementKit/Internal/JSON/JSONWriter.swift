/// Small helpers that write JSON text: quoting strings and formatting numbers.
enum JSONWriter {
    /// `value` as a JSON string literal, with the escapes RFC 8259 requires.
    static func quote(_ value: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count + 2)
        quote(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as a JSON string literal. Works on UTF-8 bytes: only ASCII is ever escaped,
    /// and every byte of a multi-byte character is 0x80 or above, so it is copied as it is.
    static func quote(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                output.append(byte)
                continue
            }
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            default:
                let hex: StaticString = "0123456789abcdef"
                output.append(UInt8(ascii: "u"))
                output.append(UInt8(ascii: "0"))
                output.append(UInt8(ascii: "0"))
                output.append(hex.utf8Start[Int(byte >> 4)])
                output.append(hex.utf8Start[Int(byte & 0x0F)])
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// A number as JSON: integers without a fraction, others in Swift's shortest round-trip form.
    static func format(number: Double) -> String {
        if let exact = Int64(exactly: number), abs(number) <= 9_007_199_254_740_992 {
            return String(exact)
        }
        return number.description
    }

    /// Writes compact JSON with object keys sorted, so equal values give equal text.
    static func write(_ value: JSONValue, to output: inout String) {
        var bytes: [UInt8] = []
        write(value, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends compact JSON with object keys sorted, as UTF-8.
    static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: format(number: number).utf8)
        case .string(let string): quote(string, to: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(item, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                quote(key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(members[key]!, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
