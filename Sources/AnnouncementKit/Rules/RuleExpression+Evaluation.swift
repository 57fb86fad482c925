extension RuleExpression {
    /// The value of the expression for `data`, with jsonlogic.com (JavaScript) semantics, charging the
    /// work and the values built to `budget`.
    ///
    /// Recursion follows the parsed rule, whose depth ``maximumDepth`` bounds; data is only read.
    func evaluate(in data: JSONValue, budget: inout RuleBudget) throws(RuleError) -> JSONValue {
        try budget.spend()
        switch self {
        case .literal(let value):
            return value
        case .array(let items):
            try budget.build(values: items.count)
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try item.evaluate(in: data, budget: &budget)) }
            return .array(values)
        case .operation(let op, let arguments, let path):
            return try Self.apply(op, arguments, path: path ?? "$", data: data, budget: &budget)
        case .fractional(let split, let path):
            return try split.evaluate(in: data, path: path, budget: &budget)
        }
    }

    private static func apply(
        _ op: RuleOperator, _ arguments: [RuleExpression], path: String, data: JSONValue, budget: inout RuleBudget
    ) throws(RuleError) -> JSONValue {
        switch op {
        case .ifThenElse, .ternary:
            // Condition/value pairs; a last unpaired argument is the else value.
            var index = 0
            while index + 1 < arguments.count {
                if JSCoercion.isTruthy(try arguments[index].evaluate(in: data, budget: &budget)) {
                    return try arguments[index + 1].evaluate(in: data, budget: &budget)
                }
                index += 2
            }
            return index < arguments.count ? try arguments[index].evaluate(in: data, budget: &budget) : .null
        case .and, .or:
            // The deciding operand: the first falsy one for `and`, the first truthy one for `or`, else the last.
            var value = JSONValue.null
            for argument in arguments {
                value = try argument.evaluate(in: data, budget: &budget)
                if JSCoercion.isTruthy(value) == (op == .or) { return value }
            }
            return value
        case .map, .filter, .all, .none, .some, .reduce:
            return try iterate(op, arguments, path: path, data: data, budget: &budget)
        case .variable:
            // The commonest operator: its key and default are evaluated without an array to hold them.
            let key = arguments.isEmpty ? JSONValue.null : try arguments[0].evaluate(in: data, budget: &budget)
            let fallback = arguments.count > 1 ? try arguments[1].evaluate(in: data, budget: &budget) : .null
            return try lookup(key, in: data, default: fallback, budget: &budget)
        default:
            var values: [JSONValue] = []
            values.reserveCapacity(arguments.count)
            for argument in arguments { values.append(try argument.evaluate(in: data, budget: &budget)) }
            return try compute(op, values, path: path, data: data, budget: &budget)
        }
    }

    /// The array operators: the inner expression sees each element as its data (`reduce`: an object
    /// with `current` and `accumulator`). A value that is not an array counts as an empty one. Every
    /// element visited costs an operation, besides what the inner expression spends on it.
    private static func iterate(
        _ op: RuleOperator, _ arguments: [RuleExpression], path: String, data: JSONValue, budget: inout RuleBudget
    ) throws(RuleError) -> JSONValue {
        let scoped = try arguments[0].evaluate(in: data, budget: &budget)
        let expression = arguments[1]
        let items: [JSONValue]
        if case .array(let elements) = scoped { items = elements } else { items = [] }
        switch op {
        case .map:
            try budget.build(values: items.count)
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                try budget.spend()
                values.append(try expression.evaluate(in: item, budget: &budget))
            }
            return .array(values)
        case .filter:
            var values: [JSONValue] = []
            for item in items {
                try budget.spend()
                guard JSCoercion.isTruthy(try expression.evaluate(in: item, budget: &budget)) else { continue }
                try budget.build(values: 1)
                values.append(item)
            }
            return .array(values)
        case .all, .some, .none:
            // `all` stops at the first falsy element, `some` and `none` at the first truthy one.
            if op == .all, items.isEmpty { return false }
            for item in items {
                try budget.spend()
                if JSCoercion.isTruthy(try expression.evaluate(in: item, budget: &budget)) != (op == .all) {
                    return .bool(op == .some)
                }
            }
            return .bool(op != .some)
        default:
            return try reduce(items, scoped: scoped, arguments, path: path, data: data, budget: &budget)
        }
    }

    /// `reduce`: the expression sees `{"current": element, "accumulator": value so far}`.
    private static func reduce(
        _ items: [JSONValue], scoped: JSONValue, _ arguments: [RuleExpression], path: String, data: JSONValue,
        budget: inout RuleBudget
    ) throws(RuleError) -> JSONValue {
        var accumulator = arguments.count > 2 ? try arguments[2].evaluate(in: data, budget: &budget) : .null
        guard case .array = scoped else { return accumulator }
        for item in items {
            try budget.spend()
            try budget.build(values: 2)
            accumulator = try arguments[1].evaluate(
                in: ["current": item, "accumulator": accumulator], budget: &budget)
            // The one place a rule can feed its output back in: the budget bounds what it builds, but
            // not how deep, so that the value can never exhaust the stack (when it is released or
            // compared). Walking it is charged: a value that shares its parts cannot stand for a huge one.
            guard try budget.walk(accumulator, depthLimit: maximumDepth) else {
                throw RuleError(
                    message: "\"reduce\" built a value nested more than \(maximumDepth) deep; accumulate a number, "
                        + "string or flat array instead",
                    path: path)
            }
        }
        return accumulator
    }

    private static func compute(
        _ op: RuleOperator, _ values: [JSONValue], path: String, data: JSONValue, budget: inout RuleBudget
    ) throws(RuleError) -> JSONValue {
        switch op {
        case .missing:
            let missing = try missingKeys(values, in: data, budget: &budget)
            try budget.build(values: missing.count)
            return .array(missing)
        case .missingSome:
            guard case .array(let keys) = values[1] else {
                throw RuleError(
                    message: "the second argument of \"missing_some\" evaluated to \(describe(values[1])), not an "
                        + "array of keys",
                    path: path)
            }
            let missing = try missingKeys([values[1]], in: data, budget: &budget)
            let required = try JSCoercion.number(values[0], budget: &budget)
            if Double(keys.count - missing.count) >= required { return [] }
            try budget.build(values: missing.count)
            return .array(missing)
        case .equal, .notEqual:
            return .bool(try JSCoercion.looselyEquals(values[0], values[1], budget: &budget) == (op == .equal))
        case .strictEqual, .strictNotEqual:
            return .bool(try JSCoercion.strictlyEquals(values[0], values[1], budget: &budget) == (op == .strictEqual))
        case .not: return .bool(!JSCoercion.isTruthy(values[0]))
        case .doubleNot: return .bool(JSCoercion.isTruthy(values[0]))
        case .greater: return .bool(try JSCoercion.lessThan(values[1], values[0], budget: &budget) ?? false)
        case .greaterOrEqual: return .bool(try JSCoercion.lessThanOrEqual(values[1], values[0], budget: &budget))
        case .less, .lessOrEqual:
            func holds(_ left: JSONValue, _ right: JSONValue, _ budget: inout RuleBudget) throws(RuleError) -> Bool {
                op == .less
                    ? try JSCoercion.lessThan(left, right, budget: &budget) ?? false
                    : try JSCoercion.lessThanOrEqual(left, right, budget: &budget)
            }
            guard try holds(values[0], values[1], &budget) else { return false }
            return values.count < 3 ? true : .bool(try holds(values[1], values[2], &budget))
        case .contains, .concatenate, .substring, .startsWith, .endsWith:
            return try computeText(op, values, budget: &budget)
        case .multiply where values.count == 1:
            return values[0]  // JavaScript's reduce without a seed: a single argument comes back unconverted.
        case .add, .multiply, .subtract, .divide, .remainder, .minimum, .maximum:
            return .number(try arithmetic(op, values, budget: &budget))
        case .merge:
            var count = 0
            for value in values {
                if case .array(let items) = value { count += items.count } else { count += 1 }
            }
            try budget.spend(count)
            try budget.build(values: count)
            var merged: [JSONValue] = []
            merged.reserveCapacity(count)
            for value in values {
                if case .array(let items) = value { merged.append(contentsOf: items) } else { merged.append(value) }
            }
            return .array(merged)
        case .semVer:
            return .bool(try semVerHolds(values[0], values[1], values[2], budget: &budget))
        case .variable, .ifThenElse, .ternary, .and, .or, .map, .filter, .all, .none, .some, .reduce, .fractional:
            return .null  // evaluated in `apply`, never here
        }
    }

    /// `+`, `*`, `-`, `/`, `%`, `min` and `max`.
    private static func arithmetic(
        _ op: RuleOperator, _ values: [JSONValue], budget: inout RuleBudget
    ) throws(RuleError) -> Double {
        switch op {
        case .add:
            var sum = 0.0
            for value in values { sum += try JSCoercion.parseFloat(value, budget: &budget) }
            return sum
        case .multiply:
            var product = try JSCoercion.parseFloat(values[0], budget: &budget)
            for value in values.dropFirst() { product *= try JSCoercion.parseFloat(value, budget: &budget) }
            return product
        case .subtract:
            let first = try JSCoercion.number(values[0], budget: &budget)
            return values.count == 1 ? -first : first - (try JSCoercion.number(values[1], budget: &budget))
        case .divide:
            return try JSCoercion.number(values[0], budget: &budget) / JSCoercion.number(values[1], budget: &budget)
        case .remainder:
            let dividend = try JSCoercion.number(values[0], budget: &budget)
            return dividend.truncatingRemainder(dividingBy: try JSCoercion.number(values[1], budget: &budget))
        default:  // min, max
            var numbers: [Double] = []
            numbers.reserveCapacity(values.count)
            for value in values { numbers.append(try JSCoercion.number(value, budget: &budget)) }
            if numbers.contains(where: \.isNaN) { return .nan }
            return (op == .minimum ? numbers.min() : numbers.max()) ?? .nan
        }
    }

    /// `var`: the value at a dotted path (array elements by index); `null` or `""` is the whole data.
    /// The default is returned when a step is missing or meets `null`, as in the reference engine.
    static func lookup(
        _ key: JSONValue, in data: JSONValue, default fallback: JSONValue, budget: inout RuleBudget
    ) throws(RuleError) -> JSONValue {
        switch key {
        case .null: return data
        case .string(let text) where text.isEmpty: return data
        default: break
        }
        let path = try JSCoercion.string(key, budget: &budget)
        try budget.read(bytes: path.utf8.count)
        let (hasDot, isASCII) = scan(path)
        if !hasDot {
            try budget.spend()
            return step(from: data, into: path) ?? fallback
        }
        var current = data
        if isASCII {
            // No dot is part of a larger character: split at dot bytes without walking grapheme clusters.
            var rest = Substring(path)
            while true {
                try budget.spend()
                let dot = rest.utf8.firstIndex(of: UInt8(ascii: "."))
                guard let next = step(from: current, into: rest[..<(dot ?? rest.endIndex)]) else { return fallback }
                current = next
                guard let dot else { return current }
                rest = rest[rest.index(after: dot)...]
            }
        }
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            try budget.spend()
            guard let next = step(from: current, into: component) else { return fallback }
            current = next
        }
        return current
    }

    /// Whether `path` holds a dot byte, and whether it is all ASCII, in one pass over its bytes.
    private static func scan(_ path: String) -> (hasDot: Bool, isASCII: Bool) {
        func scan(_ bytes: some Sequence<UInt8>) -> (hasDot: Bool, isASCII: Bool) {
            var hasDot = false
            var isASCII = true
            for byte in bytes {
                if byte == UInt8(ascii: ".") { hasDot = true } else if byte >= 0x80 { isASCII = false }
            }
            return (hasDot, isASCII)
        }
        return path.utf8.withContiguousStorageIfAvailable { scan($0) } ?? scan(path.utf8)
    }

    /// The member or element `key` names in `value`; `nil` when there is none.
    private static func step(from value: JSONValue, into key: String) -> JSONValue? {
        switch value {
        case .object(let members):
            return members[key]
        case .array(let items):
            guard let index = arrayIndex(Substring(key)), index < items.count else { return nil }
            return items[index]
        default:
            return nil
        }
    }

    /// The member or element `component` names in `value`; `nil` when there is none.
    private static func step(from value: JSONValue, into component: Substring) -> JSONValue? {
        switch value {
        case .object(let members):
            return members[String(component)]
        case .array(let items):
            guard let index = arrayIndex(component), index < items.count else { return nil }
            return items[index]
        default:
            return nil
        }
    }

    /// A canonical array index: digits without a leading zero.
    private static func arrayIndex(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), text == "0" || text.first != "0"
        else { return nil }
        return Int(text)
    }

    /// The keys (the first argument when it is an array, else all arguments) whose value is `null`,
    /// `""` or absent.
    private static func missingKeys(
        _ values: [JSONValue], in data: JSONValue, budget: inout RuleBudget
    ) throws(RuleError) -> [JSONValue] {
        let keys: [JSONValue]
        if case .array(let items)? = values.first { keys = items } else { keys = values }
        var missing: [JSONValue] = []
        for key in keys {
            try budget.spend()
            let value = try lookup(key, in: data, default: .null, budget: &budget)
            if value == .null || value == "" { missing.append(key) }
        }
        return missing
    }

    /// flagd's `sem_ver`: both sides must be versions and the comparison known, otherwise false.
    private static func semVerHolds(
        _ left: JSONValue, _ comparison: JSONValue, _ right: JSONValue, budget: inout RuleBudget
    ) throws(RuleError) -> Bool {
        guard case .string(let leftText) = left, case .string(let symbol) = comparison,
            case .string(let rightText) = right
        else { return false }
        // Parsing a version passes over its text several times: one operation a byte.
        try budget.spend(leftText.utf8.count + rightText.utf8.count)
        guard let lhs = SemanticVersion(leftText), let rhs = SemanticVersion(rightText) else { return false }
        switch symbol {
        case "=": return lhs == rhs
        case "!=": return lhs != rhs
        case "<": return lhs < rhs
        case "<=": return lhs <= rhs
        case ">": return lhs > rhs
        case ">=": return lhs >= rhs
        case "^": return lhs.major == rhs.major
        case "~": return lhs.major == rhs.major && lhs.minor == rhs.minor
        default: return false
        }
    }
}
