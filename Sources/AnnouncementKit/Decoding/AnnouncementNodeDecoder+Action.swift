import Foundation

/// An announcement's action: its type, the link it opens (checked by the ``ActionPolicy``) and its label.
extension AnnouncementNodeDecoder {
    /// The fields of an action.
    enum ActionKey: String, FieldKey {
        case type, value, label
        static let table = KeyTable(Self.self)
    }

    /// The action types with the UTF-8 of their raw values, to read them from a feed without making a string.
    static let actionTypeNames = Announcement.Action.ActionType.allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// The action `node` and its label; `nil` for `null`, or when it is not an object, its type is unknown
    /// or its link unusable (reported).
    func decodeAction(_ node: Node, path: () -> String, sink: inout DiagnosticSink)
        -> (action: Announcement.Action, label: LocalizedText?)?
    {
        guard case .object = node.kind else {
            if node.isNull { return nil }
            sink.report(
                .error,
                "action must be an object like {\"type\": \"url\", \"value\": \"https://…\"}; found "
                    + node.typeDescription, path: path(), offset: node.offset)
            return nil
        }
        let fields = Fields<ActionKey>(node)
        if fields.isIrregular { checkKeys(fields, what: "action", path: path, sink: &sink) }
        guard let named = actionType(fields, path: path, sink: &sink) else { return nil }
        let type = named.type
        let value = string(fields, .value, path: path, sink: &sink)
        checkValue(value, of: type, typeIsKnown: named.isKnown, fields, path: path, sink: &sink)
        var label: LocalizedText?
        if let labelNode = fields[.label] {
            label = text(labelNode, path: { path() + ".label" }, name: "label", sink: &sink)
        }
        switch type {
        case .dismiss:
            return (.dismiss, label)
        case .deepLink:
            guard let value else { return nil }
            return (.deepLink(value), label)
        case .url:
            guard let value else { return nil }
            guard let url = URL(string: value) else {
                // The policy accepts only what parses; this is a last guard, not a second set of rules.
                sink.report(
                    .error, "url action value is not a URL", path: path() + ".value", offset: fields[.value]!.offset)
                return nil
            }
            return (.url(url), label)
        }
    }

    /// The action's type, and whether the feed named it: an absent type reads as dismiss (named), one that
    /// is not a string (reported) as dismiss (not named). `nil` for an unknown type name (reported).
    private func actionType(_ fields: Fields<ActionKey>, path: () -> String, sink: inout DiagnosticSink)
        -> (type: Announcement.Action.ActionType, isKnown: Bool)?
    {
        if let known = Self.caseSpelled(by: fields[.type], in: Self.actionTypeNames) { return (known, true) }
        guard let typeName = string(fields, .type, path: path, sink: &sink) else {
            // Absent, or not a string (which was reported).
            return (.dismiss, fields[.type] == nil)
        }
        if let known = Announcement.Action.ActionType(rawValue: typeName) { return (known, true) }
        let hint = sink.didYouMean(typeName, among: Announcement.Action.ActionType.allCases.map(\.rawValue))
        sink.report(
            .error, "unknown action type \"\(typeName)\"; use deepLink, url or dismiss\(hint)",
            path: path() + ".type", offset: fields[.type]!.offset)
        return nil
    }

    /// Reports a link the policy refuses, a missing link, and a link given to a dismiss action (a warning).
    private func checkValue(
        _ value: String?, of type: Announcement.Action.ActionType, typeIsKnown: Bool, _ fields: Fields<ActionKey>,
        path: () -> String, sink: inout DiagnosticSink
    ) {
        if type != .dismiss {
            if let value, let valueNode = fields[.value] {
                if let problem = policy.problem(with: value, type: type) {
                    sink.report(
                        .error, "\(type.rawValue) action value \(problem)", path: path() + ".value",
                        offset: valueNode.offset)
                }
            } else if fields[.value] == nil {
                sink.report(
                    .error, "a \(type.rawValue) action needs a \"value\" with the URL to open", path: path(),
                    offset: fields.offset)
            }
        }
        if type == .dismiss, typeIsKnown, let value, !Self.isBlank(value) {
            sink.report(
                .warning, "value is ignored for a dismiss action; use type url or deepLink to open it",
                path: path() + ".value", offset: fields[.value]!.offset)
        }
    }
}
