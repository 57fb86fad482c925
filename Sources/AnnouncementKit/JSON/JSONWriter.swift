/// Small helpers that write JSON text: quoting strings and formatting numbers.
enum JSONWriter {
    /// `value` as a JSON string literal, with the escapes RFC 8259 requires.
    static func quote(_ value: String) -> String {
        var output = "\""
        output.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
        return output
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
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += format(number: number)
        case .string(let string): output += quote(string)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                write(item, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                output += quote(key)
                output += ":"
                write(members[key]!, to: &output)
            }
            output += "}"
        }
    }
}
