import Foundation

/// Decodes and checks one item of a feed, reporting every problem it finds with its path.
///
/// The item is usable only when no error was reported while decoding it; warnings (unknown fields,
/// an unknown style, unknown audience keys) leave it usable.
///
/// Paths are passed down as closures that write them out, because almost every value is fine: a path is
/// built only for a finding that is reported.
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

    // The keys of each kind of object: the cases number the slots fields are filed in, and the table
    // holds their names in the same order (a test checks that each name is its case's).

    /// The fields of an announcement.
    enum ItemKey: Int, FieldKey {
        case id, revision, title, message, style, action, priority, startDate, endDate, schedule, isDismissible
        case dismissFor, targetAudience, audience, frequency, placements, autoDismissAfter
        static let table = KeyTable([
            "id", "revision", "title", "message", "style", "action", "priority", "startDate", "endDate", "schedule",
            "isDismissible", "dismissFor", "targetAudience", "audience", "frequency", "placements", "autoDismissAfter",
        ])
    }

    /// The fields of an action.
    enum ActionKey: Int, FieldKey {
        case type, value, label
        static let table = KeyTable(["type", "value", "label"])
    }

    /// The fields of a schedule.
    enum ScheduleKey: Int, FieldKey {
        case timeZone, weekdays, startTime, endTime
        static let table = KeyTable(["timeZone", "weekdays", "startTime", "endTime"])
    }

    /// The fields of an audience.
    enum AudienceKey: Int, FieldKey {
        case platforms, minAppVersion, maxAppVersion, minOSVersion, maxOSVersion, locales, segments
        case rolloutPercentage, targeting
        static let table = KeyTable([
            "platforms", "minAppVersion", "maxAppVersion", "minOSVersion", "maxOSVersion", "locales", "segments",
            "rolloutPercentage", "targeting",
        ])
    }

    /// The fields of a frequency cap.
    enum FrequencyKey: Int, FieldKey {
        case maxImpressions, minimumInterval, oncePerSession
        static let table = KeyTable(["maxImpressions", "minimumInterval", "oncePerSession"])
    }

    /// ``Announcement/Audience/knownPlatforms`` as they are compared, in lower case.
    static let knownPlatformNames = Set(Announcement.Audience.knownPlatforms.map { $0.lowercased() })

    let policy: ActionPolicy
    let defaultLocale: String
    /// ``defaultLocale`` as tags are compared (see ``LanguageTag/normalized(_:)``).
    private let normalizedDefaultLocale: String
    /// The translation tags seen so far.
    private let translationTags: TranslationTags

    /// Whether `text` is empty or only whitespace.
    static func isBlank(_ text: String) -> Bool {
        // ASCII whitespace is U+0009–U+000D and U+0020, so any other ASCII byte settles it without a Unicode
        // property look-up; only text that reaches a non-ASCII scalar first is asked of the properties.
        // Text almost always starts with a visible ASCII character.
        if let first = text.utf8.first, first < 0x80, first != 0x20, !(0x09...0x0D).contains(first) { return false }
        for byte in text.utf8 {
            if byte >= 0x80 { return isBlankByScalars(text) }
            if byte != 0x20 && !(0x09...0x0D).contains(byte) { return false }
        }
        return true
    }

    /// ``isBlank(_:)`` by the Unicode `White_Space` property of every scalar.
    static func isBlankByScalars(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

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

        var checkedID: (id: String, offset: Int)?
        let id = requiredString(fields, .id, path: path, sink: &sink)
        if let id, let idNode = fields[.id] {
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
                checkedID = (id, idNode.offset)
            }
        }
        let title = requiredText(fields, .title, path: path, sink: &sink)
        let message = requiredText(fields, .message, path: path, sink: &sink)
        let revision = integer(fields, .revision, minimum: 0, path: path, sink: &sink) ?? 0
        var style = Announcement.Style.info
        if let known = Self.caseSpelled(by: fields[.style], in: Self.styleNames) {
            style = known
        } else if let styleName = string(fields, .style, path: path, sink: &sink) {
            if let known = Announcement.Style(rawValue: styleName) {
                style = known
            } else {
                let names = Announcement.Style.allCases.map(\.rawValue).joined(separator: ", ")
                sink.report(
                    .warning, "unknown style \"\(styleName)\" is shown as info; known styles: \(names)",
                    path: path() + ".style", offset: fields[.style]!.offset)
            }
        }
        var action: Announcement.Action?
        if let actionNode = fields[.action] {
            action = decodeAction(actionNode, path: { path() + ".action" }, sink: &sink)
        }
        let priority = integer(fields, .priority, path: path, sink: &sink) ?? 0
        let startDate = date(fields, .startDate, path: path, sink: &sink)
        let endDate = date(fields, .endDate, path: path, sink: &sink)
        if let startDate, let endDate, endDate <= startDate {
            sink.report(
                .error,
                "endDate \(Timestamp.format(endDate)) is not after startDate \(Timestamp.format(startDate)); "
                    + "the announcement would never show",
                path: path() + ".endDate", offset: fields[.endDate]!.offset)
        }
        var schedule: Announcement.Schedule?
        if let scheduleNode = fields[.schedule] {
            schedule = decodeSchedule(scheduleNode, path: { path() + ".schedule" }, sink: &sink)
        }
        let isDismissible = bool(fields, .isDismissible, path: path, sink: &sink) ?? true
        let dismissFor = seconds(fields, .dismissFor, allowZero: false, path: path, sink: &sink)
        var targetAudience = Announcement.everyone
        if let segment = string(fields, .targetAudience, path: path, sink: &sink) {
            if segment.isEmpty {
                sink.report(
                    .error, "targetAudience must not be empty; use \"all\" for everyone",
                    path: path() + ".targetAudience", offset: fields[.targetAudience]!.offset)
            } else {
                targetAudience = segment
            }
        }
        var audience: Announcement.Audience?
        if let audienceNode = fields[.audience] {
            audience = decodeAudience(audienceNode, path: { path() + ".audience" }, sink: &sink)
        }
        var frequency: Announcement.Frequency?
        if let frequencyNode = fields[.frequency] {
            frequency = decodeFrequency(frequencyNode, path: { path() + ".frequency" }, sink: &sink)
        }
        let placements = stringList(fields, .placements, path: path, sink: &sink)
        let autoDismissAfter = seconds(fields, .autoDismissAfter, allowZero: false, path: path, sink: &sink)

        guard sink.errorCount == errorsBefore, let checkedID, let title, let message else {
            return .rejected(id: checkedID?.id)
        }
        return .accepted(
            Announcement(
                id: checkedID.id, revision: revision, title: title, message: message, style: style, action: action,
                priority: priority, startDate: startDate, endDate: endDate, schedule: schedule,
                isDismissible: isDismissible, dismissFor: dismissFor, targetAudience: targetAudience,
                audience: audience, frequency: frequency, placements: placements,
                autoDismissAfter: autoDismissAfter),
            idOffset: checkedID.offset)
    }

    // MARK: - Nested objects

    private func decodeAction(_ node: Node, path: () -> String, sink: inout DiagnosticSink)
        -> Announcement.Action?
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
        var type = Announcement.Action.ActionType.dismiss
        let typeIsKnown: Bool
        if let known = Self.caseSpelled(by: fields[.type], in: Self.actionTypeNames) {
            type = known
            typeIsKnown = true
        } else if let typeName = string(fields, .type, path: path, sink: &sink) {
            if let known = Announcement.Action.ActionType(rawValue: typeName) {
                type = known
                typeIsKnown = true
            } else {
                sink.report(
                    .error, "unknown action type \"\(typeName)\"; use deepLink, url or dismiss",
                    path: path() + ".type", offset: fields[.type]!.offset)
                return nil
            }
        } else {
            // Absent, or not a string (which was reported).
            typeIsKnown = fields[.type] == nil
        }
        let value = string(fields, .value, path: path, sink: &sink)
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
                    offset: node.offset)
            }
        }
        if type == .dismiss, typeIsKnown, let value, !Self.isBlank(value) {
            sink.report(
                .warning, "value is ignored for a dismiss action; use type url or deepLink to open it",
                path: path() + ".value", offset: fields[.value]!.offset)
        }
        var label: LocalizedText?
        if let labelNode = fields[.label] {
            label = text(labelNode, path: { path() + ".label" }, name: "label", sink: &sink)
        }
        return Announcement.Action(type: type, value: type == .dismiss ? nil : value, label: label)
    }

    private func decodeSchedule(_ node: Node, path: () -> String, sink: inout DiagnosticSink)
        -> Announcement.Schedule?
    {
        guard case .object = node.kind else {
            if node.isNull { return nil }
            sink.report(
                .error, "schedule must be an object; found \(node.typeDescription)", path: path(), offset: node.offset)
            return nil
        }
        let fields = Fields<ScheduleKey>(node)
        if fields.isIrregular { checkKeys(fields, what: "schedule", path: path, sink: &sink) }
        var schedule = Announcement.Schedule()
        if let zone = string(fields, .timeZone, path: path, sink: &sink) {
            if zone == Announcement.Schedule.localTimeZone || TimeZone(identifier: zone) != nil {
                schedule.timeZone = zone
            } else {
                sink.report(
                    .error,
                    "timeZone \"\(zone)\" is not a known IANA time zone; use a name such as \"Europe/Berlin\", "
                        + "\"UTC\" or \"local\"",
                    path: path() + ".timeZone", offset: fields[.timeZone]!.offset)
            }
        }
        if let weekdaysNode = fields[.weekdays] {
            if case .array = weekdaysNode.kind {
                let items = weekdaysNode.elements
                var days: [Int] = []
                days.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    if case .number(let number) = item.kind, let day = Int(exactly: number), (1...7).contains(day) {
                        days.append(day)
                    } else {
                        sink.report(
                            .error, "weekdays holds 1 (Monday) to 7 (Sunday); found \(item.shortDescription)",
                            path: JSONPath.element(path() + ".weekdays", index), offset: item.offset)
                    }
                }
                if items.isEmpty {
                    sink.report(
                        .error, "weekdays is empty, so the announcement would never show; omit it for every day",
                        path: path() + ".weekdays", offset: weekdaysNode.offset)
                }
                schedule.weekdays = days
            } else {
                sink.report(
                    .error,
                    "weekdays must be an array of numbers 1 (Monday) to 7 (Sunday); found "
                        + weekdaysNode.typeDescription, path: path() + ".weekdays", offset: weekdaysNode.offset)
            }
        }
        schedule.startTime = time(fields, .startTime, allowEndOfDay: false, path: path, sink: &sink)
        schedule.endTime = time(fields, .endTime, allowEndOfDay: true, path: path, sink: &sink)
        return schedule
    }

    private func decodeAudience(_ node: Node, path: () -> String, sink: inout DiagnosticSink)
        -> Announcement.Audience?
    {
        guard case .object = node.kind else {
            if node.isNull { return nil }
            sink.report(
                .error, "audience must be an object; found \(node.typeDescription)", path: path(), offset: node.offset)
            return nil
        }
        let fields = Fields<AudienceKey>(node)
        var audience = Announcement.Audience()
        if fields.isIrregular {
            checkDuplicates(node.members, path: path, sink: &sink)
            for member in node.members where AudienceKey.table.slot(ofKey: member.keyNode) == nil {
                sink.report(
                    .warning,
                    "unknown audience key \"\(member.key)\"; this announcement will not show until the app "
                        + "understands it",
                    path: JSONPath.member(path(), member.key), offset: member.keyOffset)
                audience.unknownKeys[member.key] = member.value.value
            }
        }
        if let platforms = stringList(fields, .platforms, path: path, sink: &sink) {
            for (index, platform) in platforms.enumerated()
            where !Self.isKnownPlatform(platform) {
                let list = Announcement.Audience.knownPlatforms.joined(separator: ", ")
                sink.report(
                    .warning, "platform \"\(platform)\" is not one AnnouncementKit runs on (\(list))",
                    path: JSONPath.element(path() + ".platforms", index),
                    offset: elementOffset(fields[.platforms]!, index))
            }
            audience.platforms = platforms
        }
        audience.minAppVersion = version(fields, .minAppVersion, path: path, sink: &sink)
        audience.maxAppVersion = version(fields, .maxAppVersion, path: path, sink: &sink)
        audience.minOSVersion = version(fields, .minOSVersion, path: path, sink: &sink)
        audience.maxOSVersion = version(fields, .maxOSVersion, path: path, sink: &sink)
        checkRange(
            audience.minAppVersion, audience.maxAppVersion, "AppVersion", fields, .maxAppVersion, path: path,
            sink: &sink)
        checkRange(
            audience.minOSVersion, audience.maxOSVersion, "OSVersion", fields, .maxOSVersion, path: path, sink: &sink)
        if let locales = stringList(fields, .locales, path: path, sink: &sink) {
            for (index, locale) in locales.enumerated() where !LanguageTag.isWellFormed(locale) {
                sink.report(
                    .error, "\"\(locale)\" is not a language tag; write tags such as \"de\" or \"fr-CA\"",
                    path: JSONPath.element(path() + ".locales", index),
                    offset: elementOffset(fields[.locales]!, index))
            }
            audience.locales = locales
        }
        audience.segments = stringList(fields, .segments, path: path, sink: &sink)
        if let percentage = number(fields, .rolloutPercentage, path: path, sink: &sink) {
            if (0...100).contains(percentage) {
                audience.rolloutPercentage = percentage
            } else {
                sink.report(
                    .error,
                    "rolloutPercentage must be between 0 and 100; found \(JSONWriter.format(number: percentage))",
                    path: path() + ".rolloutPercentage", offset: fields[.rolloutPercentage]!.offset)
            }
        }
        if let targetingNode = fields[.targeting] {
            let (depth, nodes) = Self.measure(targetingNode)
            if depth > FeedLimits.maximumRuleDepth || nodes > FeedLimits.maximumRuleNodes {
                sink.report(
                    .error,
                    "targeting rule is \(depth) levels deep with \(nodes) values; at most "
                        + "\(FeedLimits.maximumRuleDepth) levels and \(FeedLimits.maximumRuleNodes) values are allowed",
                    path: path() + ".targeting", offset: targetingNode.offset)
                return audience
            }
            do {
                audience.targeting = try TargetingRule(targetingNode.value)
            } catch {
                let rulePath = path() + ".targeting" + error.path.dropFirst()
                sink.report(
                    .error, "targeting rule: \(error.message)", path: rulePath,
                    offset: Self.offset(in: targetingNode, at: error.path) ?? targetingNode.offset)
            }
        }
        return audience
    }

    /// Reports a `max…` version below its `min…` version (`name` is `AppVersion` or `OSVersion`).
    private func checkRange(
        _ low: SemanticVersion?, _ high: SemanticVersion?, _ name: String, _ fields: Fields<AudienceKey>,
        _ highKey: AudienceKey, path: () -> String, sink: inout DiagnosticSink
    ) {
        if let low, let high, high < low {
            sink.report(
                .error, "max\(name) \(high) is below min\(name) \(low); no version would match",
                path: path() + ".max\(name)", offset: fields[highKey]!.offset)
        }
    }

    private func decodeFrequency(_ node: Node, path: () -> String, sink: inout DiagnosticSink)
        -> Announcement.Frequency?
    {
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

    // MARK: - Fields

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

    /// The offset of element `index` of an array node (the array's own offset if it has none).
    private func elementOffset(_ node: Node, _ index: Int) -> Int {
        guard case .array = node.kind, let item = Self.element(index, of: node) else { return node.offset }
        return item.offset
    }

    /// Element `index` of the array `node`, if it has one.
    private static func element(_ index: Int, of node: Node) -> Node? {
        guard index >= 0 else { return nil }
        return node.elements.dropFirst(index).first
    }

    /// Reports every member whose key an earlier member of the same object already has.
    private func checkDuplicates(_ members: JSONTape.Members, path: () -> String, sink: inout DiagnosticSink) {
        guard members.count > 1 else { return }
        // A few keys are told apart faster by comparing each pair than by hashing them.
        if members.count <= 8, !Self.hasRepeatedKey(members) { return }
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            sink.report(
                .error, "the key \"\(member.key)\" appears twice; keep one",
                path: JSONPath.member(path(), member.key), offset: member.keyOffset)
        }
    }

    /// Whether two members have the same key, by comparing every pair.
    private static func hasRepeatedKey(_ members: JSONTape.Members) -> Bool {
        for later in members.indices.dropFirst() {
            for earlier in members.indices.prefix(while: { $0 < later })
            where Self.sameKey(members[earlier].keyNode, members[later].keyNode) {
                return true
            }
        }
        return false
    }

    /// Whether two keys are equal as strings, compared by their bytes when both are written without escapes
    /// (then equal bytes are equal strings, and different ASCII bytes different strings).
    private static func sameKey(_ first: Node, _ second: Node) -> Bool {
        if let firstText = first.unescapedText, let secondText = second.unescapedText {
            if firstText.count == secondText.count && zip(firstText, secondText).allSatisfy({ $0 == $1 }) {
                return true
            }
            if !firstText.contains(where: { $0 >= 0x80 }) && !secondText.contains(where: { $0 >= 0x80 }) {
                return false
            }
        }
        return first.stringValue == second.stringValue
    }

    /// Reports repeated keys, then unknown ones.
    private func checkKeys<Key: FieldKey>(
        _ fields: Fields<Key>, what: String, path: () -> String, sink: inout DiagnosticSink
    ) {
        checkDuplicates(fields.members, path: path, sink: &sink)
        for member in fields.members where Key.table.slot(ofKey: member.keyNode) == nil {
            sink.report(
                .warning, "unknown \(what) field \"\(member.key)\" is ignored",
                path: JSONPath.member(path(), member.key), offset: member.keyOffset)
        }
    }

    private func mismatch(
        _ name: String, _ expected: String, _ node: Node, _ path: String, _ sink: inout DiagnosticSink
    ) {
        sink.report(
            .error,
            "\(name) must be \(expected); found \(node.typeDescription == node.shortDescription ? node.typeDescription : "\(node.typeDescription) \(node.shortDescription)")",
            path: path, offset: node.offset)
    }

    private func requiredString<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> String? {
        guard fields[key] != nil else {
            sink.report(
                .error, "\"\(key.name)\" is missing; every announcement needs one", path: path(),
                offset: fields.offset)
            return nil
        }
        return string(fields, key, path: path, sink: &sink)
    }

    private func string<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> String? {
        guard let node = fields[key] else { return nil }
        guard let value = node.stringValue else {
            mismatch(key.name, "a string", node, JSONPath.member(path(), key.name), &sink)
            return nil
        }
        return value
    }

    private func number<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> Double? {
        guard let node = fields[key] else { return nil }
        guard case .number(let value) = node.kind else {
            mismatch(key.name, "a number", node, JSONPath.member(path(), key.name), &sink)
            return nil
        }
        return value
    }

    private func integer<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, minimum: Int? = nil, path: () -> String, sink: inout DiagnosticSink
    ) -> Int? {
        guard let node = fields[key] else { return nil }
        guard case .number(let value) = node.kind, let integer = Int(exactly: value),
            abs(value) <= 9_007_199_254_740_991
        else {
            mismatch(key.name, "an integer", node, JSONPath.member(path(), key.name), &sink)
            return nil
        }
        if let minimum, integer < minimum {
            sink.report(
                .error, "\(key.name) must be at least \(minimum); found \(integer)",
                path: JSONPath.member(path(), key.name), offset: node.offset)
            return nil
        }
        return integer
    }

    private func seconds<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, allowZero: Bool, path: () -> String, sink: inout DiagnosticSink
    ) -> TimeInterval? {
        guard let value = number(fields, key, path: path, sink: &sink) else { return nil }
        guard value <= FeedLimits.maximumSeconds else {
            sink.report(
                .error,
                "\(key.name) is \(JSONWriter.format(number: value)) seconds; at most "
                    + "\(JSONWriter.format(number: FeedLimits.maximumSeconds)) (ten years) are allowed",
                path: JSONPath.member(path(), key.name), offset: fields[key]!.offset)
            return nil
        }
        guard allowZero ? value >= 0 : value > 0 else {
            sink.report(
                .error,
                "\(key.name) is a number of seconds and must be \(allowZero ? "zero or more" : "more than zero"); "
                    + "found \(JSONWriter.format(number: value))",
                path: JSONPath.member(path(), key.name), offset: fields[key]!.offset)
            return nil
        }
        return value
    }

    private func bool<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> Bool? {
        guard let node = fields[key] else { return nil }
        guard case .bool(let value) = node.kind else {
            mismatch(key.name, "true or false", node, JSONPath.member(path(), key.name), &sink)
            return nil
        }
        return value
    }

    private func stringList<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> [String]? {
        guard let node = fields[key] else { return nil }
        guard case .array = node.kind else {
            mismatch(key.name, "an array of strings", node, JSONPath.member(path(), key.name), &sink)
            return nil
        }
        let items = node.elements
        var values: [String] = []
        values.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let value = item.stringValue, !value.isEmpty {
                values.append(value)
            } else {
                mismatch(
                    "each entry of \(key.name)", "a non-empty string", item,
                    JSONPath.element(JSONPath.member(path(), key.name), index), &sink)
            }
        }
        if items.isEmpty {
            sink.report(
                .error, "\(key.name) is empty, so nothing would match; omit it to leave it unrestricted",
                path: JSONPath.member(path(), key.name), offset: node.offset)
        }
        return values
    }

    private func date<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> Date? {
        // Most timestamps are read straight from the feed's bytes; a string is made only for escapes or a finding.
        if let node = fields[key], let utf8 = node.unescapedText, let date = try? Timestamp.parse(utf8: utf8) {
            return date
        }
        guard let text = string(fields, key, path: path, sink: &sink) else { return nil }
        do {
            return try Timestamp.parse(text)
        } catch {
            sink.report(
                .error, "\(key.name) \(JSONWriter.quote(text)) \(error)",
                path: JSONPath.member(path(), key.name), offset: fields[key]!.offset)
            return nil
        }
    }

    private func time<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, allowEndOfDay: Bool, path: () -> String, sink: inout DiagnosticSink
    ) -> TimeOfDay? {
        guard let text = string(fields, key, path: path, sink: &sink) else { return nil }
        if let time = TimeOfDay(text), allowEndOfDay || time.hour < 24 { return time }
        sink.report(
            .error,
            "\(key.name) \(JSONWriter.quote(text)) is not a time; write HH:mm from 00:00 to \(allowEndOfDay ? "24:00" : "23:59")",
            path: JSONPath.member(path(), key.name), offset: fields[key]!.offset)
        return nil
    }

    private func version<Key: FieldKey>(
        _ fields: Fields<Key>, _ key: Key, path: () -> String, sink: inout DiagnosticSink
    ) -> SemanticVersion? {
        guard let text = string(fields, key, path: path, sink: &sink) else { return nil }
        if let version = SemanticVersion(text) { return version }
        sink.report(
            .error, "\(key.name) \(JSONWriter.quote(text)) is not a version; write it like 2.5 or 2.5.1",
            path: JSONPath.member(path(), key.name), offset: fields[key]!.offset)
        return nil
    }

    private func requiredText(
        _ fields: Fields<ItemKey>, _ key: ItemKey, path: () -> String, sink: inout DiagnosticSink
    ) -> LocalizedText? {
        guard let node = fields[key] else {
            sink.report(
                .error, "\"\(key.name)\" is missing; every announcement needs one", path: path(),
                offset: fields.offset)
            return nil
        }
        return text(node, path: { JSONPath.member(path(), key.name) }, name: key.name, sink: &sink)
    }

    /// A string, or an object of language tag → string that has the feed's default locale.
    private func text(_ node: Node, path: () -> String, name: String, sink: inout DiagnosticSink)
        -> LocalizedText?
    {
        switch node.kind {
        case .string:
            let value = node.stringValue!
            guard !Self.isBlank(value) else {
                sink.report(.error, "\(name) must not be empty", path: path(), offset: node.offset)
                return nil
            }
            guard
                checkTextLimits(
                    value, name: name, isMessage: name == "message", path: path, offset: node.offset, sink: &sink)
            else {
                return nil
            }
            return LocalizedText(value)
        case .object:
            let members = node.members
            let errorsBefore = sink.errorCount
            checkDuplicates(members, path: path, sink: &sink)
            // Pairs, not a dictionary: when the text is kept, no error was reported, so its tags are
            // well-formed and without duplicates.
            var translations: [(tag: String, text: String)] = []
            translations.reserveCapacity(members.count)
            var hasDefaultLocale = false
            let isMessage = name == "message"
            for member in members {
                let checked = translationTags.tag(member.keyNode)
                let tag = checked.text
                if checked.isDefaultLocale { hasDefaultLocale = true }
                func memberPath() -> String { JSONPath.member(path(), tag) }
                if !checked.isWellFormed {
                    sink.report(
                        .error,
                        "\"\(tag)\" is not a language tag; key translations by tags such as \"en\" or \"de-AT\"",
                        path: memberPath(), offset: member.keyOffset)
                }
                guard let value = member.value.stringValue, !Self.isBlank(value) else {
                    mismatch("the \(tag) text of \(name)", "a non-empty string", member.value, memberPath(), &sink)
                    continue
                }
                guard
                    checkTextLimits(
                        value, name: name, isMessage: isMessage, path: memberPath, offset: member.value.offset,
                        sink: &sink)
                else { continue }
                translations.append((tag, value))
            }
            if !hasDefaultLocale
                && !members.contains(where: { LanguageTag.normalized($0.key) == normalizedDefaultLocale })
            {
                sink.report(
                    .error,
                    "\(name) has no \"\(defaultLocale)\" text; the feed's defaultLocale is the fallback for every "
                        + "other language, so add it",
                    path: path(), offset: node.offset)
            }
            return sink.errorCount == errorsBefore ? LocalizedText(uniqueTranslations: translations) : nil
        default:
            mismatch(name, "a string or an object of language tag to string", node, path(), &sink)
            return nil
        }
    }

    /// Whether a text is within its length limit and free of control characters; reports when not.
    private func checkTextLimits(
        _ value: String, name: String, isMessage: Bool, path: () -> String, offset: Int, sink: inout DiagnosticSink
    ) -> Bool {
        let limit = isMessage ? FeedLimits.maximumMessageLength : FeedLimits.maximumTitleLength
        // A character is at least one UTF-8 byte: count characters only when the bytes could exceed the limit.
        if value.utf8.count > limit, value.count > limit {
            sink.report(
                .error, "\(name) is \(value.count) characters long; at most \(limit) are allowed", path: path(),
                offset: offset)
            return false
        }
        if let bad = FeedLimits.forbiddenScalar(in: value, allowLineBreaks: isMessage, forbidInvisible: false) {
            let allowed = isMessage ? " (newline and tab are allowed)" : ""
            sink.report(
                .error,
                "\(name) holds the control character \(FeedLimits.codePoint(bad.scalar)) at position \(bad.index)"
                    + "\(allowed); remove it",
                path: path(), offset: offset)
            return false
        }
        return true
    }
}

