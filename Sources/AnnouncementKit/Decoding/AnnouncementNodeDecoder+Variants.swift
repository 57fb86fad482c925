/// An announcement's A/B variants and its conversion goal.
///
/// A variant's title, message and action are checked exactly as the item's own are; any error in a
/// variant or the goal drops the item, as any other error in it does.
extension AnnouncementNodeDecoder {
    /// The fields of a variant.
    enum VariantKey: String, FieldKey {
        case id, weight, title, message, action, style, holdout
        static let table = KeyTable(Self.self)
    }

    /// The fields of a goal.
    enum GoalKey: String, FieldKey {
        case event, within
        static let table = KeyTable(Self.self)
    }

    /// The variants in the array `node`: those that passed their checks (each problem reported). The ids
    /// must be unique and at least one weight above 0; `null` is no variants.
    func decodeVariants(_ node: Node, path: () -> String, sink: inout DiagnosticSink) -> [Announcement.Variant] {
        guard case .array = node.kind else {
            if !node.isNull { mismatch("variants", "an array of variant objects", node, path(), &sink) }
            return []
        }
        let elements = node.elements
        guard elements.count <= FeedLimits.maximumVariants else {
            sink.report(
                .error,
                "variants has \(elements.count) entries; at most \(FeedLimits.maximumVariants) are allowed",
                path: path(), offset: node.offset)
            return []
        }
        var variants: [Announcement.Variant] = []
        var seen = Set<String>()
        for (index, element) in elements.enumerated() {
            guard
                let (variant, idOffset) = decodeVariant(
                    element, path: { JSONPath.element(path(), index) }, sink: &sink)
            else { continue }
            guard seen.insert(variant.id).inserted else {
                sink.report(
                    .error, "variant id \"\(variant.id)\" appears twice; each variant needs its own id",
                    path: JSONPath.element(path(), index) + ".id", offset: idOffset)
                continue
            }
            variants.append(variant)
        }
        // Only when every variant was read, so that a reported weight does not count as missing too.
        if variants.count == elements.count, !variants.contains(where: { $0.weight > 0 }) {
            sink.report(
                .error, "variants need at least one weight above 0; with none, no variant could be chosen",
                path: path(), offset: node.offset)
        }
        return variants
    }

    /// One variant and the offset of its id; `nil` when anything in it was reported.
    private func decodeVariant(_ node: Node, path: () -> String, sink: inout DiagnosticSink)
        -> (Announcement.Variant, idOffset: Int)?
    {
        guard case .object = node.kind else {
            mismatch("each variant", "an object with an id and a weight", node, path(), &sink)
            return nil
        }
        let errorsBefore = sink.errorCount
        let fields = Fields<VariantKey>(node)
        if fields.isIrregular { checkKeys(fields, what: "variant", path: path, sink: &sink) }
        let id = variantID(fields, path: path, sink: &sink)
        if fields[.weight] == nil {
            sink.report(
                .error, "\"weight\" is missing; every variant needs one (0 turns it off)", path: path(),
                offset: fields.offset)
        }
        var weight = integer(fields, .weight, minimum: 0, path: path, sink: &sink)
        if let value = weight, value > FeedLimits.maximumVariantWeight {
            sink.report(
                .error, "weight must be at most \(FeedLimits.maximumVariantWeight); found \(value)",
                path: JSONPath.member(path(), "weight"), offset: fields[.weight]!.offset)
            weight = nil
        }
        let title = fields[.title].flatMap { text($0, path: { path() + ".title" }, name: "title", sink: &sink) }
        let message = fields[.message].flatMap {
            text($0, path: { path() + ".message" }, name: "message", sink: &sink)
        }
        let action = fields[.action].flatMap { decodeAction($0, path: { path() + ".action" }, sink: &sink) }
        let style = self.style(fields, .style, path: path, sink: &sink)
        let isHoldout = bool(fields, .holdout, path: path, sink: &sink) ?? false
        guard sink.errorCount == errorsBefore, let id, let weight else { return nil }
        let variant = Announcement.Variant(
            id: id.value, weight: weight, title: title, message: message, action: action?.action,
            actionLabel: action?.label, style: style, isHoldout: isHoldout)
        return (variant, id.offset)
    }

    /// A variant's id and its offset: present, not blank, not too long, plain visible text.
    private func variantID(_ fields: Fields<VariantKey>, path: () -> String, sink: inout DiagnosticSink)
        -> (value: String, offset: Int)?
    {
        guard let node = fields[.id] else {
            sink.report(.error, "\"id\" is missing; every variant needs one", path: path(), offset: fields.offset)
            return nil
        }
        guard let id = string(fields, .id, path: path, sink: &sink) else { return nil }
        let problem: String?
        if Self.isBlank(id) {
            problem = "variant id must not be empty"
        } else if id.count > FeedLimits.maximumIDLength {
            problem = "variant id is \(id.count) characters long; at most \(FeedLimits.maximumIDLength) are allowed"
        } else if let bad = FeedLimits.forbiddenScalar(in: id, allowLineBreaks: false, forbidInvisible: true) {
            problem =
                "variant id holds the invisible or control character \(FeedLimits.codePoint(bad.scalar)) at "
                + "position \(bad.index); ids must be plain visible text"
        } else {
            problem = nil
        }
        guard let problem else { return (id, node.offset) }
        sink.report(.error, problem, path: path() + ".id", offset: node.offset)
        return nil
    }

    /// The goal `node`; `nil` for `null`, or when it is not an object or lacks a usable event name
    /// (reported).
    func decodeGoal(_ node: Node, path: () -> String, sink: inout DiagnosticSink) -> Announcement.Goal? {
        guard case .object = node.kind else {
            if !node.isNull {
                sink.report(
                    .error, "goal must be an object; found \(node.typeDescription)", path: path(), offset: node.offset)
            }
            return nil
        }
        let fields = Fields<GoalKey>(node)
        if fields.isIrregular { checkKeys(fields, what: "goal", path: path, sink: &sink) }
        let event = eventName(
            fields, .event, missing: "a goal names the event that counts as a conversion", path: path, sink: &sink)
        let within = seconds(fields, .within, allowZero: false, path: path, sink: &sink)
        guard let event else { return nil }
        return Announcement.Goal(event: event, within: within ?? 86_400)
    }
}
