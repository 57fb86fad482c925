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
            let count = affix.utf8.count
            guard count <= text.utf8.count else { return false }
            try budget.read(bytes: count)
            return .bool(JSCoercion.hasAffix(text, affix, atEnd: op == .endsWith))
        }
    }

    /// JSON Logic's `substr` over UTF-16 code units: a negative start counts from the end, a
    /// negative length leaves that many units off the end.
    private static func substring(_ values: [JSONValue], budget: inout RuleBudget) throws(RuleError) -> String {
        let text = try JSCoercion.string(values[0], budget: &budget)
        // Counted, then walked to the ends, then copied: as dear as parsing it.
        try budget.parse(bytes: text.utf8.count)
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
        let result = JSCoercion.utf16Slice(of: text, from: lower, to: upper)
        try budget.build(bytes: result.utf8.count)
        return result
    }
}
