/// How a targeting rule's answer can change with time alone, worked out once when the rule is parsed.
///
/// The rule data's `now` (and `$flagd.timestamp`, the same number) is the only input that changes while
/// the context stays the same. A rule that never reads it answers the same at every instant. A rule that
/// reads it only as a direct operand of a comparison (`<`, `<=`, `>`, `>=`, `==`, `!=`, `===`, `!==`)
/// whose other operands do not read it changes only where `now` crosses one of those operands'
/// values: its changes can be listed. Any other use of `now` (arithmetic, `in`, a `var` whose path is
/// computed or names the whole data, the array that `map`/`filter`/`reduce`/`all`/`some`/`none` go
/// through, `fractional`) is treated as changing at any time, and the next-change search then re-evaluates the
/// rule at least once a minute.
enum RuleTiming: Sendable {
    /// The answer does not depend on the time.
    case constant
    /// The answer changes only where `now` crosses the value of one of these expressions, none of
    /// which reads the time.
    case thresholds([RuleExpression])
    /// The answer may change at any time.
    case continuous

    /// How often a ``continuous`` rule is evaluated again: every minute.
    static let reevaluationInterval: Double = 60

    /// The timing of `expression`.
    init(of expression: RuleExpression) {
        var analysis = Analysis()
        analysis.visit(expression)
        if analysis.isContinuous {
            self = .continuous
        } else if analysis.thresholds.isEmpty {
            self = .constant
        } else {
            self = .thresholds(analysis.thresholds)
        }
    }

    /// The instants (Unix seconds, whole, as `now` is) at which a comparison with each value in
    /// `values` can change, sorted and without repeats. `now` is a whole number of seconds, so
    /// `now < v` changes at the first whole second not below `v`, and `now <= v` or `now == v` at the
    /// one after: each value gives its floor and the second after it.
    static func instants(crossing values: [Double]) -> [Double] {
        var instants: [Double] = []
        instants.reserveCapacity(values.count * 2)
        for number in values {
            guard number.isFinite else { continue }
            let floor = number.rounded(.down)
            instants.append(floor)
            instants.append(floor + 1)
        }
        instants.sort()
        var unique: [Double] = []
        unique.reserveCapacity(instants.count)
        for instant in instants where unique.last != instant { unique.append(instant) }
        return unique
    }

    /// A walk over the expression that collects the comparison operands `now` is compared with.
    private struct Analysis {
        var thresholds: [RuleExpression] = []
        var isContinuous = false

        /// Visits `expression`, outside any iteration scope.
        mutating func visit(_ expression: RuleExpression) {
            guard !isContinuous else { return }
            switch expression {
            case .literal:
                return
            case .array(let items):
                for item in items { visit(item) }
            case .fractional(let split, _):
                if RuleTiming.mayReadTime(.fractional(split, path: "")) { isContinuous = true }
            case .operation(let op, let arguments, _):
                visit(op, arguments)
            }
        }

        private mutating func visit(_ op: RuleOperator, _ arguments: [RuleExpression]) {
            switch op {
            case .variable:
                // A read of the time is listable only as a comparison operand (see `isNowRead`),
                // and those are not visited.
                if RuleTiming.readsTime(variableArguments: arguments) {
                    isContinuous = true
                    return
                }
                for argument in arguments { visit(argument) }
            case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual, .strictEqual, .strictNotEqual:
                let readsNow = arguments.map(RuleTiming.isNowRead)
                guard readsNow.contains(true) else {
                    for argument in arguments { visit(argument) }
                    return
                }
                for (argument, isNow) in zip(arguments, readsNow) where !isNow {
                    if RuleTiming.mayReadTime(argument) {
                        isContinuous = true
                        return
                    }
                    thresholds.append(argument)
                }
            case .map, .filter, .reduce, .all, .none, .some:
                // Inside the iteration `var` reads the element (and `reduce`'s accumulator), never the
                // data: the answer depends on the time only through the array and the initial value,
                // and a time read there is one whose changes the list cannot follow.
                let inputs = arguments.enumerated().filter { $0.offset != 1 }.map(\.element)
                if inputs.contains(where: RuleTiming.mayReadTime) { isContinuous = true }
            default:
                for argument in arguments { visit(argument) }
            }
        }
    }

    /// Whether `expression` is a `var` that reads exactly the time, `now` or `$flagd.timestamp`, with
    /// no default that reads it: the one read a comparison's changes can be listed for.
    static func isNowRead(_ expression: RuleExpression) -> Bool {
        guard case .operation(.variable, let arguments, _) = expression,
            case .literal(.string(let path))? = arguments.first, path == "now" || path == "$flagd.timestamp"
        else { return false }
        return !arguments.dropFirst().contains(where: mayReadTime)
    }

    /// Whether a `var` with these arguments may read the time: its path is `now` or `$flagd.timestamp`
    /// (or something inside or around them), the whole data, or computed.
    static func readsTime(variableArguments arguments: [RuleExpression]) -> Bool {
        guard let path = arguments.first else { return true }  // no arguments: the whole data
        guard case .literal(let value) = path else { return true }
        let text: String
        switch value {
        case .null: return true
        case .string(let string): text = string
        case .number(let number): text = JSCoercion.string(fromNumber: number)
        case .bool(let flag): text = flag ? "true" : "false"
        case .array, .object: return true
        }
        return text.isEmpty || text == "now" || text.hasPrefix("now.") || text == "$flagd"
            || text.hasPrefix("$flagd.timestamp")
    }

    /// Whether any `var` in `expression` may read the time.
    static func mayReadTime(_ expression: RuleExpression) -> Bool {
        switch expression {
        case .literal:
            return false
        case .array(let items):
            return items.contains(where: mayReadTime)
        case .operation(let op, let arguments, _):
            if op == .variable, readsTime(variableArguments: arguments) { return true }
            return arguments.contains(where: mayReadTime)
        case .fractional(let split, _):
            // Without a key expression the key is the flag key and the targeting key: no time.
            if let key = split.key, mayReadTime(key) { return true }
            return split.buckets.contains { bucket in
                if mayReadTime(bucket.variant) { return true }
                if case .computed(let weight) = bucket.weight { return mayReadTime(weight) }
                return false
            }
        }
    }
}

extension TargetingRule {
    /// Whether the rule's answer can change with time alone.
    var readsTime: Bool {
        if case .constant = timing { return false }
        return true
    }

    /// The instants (Unix seconds) at which the rule's answer can change for `data`, sorted; `nil` when
    /// they cannot be listed and the rule must be evaluated again every
    /// ``RuleTiming/reevaluationInterval``. Empty for a rule that does not read the time.
    func changeInstants(for data: JSONValue) -> [Double]? {
        switch timing {
        case .constant:
            return []
        case .continuous:
            return nil
        case .thresholds(let expressions):
            var values: [Double] = []
            values.reserveCapacity(expressions.count)
            // The operands together get one evaluation's budget: they are parts of the rule.
            var budget = newBudget
            for expression in expressions {
                // An operand that fails to evaluate makes its comparison fail at every instant; once the
                // budget is spent, the rule's evaluations fail too, so what is left cannot change.
                do {
                    let value = try expression.evaluate(in: data, budget: &budget)
                    values.append(try JSCoercion.number(value, budget: &budget))
                } catch {
                    if error.message == RuleError.budgetExceeded.message { break }
                }
            }
            return RuleTiming.instants(crossing: values)
        }
    }
}
