extension RuleExpression {
    /// Deepest nesting of arrays and objects a rule may have: the JSON parser's limit, so that any rule
    /// read from a feed fits and a rule built in code cannot exhaust the stack.
    static let maximumDepth = 256

    /// Operators people try that are not here, with what to do instead.
    private static let hints: [String: String] = [
        "log": "log is left out because a targeting rule has no side effects",
        "$ref": "shared evaluators ($ref) are not part of the feed format; write the rule in place",
        "fractionalEvaluation": #"use "fractional" with {"var": ...} as its first argument"#,
        "=": #"use "==" or "===""#,
    ]

    /// Parses `value`, found at `path` inside the rule, checking operators, argument counts and the
    /// literal arguments of the flagd operators.
    init(parsing value: JSONValue, path: String, depth: Int = 0) throws(RuleError) {
        try self.init(parsing: value, path: { path }, depth: depth)
    }

    /// ``init(parsing:path:depth:)`` with the path written out only if a problem is reported (or an
    /// operator that can fail at evaluation keeps it): rules are parsed for every feed load, and
    /// building a path string for each of their values cost more than the rest of the parse.
    init(parsing value: JSONValue, path: () -> String, depth: Int = 0) throws(RuleError) {
        guard depth <= Self.maximumDepth else {
            throw RuleError(
                message: "the rule is nested more than \(Self.maximumDepth) levels deep; flatten it, for example one "
                    + #""and" with many arguments instead of nested ones"#,
                path: path())
        }
        switch value {
        case .array(let items):
            var elements: [RuleExpression] = []
            elements.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                elements.append(
                    try RuleExpression(parsing: item, path: { JSONPath.element(path(), index) }, depth: depth + 1))
            }
            self = elements.allSatisfy(\.isLiteral) ? .literal(value) : .array(elements)
        case .object(let members):
            if members.count == 1, let (name, arguments) = members.first {
                self = try Self.parseOperation(
                    name, arguments, path: { JSONPath.member(path(), name) }, depth: depth + 1)
                return
            }
            // JSON Logic reads an object with zero or several keys as data. One that carries an operator
            // next to other keys is almost certainly a mistake that would otherwise be silently truthy.
            if let name = members.keys.sorted().first(where: { RuleOperator(rawValue: $0) != nil }) {
                let others = members.keys.filter { $0 != name }.sorted().map(JSONWriter.quote)
                throw RuleError(
                    message: "the object has the operator \(JSONWriter.quote(name)) and other keys ("
                        + others.joined(separator: ", ")
                        + "); an operation is an object with exactly one key, so move the other keys out",
                    path: path())
            }
            self = .literal(value)
        default:
            self = .literal(value)
        }
    }

    private static func parseOperation(
        _ name: String, _ arguments: JSONValue, path: () -> String, depth: Int
    ) throws(RuleError) -> RuleExpression {
        guard let op = RuleOperator(rawValue: name) else {
            var message =
                "unsupported operator \(JSONWriter.quote(name)); supported: "
                + RuleOperator.supportedNames.joined(separator: ", ")
            if let hint = hints[name] { message += " (\(hint))" }
            throw RuleError(message: message, path: path())
        }
        if op == .fractional {
            let text = path()
            return .fractional(try FractionalSplit(parsing: arguments, path: text, depth: depth), path: text)
        }
        let values: [JSONValue]
        let argumentDepth: Int
        let isArray: Bool
        if case .array(let items) = arguments {
            values = items
            argumentDepth = depth + 1
            isArray = true
        } else {
            values = [arguments]
            argumentDepth = depth
            isArray = false
        }
        func argumentPath(_ index: Int) -> String {
            isArray ? JSONPath.element(path(), index) : path()
        }
        guard op.arity.contains(values.count) else {
            throw RuleError(
                message:
                    "\(JSONWriter.quote(name)) takes \(describe(op.arity)), found \(values.count); write \(op.usage)",
                path: path())
        }
        try checkLiterals(op, values, argumentPath)
        var parsed: [RuleExpression] = []
        parsed.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            parsed.append(try RuleExpression(parsing: value, path: { argumentPath(index) }, depth: argumentDepth))
        }
        return .operation(op, parsed, path: op.canFailWhenEvaluated ? path() : nil)
    }

    /// Checks the arguments that are written as plain values where flagd's schema restricts them.
    private static func checkLiterals(
        _ op: RuleOperator, _ values: [JSONValue], _ path: (Int) -> String
    ) throws(RuleError) {
        switch op {
        case .variable:
            if case .string(let key)? = values.first, key.hasPrefix("$flagd.") {
                let property = String(key.dropFirst("$flagd.".count))
                guard RuleOperator.flagdProperties.contains(property) else {
                    throw RuleError(
                        message: "\(JSONWriter.quote(key)) is not a flagd property; \"$flagd\" holds only "
                            + #""flagKey" (the announcement id) and "timestamp" (now, in Unix seconds)"#,
                        path: path(0))
                }
            }
        case .missingSome:
            if isPlain(values[0]) {
                guard case .number = values[0] else {
                    throw RuleError(
                        message: "the first argument of \"missing_some\" is how many keys must be present, a number; "
                            + "found \(describe(values[0]))",
                        path: path(0))
                }
            }
            if isPlain(values[1]) {
                throw RuleError(
                    message:
                        "the second argument of \"missing_some\" is an array of keys; found \(describe(values[1]))",
                    path: path(1))
            }
        case .semVer:
            for index in [0, 2] where isPlain(values[index]) {
                guard case .string(let text) = values[index], SemanticVersion(text) != nil else {
                    throw RuleError(
                        message: "\(describe(values[index])) is not a version; write MAJOR[.MINOR[.PATCH]]"
                            + #"[-PRERELEASE], such as "2.5.0", or an expression such as {"var": "appVersion"}"#,
                        path: path(index))
                }
            }
            if isPlain(values[1]) {
                guard case .string(let comparison) = values[1], RuleOperator.semVerComparisons.contains(comparison)
                else {
                    throw RuleError(
                        message: "unknown \"sem_ver\" comparison \(describe(values[1])); use one of =, !=, <, <=, >, "
                            + ">=, ^ (same major version) or ~ (same major and minor version)",
                        path: path(1))
                }
            }
        case .startsWith, .endsWith:
            for (index, value) in values.enumerated() where isPlain(value) {
                guard case .string = value else {
                    throw RuleError(
                        message: "\(JSONWriter.quote(op.rawValue)) compares strings; found \(describe(value)), "
                            + "so quote it or use an expression",
                        path: path(index))
                }
            }
        default:
            break
        }
    }

    /// Whether `value` is written as a plain value (not an array or object, which may be expressions).
    static func isPlain(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: false
        default: true
        }
    }

    /// Whether `value` is an array.
    static func isArray(_ value: JSONValue) -> Bool {
        if case .array = value { return true }
        return false
    }

    /// A short description of a value for messages: `the number 0`, `the string "x"`, `an array`.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "the boolean \(flag)"
        case .number(let number): "the number \(JSONWriter.format(number: number))"
        case .string(let text):
            "the string \(JSONWriter.quote(text.count > 40 ? String(text.prefix(40)) + "…" : text))"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private static func describe(_ arity: ClosedRange<Int>) -> String {
        func arguments(_ count: Int) -> String { count == 1 ? "1 argument" : "\(count) arguments" }
        if arity.lowerBound == arity.upperBound { return "exactly " + arguments(arity.lowerBound) }
        if arity.upperBound == Int.max { return "at least " + arguments(arity.lowerBound) }
        return "\(arity.lowerBound) to \(arity.upperBound) arguments"
    }
}
