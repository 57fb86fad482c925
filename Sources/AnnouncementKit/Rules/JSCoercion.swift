/// The JavaScript conversions and comparisons that JSON Logic inherits from its reference engine:
/// truthiness, `ToNumber`, `ToString`, `parseFloat`, loose and strict equality and relational
/// comparison, applied to ``JSONValue``s.
///
/// Two deliberate differences from JavaScript: arrays and objects compare by value, not by
/// identity (a rule cannot hold references), and values nested more than ``maximumDepth`` deep
/// are not looked into (they convert to the empty string and compare unequal) so that no input
/// can exhaust the stack.
enum JSCoercion {
    /// Deepest nesting that conversions and comparisons look into.
    static let maximumDepth = 512

    // MARK: - Truthiness

    /// JSON Logic truthiness: `false`, `0`, `NaN`, `""`, `null` and `[]` are falsy; everything else,
    /// including `"0"` and `{}`, is truthy.
    static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let flag): flag
        case .number(let number): number != 0 && !number.isNaN
        case .string(let string): !string.isEmpty
        case .array(let items): !items.isEmpty
        case .object: true
        }
    }

    // MARK: - ToPrimitive, ToNumber, ToString

    /// `ToPrimitive`: arrays and objects become their string form; other values are unchanged.
    static func primitive(_ value: JSONValue, budget: inout RuleBudget) throws(RuleError) -> JSONValue {
        switch value {
        case .array, .object: .string(try string(value, budget: &budget))
        default: value
        }
    }

    /// JavaScript `ToNumber`: `null` → 0, booleans → 0 or 1, strings by the numeric-literal grammar
    /// (anything else is `NaN`), arrays through their string form, objects → `NaN`.
    static func number(_ value: JSONValue, budget: inout RuleBudget) throws(RuleError) -> Double {
        switch value {
        case .null: return 0
        case .bool(let flag): return flag ? 1 : 0
        case .number(let number): return number
        case .string(let text):
            try budget.parse(bytes: text.utf8.count)
            return number(fromString: text)
        case .array:
            let text = try string(value, budget: &budget)
            try budget.parse(bytes: text.utf8.count)
            return number(fromString: text)
        case .object: return .nan
        }
    }

    /// JavaScript `ToString`: numbers in JavaScript's shortest form (`1`, `1.5`, `1e+21`), arrays
    /// joined with commas (`null` elements empty), objects as `[object Object]`. Every element of an
    /// array and every byte of the text built is charged to `budget`.
    static func string(_ value: JSONValue, budget: inout RuleBudget) throws(RuleError) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return string(fromNumber: number)
        case .string(let text): return text
        case .object: return "[object Object]"
        case .array:
            var output: [UInt8] = []
            try append(value, to: &output, depth: 0, budget: &budget)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Appends the string form of an array or of one of its elements (where `null` is empty).
    private static func append(
        _ value: JSONValue, to output: inout [UInt8], depth: Int, budget: inout RuleBudget
    ) throws(RuleError) {
        switch value {
        case .null:
            break
        case .string(let text):
            try budget.build(bytes: text.utf8.count)
            output.append(contentsOf: text.utf8)
        case .array(let items):
            guard depth < maximumDepth else { return }
            try budget.build(bytes: max(items.count - 1, 0))  // the commas
            for (index, item) in items.enumerated() {
                try budget.spend()
                if index > 0 { output.append(UInt8(ascii: ",")) }
                try append(item, to: &output, depth: depth + 1, budget: &budget)
            }
        case .number(let number) where number.rounded(.towardZero) == number && abs(number) < 1e15:
            // A whole number (the usual element): its digits, without a string in between.
            try budget.build(bytes: 16)
            if number < 0 { output.append(UInt8(ascii: "-")) }
            var magnitude = UInt64(abs(number))
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                var index = digits.count
                repeat {
                    index -= 1
                    digits[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index...]))
            }
        default:
            let text = try string(value, budget: &budget)
            try budget.build(bytes: text.utf8.count)
            output.append(contentsOf: text.utf8)
        }
    }

    /// JavaScript `Number.prototype.toString()`: the shortest digits that read back as the same
    /// number, without an exponent from 1e-6 up to 1e21.
    static func string(fromNumber number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == 0 { return "0" }
        // Whole numbers that are exact in a Double: written in full, as JavaScript does below 1e21.
        if number.rounded(.towardZero) == number, abs(number) <= 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        // Swift's description has the same shortest round-trip digits; only the layout differs.
        var digits: [UInt8] = []
        var integerDigits = 0
        var exponent = 0
        var exponentSign = 1
        var part = 0  // 0: before the point, 1: after it, 2: the exponent
        for byte in abs(number).description.utf8 {
            switch byte {
            case UInt8(ascii: "."): part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            case UInt8(ascii: "-"): exponentSign = -1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if part == 2 {
                    exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                } else {
                    digits.append(byte)
                    if part == 0 { integerDigits += 1 }
                }
            default: break
            }
        }
        var point = integerDigits + exponentSign * exponent
        let leadingZeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leadingZeros)
        point -= leadingZeros
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return layout(digits: digits, point: point, negative: number < 0)
    }

    /// JavaScript's layout of the significant `digits` of a number whose decimal point is `point`
    /// digits from their start.
    private static func layout(digits: [UInt8], point: Int, negative: Bool) -> String {
        let zero = UInt8(ascii: "0")
        let count = digits.count
        var output: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        output.reserveCapacity(count + 8)
        if count <= point && point <= 21 {
            output += digits
            output += repeatElement(zero, count: point - count)
        } else if 0 < point && point <= 21 {
            output += digits[..<point]
            output.append(UInt8(ascii: "."))
            output += digits[point...]
        } else if -6 < point && point <= 0 {
            output += [zero, UInt8(ascii: ".")]
            output += repeatElement(zero, count: -point)
            output += digits
        } else {
            let power = point - 1
            output.append(digits[0])
            if count > 1 {
                output.append(UInt8(ascii: "."))
                output += digits[1...]
            }
            output += [UInt8(ascii: "e"), power < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")]
            output += String(abs(power)).utf8
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// JavaScript `StringToNumber`: surrounding white space is ignored, the empty string is 0,
    /// `0x`/`0o`/`0b` integers and `Infinity` are read, anything that is not a numeric literal is `NaN`.
    ///
    /// Linear in the length of `text`: white space (which may be any Unicode space) is trimmed scalar by
    /// scalar from both ends, and what is left is read as bytes in place, since a numeric literal is ASCII.
    static func number(fromString text: String) -> Double {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhiteSpace($0) }),
            let last = scalars.lastIndex(where: { !isWhiteSpace($0) })
        else { return 0 }
        let lower = text.utf8.distance(from: text.startIndex, to: first)
        let upper = text.utf8.distance(from: text.startIndex, to: scalars.index(after: last))
        var text = text
        return text.withUTF8 { all in
            let bytes = UnsafeBufferPointer(rebasing: all[lower..<upper])
            if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
                let radix: Double? =
                    switch bytes[1] {
                    case UInt8(ascii: "x"), UInt8(ascii: "X"): 16
                    case UInt8(ascii: "o"), UInt8(ascii: "O"): 8
                    case UInt8(ascii: "b"), UInt8(ascii: "B"): 2
                    default: nil
                    }
                if let radix { return integer(UnsafeBufferPointer(rebasing: bytes[2...]), radix: radix) }
            }
            guard decimalLiteralLength(bytes) == bytes.count else { return .nan }
            return decimal(bytes)
        }
    }

    /// JavaScript `parseFloat(String(value))`: leading white space skipped, then the longest prefix that
    /// is a decimal literal; `NaN` when there is none.
    static func parseFloat(_ value: JSONValue, budget: inout RuleBudget) throws(RuleError) -> Double {
        if case .number(let number) = value { return number }
        var text = try string(value, budget: &budget)
        try budget.parse(bytes: text.utf8.count)
        let scalars = text.unicodeScalars
        let start = text.utf8.distance(
            from: text.startIndex, to: scalars.firstIndex { !isWhiteSpace($0) } ?? scalars.endIndex)
        return text.withUTF8 { all in
            let rest = UnsafeBufferPointer(rebasing: all[start...])
            guard let length = decimalLiteralLength(rest) else { return .nan }
            return decimal(UnsafeBufferPointer(rebasing: rest[..<length]))
        }
    }

    /// JavaScript `ToIntegerOrInfinity`: `NaN` → 0, otherwise truncated toward zero.
    static func integer(_ number: Double) -> Double {
        number.isNaN ? 0 : number.rounded(.towardZero)
    }

    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x2028, 0x2029, 0xFEFF: true
        case ..<0x80: false
        default: scalar.properties.generalCategory == .spaceSeparator
        }
    }

    private static func integer(_ digits: UnsafeBufferPointer<UInt8>, radix: Double) -> Double {
        var value = 0.0
        for byte in digits {
            let digit: UInt8 =
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
                case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
                default: 99
                }
            guard Double(digit) < radix else { return .nan }
            value = value * radix + Double(digit)
        }
        return value
    }

    private static let infinity = Array("Infinity".utf8)

    /// Length of the longest prefix matching `[+-]? (Infinity | digits [. digits?] | . digits) ([eE] [+-]? digits)?`.
    private static func decimalLiteralLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        if bytes[index...].starts(with: infinity) { return index + infinity.count }
        let integerStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        var digitCount = index - integerStart
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            let fractionStart = index + 1
            var end = fractionStart
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            if digitCount > 0 || end > fractionStart {
                digitCount += end - fractionStart
                index = end
            }
        }
        guard digitCount > 0 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var end = index + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
            let exponentStart = end
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            if end > exponentStart { index = end }
        }
        return index
    }

    /// Reads bytes already known to be a decimal literal (or `±Infinity`).
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
        let negative = bytes.first == UInt8(ascii: "-")
        let unsigned = negative || bytes.first == UInt8(ascii: "+") ? bytes.dropFirst() : bytes[...]
        // The grammar has been checked, so `Double` (strtod) reads exactly what JavaScript would.
        let magnitude =
            unsigned.elementsEqual(infinity) ? .infinity : Double(String(decoding: unsigned, as: UTF8.self)) ?? .nan
        return negative ? -magnitude : magnitude
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Equality and comparison

    /// JavaScript `===`, except that arrays and objects compare by value.
    static func strictlyEquals(
        _ left: JSONValue, _ right: JSONValue, budget: inout RuleBudget
    ) throws(RuleError) -> Bool {
        try sameValue(left, right, depth: 0, budget: &budget)
    }

    /// JavaScript `==`: `null` equals only `null`; booleans and strings meet other types as numbers;
    /// arrays and objects meet primitives through their string form.
    static func looselyEquals(
        _ left: JSONValue, _ right: JSONValue, budget: inout RuleBudget
    ) throws(RuleError) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.bool(let flag), _): return try looselyEquals(.number(flag ? 1 : 0), right, budget: &budget)
        case (_, .bool(let flag)): return try looselyEquals(left, .number(flag ? 1 : 0), budget: &budget)
        case (.number(let value), .string(let text)), (.string(let text), .number(let value)):
            try budget.parse(bytes: text.utf8.count)
            return value == number(fromString: text)
        case (.array, .array), (.array, .object), (.object, .array), (.object, .object):
            return try sameValue(left, right, depth: 0, budget: &budget)
        case (.array, _), (.object, _):
            return try looselyEquals(primitive(left, budget: &budget), right, budget: &budget)
        case (_, .array), (_, .object):
            return try looselyEquals(left, primitive(right, budget: &budget), budget: &budget)
        default:
            return try sameValue(left, right, depth: 0, budget: &budget)
        }
    }

    /// Value equality, one operation per pair of values compared and the bytes of equal-length strings
    /// read.
    private static func sameValue(
        _ left: JSONValue, _ right: JSONValue, depth: Int, budget: inout RuleBudget
    ) throws(RuleError) -> Bool {
        try budget.spend()
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)):
            // Byte for byte: JavaScript compares code units, never canonical equivalents.
            guard a.utf8.count == b.utf8.count else { return false }
            try budget.read(bytes: a.utf8.count)
            return sameUnits(a, b)
        case (.array(let a), .array(let b)):
            guard depth < maximumDepth, a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !(try sameValue(x, y, depth: depth + 1, budget: &budget)) { return false }
            return true
        case (.object(let a), .object(let b)):
            guard depth < maximumDepth, a.count == b.count else { return false }
            for (key, value) in a {
                guard let other = b[key], try sameValue(value, other, depth: depth + 1, budget: &budget) else {
                    return false
                }
            }
            return true
        default: return false
        }
    }

    /// JavaScript's abstract relational comparison `left < right`: two strings compare by UTF-16 code
    /// units, anything else as numbers; `nil` when a side is `NaN` (JavaScript's `undefined`).
    static func lessThan(
        _ left: JSONValue, _ right: JSONValue, budget: inout RuleBudget
    ) throws(RuleError) -> Bool? {
        let left = try primitive(left, budget: &budget)
        let right = try primitive(right, budget: &budget)
        if case .string(let a) = left, case .string(let b) = right {
            try budget.read(bytes: min(a.utf8.count, b.utf8.count))
            return utf16Precedes(a, b)
        }
        let a = try number(left, budget: &budget)
        let b = try number(right, budget: &budget)
        if a.isNaN || b.isNaN { return nil }
        return a < b
    }

    /// JavaScript `left <= right`: false when either side is `NaN`.
    static func lessThanOrEqual(
        _ left: JSONValue, _ right: JSONValue, budget: inout RuleBudget
    ) throws(RuleError) -> Bool {
        guard let greater = try lessThan(right, left, budget: &budget) else { return false }
        return !greater
    }
}
