/// The parsed arguments of flagd's `fractional` operator (version 2):
/// `[optional bucketing key expression, [variant, weight], [variant, weight], ...]`.
///
/// The bucket is `(UInt64(h) × totalWeight) >> 32`, where `h` is MurmurHash3 x86_32 (seed 0) of the
/// UTF-8 of the bucketing key; the variant whose cumulative weight range holds the bucket is returned.
/// Without a key expression the key is `$flagd.flagKey` followed by `targetingKey`.
struct FractionalSplit: Sendable {
    /// A bucket's weight: a whole number written in the rule, or an expression computed at evaluation.
    enum Weight: Sendable {
        /// A whole number from 0 to ``FractionalSplit/maximumTotalWeight``.
        case fixed(UInt64)
        /// An expression; its value is truncated to a whole number, and a negative one counts as 0.
        case computed(RuleExpression)
    }

    /// One variant and its share.
    struct Bucket: Sendable {
        /// What the operator returns when the bucket is chosen; evaluated only then.
        var variant: RuleExpression
        /// Its weight; absent in the rule means 1.
        var weight: Weight
    }

    /// Largest sum of weights flagd accepts.
    static let maximumTotalWeight = UInt64(Int32.max)

    /// The expression giving the bucketing key; `nil` means `$flagd.flagKey` + `targetingKey`.
    var key: RuleExpression?
    /// The buckets in rule order; the first one whose cumulative range holds the hash wins.
    var buckets: [Bucket]

    // MARK: - Parsing

    /// Parses the operator's arguments, at `path` (the `fractional` key) in the rule.
    init(parsing arguments: JSONValue, path: String, depth: Int) throws(RuleError) {
        guard case .array(let items) = arguments else {
            throw RuleError(
                message: "\"fractional\" takes an array: an optional bucketing key expression, then [variant, weight] "
                    + "entries; found \(RuleExpression.describe(arguments))",
                path: path)
        }
        var first = 0
        if let head = items.first, !RuleExpression.isArray(head) {
            let keyPath = JSONPath.element(path, 0)
            let parsed = try RuleExpression(parsing: head, path: keyPath, depth: depth + 1)
            guard !parsed.isLiteral else {
                throw RuleError(
                    message: "the bucketing key must be an expression such as {\"var\": \"userId\"}; the constant "
                        + "\(RuleExpression.describe(head)) would put every user in the same bucket (leave it out to "
                        + "use $flagd.flagKey + targetingKey)",
                    path: keyPath)
            }
            key = parsed
            first = 1
        }
        guard first < items.count else {
            throw RuleError(
                message: "\"fractional\" needs at least one [variant, weight] entry, such as [\"on\", 50]", path: path)
        }
        var buckets: [Bucket] = []
        var fixedTotal: UInt64 = 0
        for index in first..<items.count {
            let entryPath = JSONPath.element(path, index)
            guard case .array(let entry) = items[index], (1...2).contains(entry.count) else {
                throw RuleError(
                    message: "each entry after the bucketing key is [variant, weight] (the weight defaults to 1); "
                        + "found \(RuleExpression.describe(items[index]))"
                        + (RuleExpression.isArray(items[index]) ? " of another length" : ""),
                    path: entryPath)
            }
            let variantPath = JSONPath.element(entryPath, 0)
            let variant = try RuleExpression(parsing: entry[0], path: variantPath, depth: depth + 2)
            if case .literal(let value) = variant, !Self.isVariantValue(value) {
                throw RuleError(
                    message: "a variant is a string, number, boolean, null or an expression giving one; found "
                        + RuleExpression.describe(value),
                    path: variantPath)
            }
            var weight = Weight.fixed(1)
            if entry.count == 2 {
                weight = try Self.parseWeight(entry[1], path: JSONPath.element(entryPath, 1), depth: depth + 2)
                if case .fixed(let value) = weight { fixedTotal += value }
            }
            buckets.append(Bucket(variant: variant, weight: weight))
        }
        guard fixedTotal <= Self.maximumTotalWeight else {
            throw RuleError(
                message: "the weights add up to \(fixedTotal), more than \(Self.maximumTotalWeight); scale them down",
                path: path)
        }
        self.buckets = buckets
    }