// MARK: - Names read without making strings

extension AnnouncementNodeDecoder {
    /// The styles and action types with the UTF-8 of their raw values, to read them from a feed without
    /// making a string.
    static let styleNames = Announcement.Style.allCases.map { ($0, Array($0.rawValue.utf8)) }
    static let actionTypeNames = Announcement.Action.ActionType.allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// The case whose raw value the string `node` spells, when that is told by its bytes alone: plain ASCII
    /// (which `init(rawValue:)` would match exactly when the bytes match). `nil` for anything else, which
    /// is left to `init(rawValue:)`.
    static func caseSpelled<Value>(by node: Node?, in names: [(Value, [UInt8])]) -> Value? {
        guard let text = node?.asciiText else { return nil }
        return names.first { $0.1.count == text.count && $0.1.elementsEqual(text) }?.0
    }

    /// ``knownPlatformNames`` as UTF-8.
    private static let knownPlatformBytes = knownPlatformNames.map { Array($0.utf8) }

    /// Whether `platform` is one of ``knownPlatformNames`` in any case. ASCII is compared byte by byte
    /// (its lower case is its ASCII lower case, and two ASCII strings are equal when their bytes are);
    /// anything else is lower-cased and looked up as a string.
    static func isKnownPlatform(_ platform: String) -> Bool {
        var text = platform
        let asASCII: Bool? = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return knownPlatformBytes.contains { name in
                name.count == bytes.count
                    && name.indices.allSatisfy { index in
                        let byte = bytes[index]
                        return name[index] == ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
                    }
            }
        }
        return asASCII ?? knownPlatformNames.contains(platform.lowercased())
    }
}
