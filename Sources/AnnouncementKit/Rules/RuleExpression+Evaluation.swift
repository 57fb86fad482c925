extension RuleExpression {
    /// The value of the expression for `data`, with jsonlogic.com (JavaScript) semantics.
    ///
    /// Recursion follows the parsed rule, whose depth ``maximumDepth`` bounds; data is only read.
    func evaluate(in data: JSONValue) throws(RuleError) -> JSONValue {
        switch self {
        case .literal(let value):
            return value
        case .array(let items):
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try item.evaluate(in: data)) }
            return .array(values)
        case .operation(let op, let arguments, let path):
            return try Self.apply(op, arguments, path: path ?? "$", data: data)
        case .fractional(let split, let path):
            return try split.evaluate(in: data, path: path)
        }
    }

    private static func apply(
        _ op: RuleOperator, _ arguments: [RuleExpression], path: String, data: JSONValue
    ) throws(RuleError) -> JSONValue {
        switch op {
        case .ifThenElse, .ternary:
            // Condition/value pairs; a last unpaired argument is the else value.
            var index = 0
            while index + 1 < arguments.count {
                if JSCoercion.isTruthy(try arguments[index].evaluate(in: data)) {
                    return try arguments[index + 1].evaluate(in: data)
                }
                index += 2
            }
            return index < arguments.count ? try arguments[index].evaluate(in: data) : .null
        case .and, .or:
            // The deciding operand: the first falsy one for `and`, the first truthy one for `or`, else the last.
            var value = JSONValue.null
            for argument in arguments {
                value = try argument.evaluate(in: data)
                if JSCoercion.isTruthy(value) == (op == .or) { return value }
            }
            return value
        case .map, .filter, .all, .none, .some, .reduce:
            return try iterate(op, arguments, path: path, data: data)
        default:
            var values: [JSONValue] = []
            values.reserveCapacity(arguments.count)
            for argument in arguments { values.append(try argument.evaluate(in: data)) }
            return try compute(op, values, path: path, data: data)
        }
    }

    /// The array operators: the inner expression sees each element as its data (`reduce`: an object
    /// with `current` and `accumulator`). A value that is not an array counts as an empty one.
    private static func iterate(
        _ op: RuleOperator, _ arguments: [RuleExpression], path: String, data: JSONValue
    ) throws(RuleError) -> JSONValue {
        let scoped = try arguments[0].evaluate(in: data)
        let expression = arguments[1]
        let items: [JSONValue]
        if case .array(let elements) = scoped { items = elements } else { items = [] }
        switch op {
        case .map:
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try expression.evaluate(in: item)) }
            return .array(values)
        case .filter:
            var values: [JSONValue] = []
            for item in items where JSCoercion.isTruthy(try expression.evaluate(in: item)) { values.append(item) }
            return .array(values)
        case .all:
            if items.isEmpty { return false }
            for item in items where !JSCoercion.isTruthy(try expression.evaluate(in: item)) { return false }
            return true
        case .some, .none:
            for item in items where JSCoercion.isTruthy(try expression.evaluate(in: item)) { return .bool(op == .some) }
            return .bool(op == .none)
        default:  // reduce
            var accumulator = arguments.count > 2 ? try arguments[2].evaluate(in: data) : .null
            guard case .array = scoped else { return accumulator }
            for item in items {
                accumulator = try expression.evaluate(in: ["current": item, "accumulator": accumulator])
                // The one place a rule can feed its output back in: keep what it builds bounded, so that
                // the value can neither exhaust the stack (when it is released or compared) nor memory.
                guard isBounded(accumulator) else {
                    throw RuleError(
                        message: "\"reduce\" built a value nested more than \(maximumDepth) deep or with more than "
                            + "\(maximumValueSize) parts; accumulate a number, string or flat array instead",
                        path: path)
                }
            }
            return accumulator
        }
    }

    private static func compute(
        _ op: RuleOperator, _ values: [JSONValue], path: String, data: JSONValue
    ) throws(RuleError) -> JSONValue {
        switch op {
        case .variable:
            return lookup(values.first ?? .null, in: data, default: values.count > 1 ? values[1] : .null)
        case .missing:
            return .array(missingKeys(values, in: data))
        case .missingSome:
            guard case .array(let keys) = values[1] else {
                throw RuleError(
                    message: "the second argument of \"missing_some\" evaluated to \(describe(values[1])), not an "
                        + "array of keys",
                    path: path)
            }
            let missing = missingKeys([values[1]], in: data)
            return Double(keys.count - missing.count) >= JSCoercion.number(values[0]) ? [] : .array(missing)
        case .equal: return .bool(JSCoercion.looselyEquals(values[0], values[1]))
        case .notEqual: return .bool(!JSCoercion.looselyEquals(values[0], values[1]))
        case .strictEqual: return .bool(JSCoercion.strictlyEquals(values[0], values[1]))
        case .strictNotEqual: return .bool(!JSCoercion.strictlyEquals(values[0], values[1]))
        case .not: return .bool(!JSCoercion.isTruthy(values[0]))
        case .doubleNot: return .bool(JSCoercion.isTruthy(values[0]))
        case .greater: return .bool(JSCoercion.lessThan(values[1], values[0]) ?? false)
        case .greaterOrEqual: return .bool(JSCoercion.lessThanOrEqual(values[1], values[0]))
        case .less, .lessOrEqual:
            func holds(_ left: JSONValue, _ right: JSONValue) -> Bool {
                op == .less ? JSCoercion.lessThan(left, right) ?? false : JSCoercion.lessThanOrEqual(left, right)
            }
            return .bool(holds(values[0], values[1]) && (values.count < 3 || holds(values[1], values[2])))
        case .contains:
            switch values[1] {
            case .string(let text): return .bool(JSCoercion.contains(text, JSCoercion.string(values[0])))
            case .array(let items): return .bool(items.contains { JSCoercion.strictlyEquals($0, values[0]) })
            default: return false
            }
        case .concatenate:
            return .string(values.map(JSCoercion.string).joined())
        case .substring:
            return .string(substring(values))
        case .add:
            return .number(values.reduce(0) { $0 + JSCoercion.parseFloat($1) })
        case .multiply:
            // JavaScript's reduce without a seed: a single argument comes back unconverted.
            guard values.count > 1 else { return values[0] }
            return .number(
                values.dropFirst().reduce(JSCoercion.parseFloat(values[0])) { $0 * JSCoercion.parseFloat($1) })
        case .subtract:
            let first = JSCoercion.number(values[0])
            return .number(values.count == 1 ? -first : first - JSCoercion.number(values[1]))
        case .divide:
            return .number(JSCoercion.number(values[0]) / JSCoercion.number(values[1]))
        case .remainder:
            return .number(JSCoercion.number(values[0]).truncatingRemainder(dividingBy: JSCoercion.number(values[1])))
        case .minimum, .maximum:
            let numbers = values.map(JSCoercion.number)
            if numbers.contains(where: \.isNaN) { return .number(.nan) }
            return .number((op == .minimum ? numbers.min() : numbers.max()) ?? .nan)
        case .merge:
            var merged: [JSONValue] = []
            for value in values {
                if case .array(let items) = value { merged.append(contentsOf: items) } else { merged.append(value) }
            }
            return .array(merged)
        case .startsWith, .endsWith:
            // flagd: anything but two strings does not match.
            guard case .string(let text) = values[0], case .string(let affix) = values[1] else { return false }
            let bytes = Array(text.utf8)
            let affixBytes = Array(affix.utf8)
            return .bool(
                op == .startsWith
                    ? bytes.starts(with: affixBytes) : bytes.reversed().starts(with: affixBytes.reversed()))
        case .semVer:
            return .bool(semVerHolds(values[0], values[1], values[2]))
        case .ifThenElse, .ternary, .and, .or, .map, .filter, .all, .none, .some, .reduce, .fractional:
            return .null  // evaluated lazily in `apply`, never here
        }
    }

    /// Most parts (containers and elements) a value built by `reduce` may have.
    static let maximumValueSize = 1_000_000

    /// Whether `value` is at most ``maximumDepth`` deep and has at most ``maximumValueSize`` parts;
    /// walked without recursion, and only as far as needed to answer.
    static func isBounded(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: break
        default: return true
        }
        var pending: [(value: JSONValue, depth: Int)] = [(value, 1)]
        var parts = 0
        while let (current, depth) = pending.popLast() {
            guard depth <= maximumDepth else { return false }
            let children: [JSONValue]
            switch current {
            case .array(let items): children = items
            case .object(let members): children = Array(members.values)
            default: children = []
            }
            parts += 1 + children.count
            guard parts <= maximumValueSize else { return false }
            for child in children {
                switch child {
                case .array, .object: pending.append((child, depth + 1))
                default: break
                }
            }
        }
        return true
    }

    /// `var`: the value at a dotted path (array elements by index); `null` or `""` is the whole data.
    /// The default is returned when a step is missing or meets `null`, as in the reference engine.
    static func lookup(_ key: JSONValue, in data: JSONValue, default fallback: JSONValue) -> JSONValue {
        switch key {
        case .null: return data
        case .string(let text) where text.isEmpty: return data
        default: break
        }
        let path: String
        if case .string(let text) = key { path = text } else { path = JSCoercion.string(key) }
        var current = data
        if path.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, so no dot is part of a larger character: split at dot bytes without walking
            // grapheme clusters.
            var rest = Substring(path)
            while true {
                let dot = rest.utf8.firstIndex(of: UInt8(ascii: "."))
                guard let next = step(from: current, into: rest[..<(dot ?? rest.endIndex)]) else { return fallback }
                current = next
                guard let dot else { return current }
                rest = rest[rest.index(after: dot)...]
            }
        }
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard let next = step(from: current, into: component) else { return fallback }
            current = next
        }
        return current
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
    private static func missingKeys(_ values: [JSONValue], in data: JSONValue) -> [JSONValue] {
        let keys: [JSONValue]
        if case .array(let items)? = values.first { keys = items } else { keys = values }
        return keys.filter { key in
            let value = lookup(key, in: data, default: .null)
            return value == .null || value == ""
        }
    }

    /// JSON Logic's `substr` over UTF-16 code units: a negative start counts from the end, a
    /// negative length leaves that many units off the end.
    private static func substring(_ values: [JSONValue]) -> String {
        let units = Array(JSCoercion.string(values[0]).utf16)
        let size = Double(units.count)
        var start = JSCoercion.integer(JSCoercion.number(values[1]))
        start = start < 0 ? max(size + start, 0) : min(start, size)
        var end = size
        if values.count > 2 {
            let length = JSCoercion.number(values[2])
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
        return String(decoding: units[lower..<upper], as: UTF16.self)
    }

    /// flagd's `sem_ver`: both sides must be versions and the comparison known, otherwise false.
    private static func semVerHolds(_ left: JSONValue, _ comparison: JSONValue, _ right: JSONValue) -> Bool {
        guard case .string(let leftText) = left, case .string(let symbol) = comparison,
            case .string(let rightText) = right, let lhs = SemanticVersion(leftText),
            let rhs = SemanticVersion(rightText)
        else { return false }
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
