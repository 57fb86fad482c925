/// Why a targeting rule was refused when it was parsed, or why it could not be evaluated.
///
/// `path` is a JSON path relative to the rule itself, so a caller that knows where the rule
/// sits in a feed can prefix it: the error `$.and[1].regex` for the rule at
/// `$.announcements[3].audience.targeting` is at `$.announcements[3].audience.targeting.and[1].regex`.
///
/// ```swift
/// do {
///     _ = try TargetingRule(["regex": ["a", "b"]])
/// } catch {
///     print(error)  // unsupported operator "regex"; supported: ... ($.regex)
/// }
/// ```
public struct RuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what to do about it, in one sentence.
    public var message: String
    /// Where in the rule, starting with `$` for the rule itself, such as `$.and[1].regex`.
    public var path: String

    /// Creates an error.
    package init(message: String, path: String) {
        self.message = message
        self.path = path
    }

    /// An evaluation that spent more than its ``RuleBudget``: the rule as a whole is at fault, so the
    /// path is `$`.
    static let budgetExceeded = RuleError(message: "targeting rule exceeded its budget", path: "$")

    /// `MESSAGE (PATH)`.
    public var description: String {
        "\(message) (\(path))"
    }
}
