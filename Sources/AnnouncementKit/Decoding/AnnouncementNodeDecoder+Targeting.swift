/// An audience's targeting rule: its size checked against `FeedLimits`, then parsed into a
/// ``TargetingRule``, whose errors are reported at the value of the rule they name.
extension AnnouncementNodeDecoder {
    /// The rule `node`; `nil` when it is too large or does not parse (reported).
    func decodeTargeting(_ node: Node, path: () -> String, sink: inout DiagnosticSink) -> TargetingRule? {
        let (depth, nodes) = Self.measure(node)
        if depth > FeedLimits.maximumRuleDepth || nodes > FeedLimits.maximumRuleNodes {
            sink.report(
                .error,
                "targeting rule is \(depth) levels deep with \(nodes) values; at most "
                    + "\(FeedLimits.maximumRuleDepth) levels and \(FeedLimits.maximumRuleNodes) values are allowed",
                path: path(), offset: node.offset)
            return nil
        }
        do {
            return try TargetingRule(node.value)
        } catch {
            sink.report(
                .error, "targeting rule: \(error.message)", path: path() + error.path.dropFirst(),
                offset: Self.offset(in: node, at: error.path) ?? node.offset)
            return nil
        }
    }

    /// The nesting depth and the number of values of `node` (the parser already bounds the depth).
    static func measure(_ node: Node) -> (depth: Int, nodes: Int) {
        switch node.kind {
        case .array:
            var depth = 0
            var nodes = 1
            for item in node.elements {
                let inner = measure(item)
                depth = max(depth, inner.depth)
                nodes += inner.nodes
            }
            return (depth + 1, nodes)
        case .object:
            var depth = 0
            var nodes = 1
            for member in node.members {
                let inner = measure(member.value)
                depth = max(depth, inner.depth)
                nodes += inner.nodes
            }
            return (depth + 1, nodes)
        default:
            return (0, 1)
        }
    }

    /// The offset in `node` of what `path` (`$`, `$.and[1].var`) names — the key when it ends in a key —
    /// when it can be followed.
    static func offset(in node: Node, at path: String) -> Int? {
        var current = node
        var rest = Substring(path)
        guard rest.first == "$" else { return nil }
        rest = rest.dropFirst()
        while !rest.isEmpty {
            if rest.hasPrefix("[\"") {
                // The key is quoted as JSONWriter.quote writes it: find its closing quote past any escapes
                // (a key may itself hold `"]`) and compare quoted forms.
                let open = rest.index(after: rest.startIndex)
                var cursor = rest.index(after: open)
                while cursor < rest.endIndex, rest[cursor] != "\"" {
                    if rest[cursor] == "\\" {
                        cursor = rest.index(after: cursor)
                        guard cursor < rest.endIndex else { return nil }
                    }
                    cursor = rest.index(after: cursor)
                }
                guard cursor < rest.endIndex, rest.index(after: cursor) < rest.endIndex,
                    rest[rest.index(after: cursor)] == "]"
                else { return nil }
                let quoted = rest[open...cursor]
                guard case .object = current.kind,
                    let member = current.members.first(where: { JSONWriter.quote($0.key) == quoted })
                else { return nil }
                rest = rest[rest.index(cursor, offsetBy: 2)...]
                if rest.isEmpty { return member.keyOffset }
                current = member.value
            } else if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]"),
                    let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
                    case .array = current.kind, let item = Self.element(index, of: current)
                else { return nil }
                current = item
                rest = rest[rest.index(after: close)...]
            } else if rest.hasPrefix(".") {
                let body = rest.dropFirst()
                let end = body.firstIndex(where: { $0 == "." || $0 == "[" }) ?? body.endIndex
                let key = String(body[..<end])
                guard case .object = current.kind, let member = current.members.first(where: { $0.key == key })
                else { return nil }
                rest = body[end...]
                if rest.isEmpty { return member.keyOffset }
                current = member.value
            } else {
                return nil
            }
        }
        return current.offset
    }
}