    private static func parseWeight(_ value: JSONValue, path: String, depth: Int) throws(RuleError) -> Weight {
        let problem: String
        switch value {
        case .number(let number):
            if number >= 0, number.rounded(.towardZero) == number, number <= Double(maximumTotalWeight) {
                return .fixed(UInt64(number))
            }
            problem = RuleExpression.describe(value)
        case .object:
            let parsed = try RuleExpression(parsing: value, path: path, depth: depth)
            if !parsed.isLiteral { return .computed(parsed) }
            problem = "an object that is not an operation"
        default:
            problem = RuleExpression.describe(value)
        }
        throw RuleError(
            message: "a weight is a whole number from 0 to \(maximumTotalWeight), or an expression that computes one; "
                + "found \(problem)",
            path: path)
    }

    private static func isVariantValue(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: false
        default: true
        }
    }

    // MARK: - Evaluation

    /// The chosen variant for `data`; `null` when every weight is 0. The bucketing key's bytes are
    /// charged to `budget` as read, the buckets as visited.
    func evaluate(in data: JSONValue, path: String, budget: inout RuleBudget) throws(RuleError) -> JSONValue {
        let bucketingKey = try self.bucketingKey(in: data, path: path, budget: &budget)
        try budget.read(bytes: bucketingKey.utf8.count)
        try budget.spend(buckets.count)
        var weights: [UInt64] = []
        weights.reserveCapacity(buckets.count)
        var total: UInt64 = 0
        for (index, bucket) in buckets.enumerated() {
            let weight: UInt64
            switch bucket.weight {
            case .fixed(let value):
                weight = value
            case .computed(let expression):
                guard case .number(let number) = try expression.evaluate(in: data, budget: &budget), !number.isNaN
                else {
                    throw RuleError(
                        message: "the weight of entry \(index) did not compute to a number", path: path)
                }
                let whole = max(0, number.rounded(.towardZero))
                guard whole <= Double(Self.maximumTotalWeight) else {
                    throw RuleError(
                        message: "the weight of entry \(index) computed to \(JSCoercion.string(fromNumber: number)), "
                            + "more than \(Self.maximumTotalWeight)",
                        path: path)
                }
                weight = UInt64(whole)
            }
            weights.append(weight)
            total += weight
        }
        guard total <= Self.maximumTotalWeight else {
            throw RuleError(
                message: "the weights add up to \(total), more than \(Self.maximumTotalWeight)", path: path)
        }
        guard total > 0 else { return .null }
        let hash = MurmurHash3.x86_32(bucketingKey.utf8)
        let bucket = (UInt64(hash) * total) >> 32
        var rangeEnd: UInt64 = 0
        for (index, weight) in weights.enumerated() {
            rangeEnd += weight
            if bucket < rangeEnd {
                let variant = try buckets[index].variant.evaluate(in: data, budget: &budget)
                guard Self.isVariantValue(variant) else {
                    throw RuleError(
                        message: "the variant of entry \(index) evaluated to \(RuleExpression.describe(variant)); a "
                            + "variant is a string, number, boolean or null",
                        path: path)
                }
                return variant
            }
        }
        return .null
    }

    /// The key expression's string; when there is none or it gives `null` (a missing property), the
    /// flag key followed by the targeting key, as flagd does.
    private func bucketingKey(in data: JSONValue, path: String, budget: inout RuleBudget) throws(RuleError) -> String {
        if let key {
            switch try key.evaluate(in: data, budget: &budget) {
            case .string(let text):
                return text
            case .null:
                break
            case let other:
                throw RuleError(
                    message: "the bucketing key evaluated to \(RuleExpression.describe(other)); it must be a string, "
                        + "so wrap it in {\"cat\": [...]}",
                    path: JSONPath.element(path, 0))
            }
        }
        guard case .object(let members) = data, case .string(let targetingKey)? = members["targetingKey"] else {
            throw RuleError(
                message: "no bucketing key: the data has no string \"targetingKey\"; supply one, or give the key "
                    + "expression as the first argument",
                path: path)
        }
        var flagKey = ""
        if case .object(let flagd)? = members["$flagd"], case .string(let text)? = flagd["flagKey"] {
            flagKey = text
        }
        try budget.build(bytes: flagKey.utf8.count + targetingKey.utf8.count)
        return flagKey + targetingKey
    }
}
