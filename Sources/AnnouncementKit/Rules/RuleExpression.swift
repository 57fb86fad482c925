/// A targeting rule after parsing: operators resolved and argument counts checked, so evaluation
/// only computes.
indirect enum RuleExpression: Sendable {
    /// A value that evaluates to itself: a primitive, or an object that is data rather than an
    /// operation (JSON Logic treats an object with zero or several keys as data).
    case literal(JSONValue)
    /// An array whose elements are evaluated.
    case array([RuleExpression])
    /// An operator with its arguments; `path` is where the operator key sits in the rule, kept only
    /// for the operators whose evaluation can fail (see ``RuleOperator/canFailWhenEvaluated``): a feed
    /// holds thousands of rules, and most paths would be strings allocated for nothing.
    case operation(RuleOperator, [RuleExpression], path: String?)
    /// flagd's `fractional` split.
    case fractional(FractionalSplit, path: String)

    /// Whether the expression is a constant.
    var isLiteral: Bool {
        if case .literal = self { return true }
        return false
    }
}
