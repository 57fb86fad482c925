import Foundation

/// Decodes and checks one item of a feed, reporting every problem it finds with its path.
///
/// The item is usable only when no error was reported while decoding it; warnings (unknown fields,
/// an unknown style, unknown audience keys) leave it usable.
///
/// Paths are passed down as closures that write them out, because almost every value is fine: a path is
/// built only for a finding that is reported.
///
/// This file reads the item's own fields; its extensions read what the item holds, one file each: texts
/// (`+Text`), the action (`+Action`), the schedule (`+Schedule`), the audience (`+Audience`, its rule in
/// `+Targeting`), the frequency cap (`+Frequency`), the trigger (`+Trigger`), the variants and goal (`+Variants`) and the format and image
/// (`+Presentation`). They share the members of an object filed by key
/// (`+Fields`, with each object's keys an enumeration of ``FieldKey``), the typed field readers (`+Values`)
/// and the checks of an object's keys (`+Keys`). A new field is a case of its object's key enumeration and
/// a line in the function that decodes that object.
struct AnnouncementNodeDecoder {
    /// An item, or a value inside one, read in place from the tape it was parsed onto.
    typealias Node = JSONTape.Node

    /// What decoding one item gives.
    enum Output {
        /// The item reported no error: its announcement, and the offset of its id.
        case accepted(Announcement, idOffset: Int)
        /// The item reported an error; its id, when that passed its own checks.
        case rejected(id: String?)
    }

    /// The fields of an announcement.
    enum ItemKey: String, FieldKey {
        case id, revision, title, message, style, action, priority, startDate, endDate, schedule, isDismissible
        case dismissFor, targetAudience, audience, frequency, placements, autoDismissAfter, trigger
        case draft, variants, goal, format, image
        static let table = KeyTable(Self.self)
    }

    let policy: ActionPolicy
    let defaultLocale: String
    /// ``defaultLocale`` as tags are compared (see `LanguageTag/normalized(_:)`).
    let normalizedDefaultLocale: String
    /// The translation tags seen so far.
    let translationTags: TranslationTags

    init(policy: ActionPolicy, defaultLocale: String) {
        self.policy = policy
        self.defaultLocale = defaultLocale
        normalizedDefaultLocale = LanguageTag.normalized(defaultLocale)
        translationTags = TranslationTags(defaultLocale: defaultLocale)
    }

    /// Decodes the item `node`, found at the path `path()` writes out.
    func decode(_ node: Node, path: () -> String, into sink: inout DiagnosticSink) -> Output {
        let errorsBefore = sink.errorCount
        guard case .object = node.kind else {
            sink.report(
                .error, "an announcement must be an object; found \(node.typeDescription)", path: path(),
                offset: node.offset)
            return .rejected(id: nil)
        }
        let fields = Fields<ItemKey>(node)
        if fields.isIrregular { checkKeys(fields, what: "announcement", path: path, sink: &sink) }

        let checkedID = id(fields, path: path, sink: &sink)
        let title = requiredText(fields, .title, path: path, sink: &sink)
        let message = requiredText(fields, .message, path: path, sink: &sink)
        let revision = integer(fields, .revision, minimum: 0, path: path, sink: &sink) ?? 0
        let style = self.style(fields, .style, path: path, sink: &sink) ?? .info
        var action: (action: Announcement.Action, label: LocalizedText?)?
        if let node = fields[.action] { action = decodeAction(node, path: { path() + ".action" }, sink: &sink) }
        let priority = integer(fields, .priority, path: path, sink: &sink) ?? 0
        let (startDate, endDate) = dates(fields, path: path, sink: &sink)
        var schedule: Announcement.Schedule?
        if let node = fields[.schedule] {
            schedule = decodeSchedule(node, path: { path() + ".schedule" }, sink: &sink)
        }
        let isDismissible = bool(fields, .isDismissible, path: path, sink: &sink) ?? true
        let dismissFor = seconds(fields, .dismissFor, allowZero: false, path: path, sink: &sink)
        let targetAudience = self.targetAudience(fields, path: path, sink: &sink)
        var audience: Announcement.AudienceRules?
        if let node = fields[.audience] {
            audience = decodeAudience(node, path: { path() + ".audience" }, sink: &sink)
        }
        var frequency: Announcement.Frequency?
        if let node = fields[.frequency] {
            frequency = decodeFrequency(node, path: { path() + ".frequency" }, sink: &sink)
        }
        let placements = stringList(fields, .placements, path: path, sink: &sink)
        let autoDismissAfter = seconds(fields, .autoDismissAfter, allowZero: false, path: path, sink: &sink)
        let isDraft = bool(fields, .draft, path: path, sink: &sink) ?? false
        let trigger = fields[.trigger].flatMap { decodeTrigger($0, path: { path() + ".trigger" }, sink: &sink) }
        let variants = fields[.variants].map { decodeVariants($0, path: { path() + ".variants" }, sink: &sink) }
        let goal = fields[.goal].flatMap { decodeGoal($0, path: { path() + ".goal" }, sink: &sink) }
        let format = self.format(fields, path: path, sink: &sink)
        let image = fields[.image].flatMap { decodeImage($0, path: { path() + ".image" }, sink: &sink) }

        guard sink.errorCount == errorsBefore, let checkedID, let title, let message else {
            return .rejected(id: checkedID?.id)
        }
        checkRequiredCapabilities(fields, requires: audience?.requires, path: path, sink: &sink)
        let announcement = Announcement(
            id: checkedID.id, revision: revision, title: title, message: message, style: style,
            action: action?.action ?? .dismiss, actionLabel: action?.label, priority: priority,
            startDate: startDate, endDate: endDate, schedule: schedule,
            isDismissible: isDismissible, dismissFor: dismissFor, targetAudience: targetAudience,
            audience: audience, frequency: frequency, placements: placements,
            autoDismissAfter: autoDismissAfter, isDraft: isDraft, trigger: trigger,
            variants: variants ?? [], goal: goal, format: format, image: image)
        checkWayOut(announcement, fields, path: path, sink: &sink)
        return .accepted(announcement, idOffset: checkedID.offset)
    }

