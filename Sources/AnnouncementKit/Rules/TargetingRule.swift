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
/// `isFirstLaunch`, `isUpgrade`, `isTestDevice`, `events` (`events.NAME.count`, `events.NAME.last` in Unix
/// seconds), plus flagd's `targetingKey` (the user id) and
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
    package var source: JSONValue {
        switch storedSource {
        case .value(let value):
            return value
        case .text(let bytes):
            // The text was written from a value with only finite numbers, so it always parses back
            // to an equal value.
            let node = bytes.withUnsafeBufferPointer { try? JSONParser.parse($0) }
            return node?.value ?? .null
        }
    }

    /// The parsed rule and its source, kept by reference: an audience holds an optional rule, and
    /// one reference keeps that at 8 bytes for the many audiences without one.
    private let storage: Storage

    private final class Storage: Sendable {
        let source: StoredSource
        let expression: RuleExpression
        let timing: RuleTiming
        /// Whether the rule may read `events`, so that an event re-evaluates only the rules that read it.
        let readsEvents: Bool
        /// The length of the source's compact JSON, which sets the evaluation budget.
        let size: Int

        init(source: StoredSource, expression: RuleExpression, size: Int) {
            self.source = source
            self.expression = expression
            self.timing = RuleTiming(of: expression)
            self.readsEvents = expression.mayRead(under: "events")
            self.size = size
        }
    }

    private var storedSource: StoredSource { storage.source }

    /// How the rule's answer can change with time alone (see ``RuleTiming``).
    var timing: RuleTiming { storage.timing }

    /// Whether the rule may read `events` (see `RuleExpression/mayRead(under:)`).
    package var readsEvents: Bool { storage.readsEvents }

    /// How the source is kept. A feed may carry thousands of rules and each is evaluated from
    /// ``expression``, so the source is kept as its compact JSON text — one allocation — rather than
    /// as a tree of dictionaries and arrays, and parsed again only when asked for.
    private enum StoredSource: Sendable {
        /// Compact JSON with sorted keys, as ``JSONValue/description`` writes it.
        case text([UInt8])
        /// A source that the text cannot carry — a non-finite number, or nesting deeper than the
        /// JSON parser reads back — kept as given.
        case value(JSONValue)
    }

    /// Parses `source`; throws when it uses an operator that is not supported, gives a fixed-arity
    /// operator the wrong number of arguments, or gives a flagd operator malformed arguments.
    public init(_ source: JSONValue) throws(RuleError) {
        let expression = try RuleExpression(parsing: source, path: "$")
        var text: [UInt8] = []
        JSONWriter.write(source, to: &text)
        let stored: StoredSource
        if Self.survivesText(source, depth: 1) {
            // Kept for the feed's lifetime: copy it into storage of exactly its size rather than
            // keep the capacity that growing it left.
            stored = .text(
                [UInt8](unsafeUninitializedCapacity: text.count) { buffer, count in
                    count = buffer.initialize(fromContentsOf: text)
                })
        } else {
            stored = .value(source)
        }
        storage = Storage(source: stored, expression: expression, size: text.count)
    }

    /// Whether `value`'s text parses back to an equal value.
    private static func survivesText(_ value: JSONValue, depth: Int) -> Bool {
        switch value {
        case .number(let number): number.isFinite
        case .array(let items):
            depth <= JSONParser.maximumDepth && items.allSatisfy { survivesText($0, depth: depth + 1) }
        case .object(let members):
            depth <= JSONParser.maximumDepth && members.values.allSatisfy { survivesText($0, depth: depth + 1) }
        case .null, .bool, .string: true
        }
    }

    /// The rule's value for `data`. Throws when the evaluation spends more than its budget of
    /// operations and bytes built (``RuleError/message`` `targeting rule exceeded its budget`; no typical
    /// rule comes near it), for a `fractional` that cannot bucket (no key, bad computed weights), a
    /// `missing_some` whose keys are not an array, or a `reduce` that builds a value more than 256
    /// deep. Every part of the value returned counts towards the budget too, so that it can be written
    /// out or compared in bounded time.
    package func evaluate(_ data: JSONValue) throws(RuleError) -> JSONValue {
        var budget = newBudget
        return try evaluate(data, budget: &budget)
    }

    /// A fresh budget for one evaluation of this rule.
    var newBudget: RuleBudget { RuleBudget(ruleSize: storage.size) }

    /// ``evaluate(_:)`` charging `budget`.
    func evaluate(_ data: JSONValue, budget: inout RuleBudget) throws(RuleError) -> JSONValue {
        let value = try storage.expression.evaluate(in: data, budget: &budget)
        _ = try budget.walk(value)
        return value
    }

    /// Whether the rule's value for `data` is truthy in JSON Logic's sense (`false`, `0`, `""`, `null`
    /// and `[]` are not); an evaluation error counts as not satisfied.
    package func isSatisfied(by data: JSONValue) -> Bool {
        do {
            return JSCoercion.isTruthy(try evaluate(data))
        } catch {
            return false
        }
    }

    /// Rules are equal when their sources are.
    public static func == (lhs: TargetingRule, rhs: TargetingRule) -> Bool {
        if case .text(let left) = lhs.storedSource, case .text(let right) = rhs.storedSource, left == right {
            return true
        }
        // Different texts can still be equal values: canonically equivalent strings, -0 and 0.
        return lhs.source == rhs.source
    }

    /// Hashes the source.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
    }

    /// The source as compact JSON with sorted keys.
    public var description: String {
        if case .text(let bytes) = storedSource { return String(decoding: bytes, as: UTF8.self) }
        return source.description
    }
}
