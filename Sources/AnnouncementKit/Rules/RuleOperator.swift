/// The operators a targeting rule may use: JSON Logic's (all but `log`, which has a side effect)
/// and flagd's `fractional`, `sem_ver`, `starts_with` and `ends_with`.
enum RuleOperator: String, CaseIterable, Sendable {
    case variable = "var"
    case missing
    case missingSome = "missing_some"
    case ifThenElse = "if"
    case ternary = "?:"
    case equal = "=="
    case strictEqual = "==="
    case notEqual = "!="
    case strictNotEqual = "!=="
    case not = "!"
    case doubleNot = "!!"
    case or
    case and
    case greater = ">"
    case greaterOrEqual = ">="
    case less = "<"
    case lessOrEqual = "<="
    case contains = "in"
    case concatenate = "cat"
    case substring = "substr"
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case minimum = "min"
    case maximum = "max"
    case merge
    case map
    case filter
    case reduce
    case all
    case none
    case some
    case startsWith = "starts_with"
    case endsWith = "ends_with"
    case semVer = "sem_ver"
    case fractional

    /// How many arguments the operator takes; `Int.max` as the upper bound means any number.
    var arity: ClosedRange<Int> {
        switch self {
        case .variable: 0...2
        case .missing, .ifThenElse, .ternary, .concatenate, .add, .merge: 0...Int.max
        case .or, .and, .multiply, .minimum, .maximum, .fractional: 1...Int.max
        case .not, .doubleNot: 1...1
        case .subtract: 1...2
        case .less, .lessOrEqual, .substring, .reduce: 2...3
        case .missingSome, .equal, .strictEqual, .notEqual, .strictNotEqual, .greater, .greaterOrEqual, .contains,
            .divide, .remainder, .map, .filter, .all, .none, .some, .startsWith, .endsWith:
            2...2
        case .semVer: 3...3
        }
    }

    /// How the operator is written, for messages.
    var usage: String {
        switch self {
        case .variable: #"{"var": "path.to.key"} or {"var": ["path.to.key", default]}"#
        case .missing: #"{"missing": ["key", "other.key"]}"#
        case .missingSome: #"{"missing_some": [count, ["key", "other.key"]]}"#
        case .ifThenElse, .ternary: #"{"\#(rawValue)": [condition, then, else]}"#
        case .not, .doubleNot: #"{"\#(rawValue)": [value]}"#
        case .or, .and, .concatenate, .add, .multiply, .minimum, .maximum, .merge:
            #"{"\#(rawValue)": [a, b, ...]}"#
        case .subtract: #"{"-": [a, b]} or {"-": [a]}"#
        case .less, .lessOrEqual: #"{"\#(rawValue)": [a, b]} or, for a range, {"\#(rawValue)": [low, x, high]}"#
        case .substring: #"{"substr": [text, start]} or {"substr": [text, start, length]}"#
        case .reduce: #"{"reduce": [array, expression, initial]}"#
        case .map, .filter, .all, .none, .some: #"{"\#(rawValue)": [array, expression]}"#
        case .startsWith, .endsWith: #"{"\#(rawValue)": [{"var": "key"}, "text"]}"#
        case .semVer: #"{"sem_ver": [{"var": "appVersion"}, ">=", "2.5.0"]}"#
        case .fractional: #"{"fractional": [{"var": "userId"}, ["a", 50], ["b", 50]]}"#
        case .equal, .strictEqual, .notEqual, .strictNotEqual, .greater, .greaterOrEqual, .contains, .divide,
            .remainder:
            #"{"\#(rawValue)": [a, b]}"#
        }
    }

    /// Whether evaluating the operator can throw (so its error needs the operator's path):
    /// `reduce` past its depth limit and `missing_some` with keys that are not an array (running out of
    /// budget is an error of the rule as a whole, at `$`).
    /// `fractional` is parsed into its own expression, which keeps its path.
    var canFailWhenEvaluated: Bool {
        self == .reduce || self == .missingSome
    }

    /// The operator names, sorted, for messages.
    static let supportedNames = allCases.map(\.rawValue).sorted()

    /// The `sem_ver` comparisons flagd defines.
    static let semVerComparisons = ["=", "!=", "<", "<=", ">", ">=", "^", "~"]

    /// The properties flagd puts under `$flagd` in the evaluation data.
    static let flagdProperties = ["flagKey", "timestamp"]
}
