/// An announcement's trigger: the app event that must have happened for it to show.
extension AnnouncementNodeDecoder {
    /// The fields of a trigger.
    enum TriggerKey: String, FieldKey {
        case event, minCount, within
        static let table = KeyTable(Self.self)
    }

    /// The trigger `node`; `nil` for `null` or when it is not an object or lacks a usable event name
    /// (reported).
    func decodeTrigger(_ node: Node, path: () -> String, sink: inout DiagnosticSink) -> Announcement.Trigger? {
        guard case .object = node.kind else {
            if node.isNull { return nil }
            sink.report(
                .error, "trigger must be an object; found \(node.typeDescription)", path: path(), offset: node.offset)
            return nil
        }
        let fields = Fields<TriggerKey>(node)
        if fields.isIrregular { checkKeys(fields, what: "trigger", path: path, sink: &sink) }
        let event = eventName(
            fields, .event, missing: "a trigger names the event that shows the announcement", path: path, sink: &sink)
        let minCount = integer(fields, .minCount, minimum: 1, path: path, sink: &sink)
        let within = seconds(fields, .within, allowZero: false, path: path, sink: &sink)
        guard let event else { return nil }
        return Announcement.Trigger(event: event, minCount: minCount ?? 1, within: within ?? 300)
    }

    /// An event name (a trigger's, a goal's): present (else the error ends with `missing`), not empty, plain
    /// visible text (no control or invisible character), at
    /// most `AnnouncementState.maximumEventNameLength` bytes (a longer name is never recorded, so it
    /// could never be seen).
    func eventName<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, missing: String, path: () -> String, sink: inout DiagnosticSink
    ) -> String? {
        guard let node = fields[key] else {
            sink.report(.error, "\"\(key.name)\" is missing; \(missing)", path: path(), offset: fields.offset)
            return nil
        }
        guard let name = string(fields, key, path: path, sink: &sink) else { return nil }
        if name.isEmpty {
            sink.report(
                .error, "\(key.name) must not be empty", path: JSONPath.member(path(), key.name), offset: node.offset)
            return nil
        }
        if let bad = FeedLimits.forbiddenScalar(in: name, allowLineBreaks: false, forbidInvisible: true) {
            sink.report(
                .error,
                "\(key.name) holds the invisible or control character \(FeedLimits.codePoint(bad.scalar)) at position "
                    + "\(bad.index); event names must be plain visible text so they match what the app tracks",
                path: JSONPath.member(path(), key.name), offset: node.offset)
            return nil
        }
        guard AnnouncementState.isValidEventName(name) else {
            sink.report(
                .error,
                "\(key.name) is \(name.utf8.count) bytes long; at most \(AnnouncementState.maximumEventNameLength) "
                    + "are allowed",
                path: JSONPath.member(path(), key.name), offset: node.offset)
            return nil
        }
        return name
    }
}
