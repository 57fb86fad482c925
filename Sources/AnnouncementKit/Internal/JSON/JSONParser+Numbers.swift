/// Numbers, read as RFC 8259 writes them.
extension JSONParser {
    /// Reads the number at ``index`` (its `-` or first digit), leaving ``index`` after it. Integers of up to
    /// 15 digits are converted directly; anything else through `Double(String)`, which must be finite.
    mutating func parseNumber() throws(Failure) -> Double {
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

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
