/// An announcement's frequency cap: how often it may show.
extension AnnouncementNodeDecoder {
    /// The fields of a frequency cap.
    enum FrequencyKey: String, FieldKey {
        case maxImpressions, minimumInterval, oncePerSession
        static let table = KeyTable(Self.self)
    }

    /// The frequency cap `node`; `nil` for `null` or when it is not an object (reported).
    func decodeFrequency(_ node: Node, path: () -> String, sink: inout DiagnosticSink) -> Announcement.Frequency? {
        guard case .object = node.kind else {
            if node.isNull { return nil }
            sink.report(
                .error, "frequency must be an object; found \(node.typeDescription)", path: path(),
                offset: node.offset)
            return nil
        }
        let fields = Fields<FrequencyKey>(node)
        if fields.isIrregular { checkKeys(fields, what: "frequency", path: path, sink: &sink) }
        return Announcement.Frequency(
            maxImpressions: integer(fields, .maxImpressions, minimum: 1, path: path, sink: &sink),
            minimumInterval: seconds(fields, .minimumInterval, allowZero: true, path: path, sink: &sink),
            oncePerSession: bool(fields, .oncePerSession, path: path, sink: &sink) ?? false)
    }
}