    // MARK: - The item's own fields

    /// The item's id and its offset, when it is present and passes its checks: not blank, not too long, and
    /// plain visible text.
    private func id(_ fields: Fields<ItemKey>, path: () -> String, sink: inout DiagnosticSink)
        -> (id: String, offset: Int)?
    {
        guard let id = requiredString(fields, .id, path: path, sink: &sink), let idNode = fields[.id] else {
            return nil
        }
        if Self.isBlank(id) {
            sink.report(.error, "id must not be empty", path: path() + ".id", offset: idNode.offset)
        } else if id.utf8.count > FeedLimits.maximumIDLength, id.count > FeedLimits.maximumIDLength {
            sink.report(
                .error, "id is \(id.count) characters long; at most \(FeedLimits.maximumIDLength) are allowed",
                path: path() + ".id", offset: idNode.offset)
        } else if let bad = FeedLimits.forbiddenScalar(in: id, allowLineBreaks: false, forbidInvisible: true) {
            sink.report(
                .error,
                "id holds the invisible or control character \(FeedLimits.codePoint(bad.scalar)) at position "
                    + "\(bad.index); ids must be plain visible text so they compare as they read",
                path: path() + ".id", offset: idNode.offset)
        } else {
            return (id, idNode.offset)
        }
        return nil
    }

    /// The styles with the UTF-8 of their raw values, to read them from a feed without making a string.
    static let styleNames = Announcement.Style.allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// The style under `key`: `nil` when absent or not a string (reported); an unknown one is info (a
    /// warning).
    func style<Key: FieldKey>(_ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink)
        -> Announcement.Style?
    {
        if let known = Self.caseSpelled(by: fields[key], in: Self.styleNames) { return known }
        guard let styleName = string(fields, key, path: path, sink: &sink) else { return nil }
        if let known = Announcement.Style(rawValue: styleName) { return known }
        let names = Announcement.Style.allCases.map(\.rawValue).joined(separator: ", ")
        let hint = sink.didYouMean(styleName, among: Announcement.Style.allCases.map(\.rawValue))
        sink.report(
            .warning, "unknown style \"\(styleName)\" is shown as info; known styles: \(names)\(hint)",
            path: JSONPath.member(path(), key.name), offset: fields[key]!.offset)
        return .info
    }

    /// The item's start and end dates; an end that is not after the start is reported.
    private func dates(_ fields: Fields<ItemKey>, path: () -> String, sink: inout DiagnosticSink)
        -> (start: Date?, end: Date?)
    {
        let startDate = date(fields, .startDate, path: path, sink: &sink)
        let endDate = date(fields, .endDate, path: path, sink: &sink)
        if let startDate, let endDate, endDate <= startDate {
            sink.report(
                .error,
                "endDate \(Timestamp.format(endDate)) is not after startDate \(Timestamp.format(startDate)); "
                    + "the announcement would never show",
                path: path() + ".endDate", offset: fields[.endDate]!.offset)
        }
        return (startDate, endDate)
    }

    /// The item's target segment: everyone when absent; an empty one is reported.
    private func targetAudience(_ fields: Fields<ItemKey>, path: () -> String, sink: inout DiagnosticSink)
        -> Announcement.Audience
    {
        guard let segment = string(fields, .targetAudience, path: path, sink: &sink) else { return .all }
        guard let audience = Announcement.Audience(rawValue: segment) else {
            sink.report(
                .error, "targetAudience must not be empty; use \"all\" for everyone",
                path: path() + ".targetAudience", offset: fields[.targetAudience]!.offset)
            return .all
        }
        return audience
    }
}
