/// A JSON Logic rule parsed once (at feed decode time) and evaluated many times.
///
/// Rules follow jsonlogic.com (JavaScript semantics for truthiness, `==` and comparisons) and add
/// flagd's `fractional` (v2), `sem_ver`, `starts_with` and `ends_with`. Parsing refuses unknown
/// operators, wrong argument counts and malformed flagd arguments, with the JSON path of the problem.
/// Evaluation reads the data with `var` and never crashes; the engine knows nothing about
/// announcements.
///
/// The data an announcement rule sees is the context: `appVersion`, `osVersion`, `platform`, `locale`,
/// `language`, `region`, `userId`, `segments`, `attributes`, `now` (Unix seconds), `daysSinceInstall`,
/// `isFirstLaunch`, `isUpgrade`, plus flagd's `targetingKey` (the user id) and
/// `$flagd` (`{"flagKey": announcement id, "timestamp": now}`).
///
/// ```swift
/// let rule = try TargetingRule([
///     "and": [
///         ["sem_ver": [["var": "appVersion"], ">=", "2.5"]],
///         ["in": ["beta", ["var": "segments"]]],
///     ],
/// ])
/// rule.isSatisfied(by: ["appVersion": "2.6.0", "segments": ["beta"]])  // true
/// ```
///
/// Differences from the reference engine, all on inputs a targeting rule has no use for: `log` is not
/// supported; arrays and objects compare by value rather than by identity; `var` does not reach into
/// strings (`"abc".length`); an object with an operator key next to other keys is refused rather than
/// read as data.
public struct TargetingRule: Sendable, Hashable, CustomStringConvertible {
    /// The rule as written; equality and hashing use it alone.
    public let source: JSONValue
    private let expression: RuleExpression

    /// Parses `source`; throws when it uses an operator that is not supported, gives a fixed-arity
    /// operator the wrong number of arguments, or gives a flagd operator malformed arguments.
    public init(_ source: JSONValue) throws(RuleError) {
        self.expression = try RuleExpression(parsing: source, path: "$")
        self.source = source
    }

    /// The rule's value for `data`. Throws only for a `fractional` that cannot bucket (no key, bad
    /// computed weights), a `missing_some` whose keys are not an array, or a `reduce` that builds a
    /// value more than 256 deep or with more than a million parts.
    public func evaluate(_ data: JSONValue) throws(RuleError) -> JSONValue {
        try expression.evaluate(in: data)
    }

    /// Whether the rule's value for `data` is truthy in JSON Logic's sense (`false`, `0`, `""`, `null`
    /// and `[]` are not); an evaluation error counts as not satisfied.
    public func isSatisfied(by data: JSONValue) -> Bool {
        do {
            return JSCoercion.isTruthy(try evaluate(data))
        } catch {
            return false
        }
    }

    /// Rules are equal when their sources are.
    public static func == (lhs: TargetingRule, rhs: TargetingRule) -> Bool {
        lhs.source == rhs.source
    }

    /// Hashes the source.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
    }

    /// The source as compact JSON with sorted keys.
    public var description: String {
        source.description
    }
}
