/// Which parts of the data a rule may read, worked out from its expression without evaluating it.
extension RuleExpression {
    /// Whether evaluating the expression may read the data member `root` or something inside it: a
    /// `var`, `missing` or `missing_some` whose path is `root`, starts with `root.`, is empty (the whole
    /// data) or is computed. The answer errs towards true: a read inside `map`, `filter`, `reduce`, `all`,
    /// `some` or `none` (which reads the element) counts too.
    func mayRead(under root: String) -> Bool {
        switch self {
        case .literal:
            return false
        case .array(let items):
            return items.contains { $0.mayRead(under: root) }
        case .operation(let op, let arguments, _):
            switch op {
            case .variable:
                guard let path = arguments.first else { return true }
                if Self.mayName(path, root) { return true }
            case .missing, .missingSome:
                if arguments.contains(where: { Self.mayName($0, root) }) { return true }
            default:
                break
            }
            return arguments.contains { $0.mayRead(under: root) }
        case .fractional(let split, _):
            if let key = split.key, key.mayRead(under: root) { return true }
            return split.buckets.contains { bucket in
                if bucket.variant.mayRead(under: root) { return true }
                if case .computed(let weight) = bucket.weight { return weight.mayRead(under: root) }
                return false
            }
        }
    }

    /// Whether `expression`, used as a data path (or a list of them), may name `root` or a member of it.
    private static func mayName(_ expression: RuleExpression, _ root: String) -> Bool {
        switch expression {
        case .literal(let value):
            return mayName(value, root)
        case .array(let items):
            return items.contains { mayName($0, root) }
        case .operation, .fractional:
            return true
        }
    }

    private static func mayName(_ value: JSONValue, _ root: String) -> Bool {
        switch value {
        case .string(let path):
            return path.isEmpty || path == root || path.hasPrefix(root + ".")
        case .number, .bool:
            return false
        case .array(let items):
            return items.contains { mayName($0, root) }
        case .null, .object:
            return true
        }
    }
}
