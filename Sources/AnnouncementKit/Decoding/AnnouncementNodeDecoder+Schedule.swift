import Foundation

/// An announcement's weekly schedule: its time zone, weekdays and daily window.
extension AnnouncementNodeDecoder {
    /// The fields of a schedule.
    enum ScheduleKey: String, FieldKey {
        case timeZone, weekdays, startTime, endTime
        static let table = KeyTable(Self.self)
    }

    /// The schedule `node`; `nil` for `null` or when it is not an object (reported).
    func decodeSchedule(_ node: Node, path: () -> String, sink: inout DiagnosticSink) -> Announcement.Schedule? {
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
            schedule.weekdays = weekdays(weekdaysNode, path: { path() + ".weekdays" }, sink: &sink)
        }
        schedule.startTime = time(fields, .startTime, allowEndOfDay: false, path: path, sink: &sink)
        schedule.endTime = time(fields, .endTime, allowEndOfDay: true, path: path, sink: &sink)
        return schedule
    }

    /// The weekdays `node` lists, 1 (Monday) to 7 (Sunday), without the entries that are not (reported);
    /// `nil` when it is not an array (reported).
    private func weekdays(_ node: Node, path: () -> String, sink: inout DiagnosticSink) -> [Int]? {
        guard case .array = node.kind else {
            sink.report(
                .error,
                "weekdays must be an array of numbers 1 (Monday) to 7 (Sunday); found " + node.typeDescription,
                path: path(), offset: node.offset)
            return nil
        }
        let items = node.elements
        var days: [Int] = []
        days.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if case .number(let number) = item.kind, let day = Int(exactly: number), (1...7).contains(day) {
                days.append(day)
            } else {
                sink.report(
                    .error, "weekdays holds 1 (Monday) to 7 (Sunday); found \(item.shortDescription)",
                    path: JSONPath.element(path(), index), offset: item.offset)
            }
        }
        if items.isEmpty {
            sink.report(
                .error, "weekdays is empty, so the announcement would never show; omit it for every day",
                path: path(), offset: node.offset)
        }
        return days
    }

    /// A time of day written `HH:mm`, up to 23:59 (or 24:00 too, when `allowEndOfDay`).
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
}
