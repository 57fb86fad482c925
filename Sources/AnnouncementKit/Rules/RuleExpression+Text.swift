extension RuleExpression {
    /// `in`, `cat`, `substr`, `starts_with` and `ends_with`: the operators that read or build text.
    /// Text read is charged to `budget` before it is read, and text built before it is built.
    static func computeText(
        _ op: RuleOperator, _ values: [JSONValue], budget: inout RuleBudget
    ) throws(RuleError) -> JSONValue {
        switch op {
        case .contains:
            switch values[1] {
            case .string(let text):
                let needle = try JSCoercion.string(values[0], budget: &budget)
                try budget.read(bytes: text.utf8.count + needle.utf8.count)
                return .bool(JSCoercion.contains(text, needle))
            case .array(let items):
                for item in items where try JSCoercion.strictlyEquals(item, values[0], budget: &budget) {
                    return true
                }
                return false
            default:
                return false
            }
        case .concatenate:
            var parts: [String] = []
            parts.reserveCapacity(values.count)
            var count = 0
            for value in values {
                let part = try JSCoercion.string(value, budget: &budget)
                count += part.utf8.count
                parts.append(part)
            }
            try budget.build(bytes: count)
            return .string(parts.joined())
        case .substring:
            return .string(try substring(values, budget: &budget))
        default:  // starts_with, ends_with
            // flagd: anything but two strings does not match.
            guard case .string(let text) = values[0], case .string(let affix) = values[1] else { return false }
            let textBytes = text.utf8
            let affixBytes = affix.utf8
            guard affixBytes.count <= textBytes.count else { return false }
            try budget.read(bytes: affixBytes.count)
            return .bool(
                op == .startsWith
                    ? textBytes.starts(with: affixBytes)
                    : textBytes.suffix(affixBytes.count).elementsEqual(affixBytes))
        }
    }

    /// JSON Logic's `substr` over UTF-16 code units: a negative start counts from the end, a
    /// negative length leaves that many units off the end.
    private static func substring(_ values: [JSONValue], budget: inout RuleBudget) throws(RuleError) -> String {
        let text = try JSCoercion.string(values[0], budget: &budget)
        try budget.read(bytes: text.utf8.count)
        let size = Double(text.utf16.count)
        var start = JSCoercion.integer(try JSCoercion.number(values[1], budget: &budget))
        start = start < 0 ? max(size + start, 0) : min(start, size)
        var end = size
        if values.count > 2 {
            let length = try JSCoercion.number(values[2], budget: &budget)
            if length < 0 {
                // substr(start) first, then that string without its last -length units.
                let rest = size - start
                end = start + min(max(JSCoercion.integer(rest + length), 0), rest)
            } else {
                end = min(start + JSCoercion.integer(length), size)
            }
        }
        let lower = Int(start)
        let upper = max(Int(end), lower)
        let result = utf16Slice(of: text, from: lower, to: upper)
        try budget.build(bytes: result.utf8.count)
        return result
    }

    /// The code units `lower..<upper` of `text`'s UTF-16 form, as a string: half of a surrogate pair
    /// cut by either end becomes U+FFFD, as decoding those units would make it.
    static func utf16Slice(of text: String, from lower: Int, to upper: Int) -> String {
        guard lower < upper else { return "" }
        let utf8 = text.utf8
        if utf8.count == text.utf16.count {
            // ASCII: code units and bytes are the same.
            let start = utf8.index(utf8.startIndex, offsetBy: lower)
            return String(text[start..<utf8.index(start, offsetBy: upper - lower)])
        }
        var result = ""
        var offset = 0
        for scalar in text.unicodeScalars {
            let start = offset
            offset += scalar.value > 0xFFFF ? 2 : 1
            if offset <= lower { continue }
            if start >= upper { break }
            let inside = min(offset, upper) - max(start, lower)
            result.unicodeScalars.append(inside == offset - start ? scalar : "\u{FFFD}")
        }
        return result
    }
}
