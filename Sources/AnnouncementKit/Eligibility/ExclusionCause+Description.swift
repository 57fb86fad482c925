import Foundation

// The one place an exclusion's words are made: `announce simulate`, the manager's explanations, the
// HTML preview and the logs read them through `description` (as `Exclusion.detail` and
// `Eligibility.detail`) when they show an exclusion; the evaluator never writes them.

extension ExclusionCause: CustomStringConvertible {
    /// The cause in a short sentence for people, such as `appVersion 2.4.0 < minAppVersion 2.5.0`.
    public var description: String {
        switch self {
        case .invalid(let error): error.map { "\($0.message) (\($0.path))" } ?? "failed validation"
        case .startsAt(let date): "starts at \(Timestamp.format(date))"
        case .endedAt(let date): "ended at \(Timestamp.format(date))"
        case .outsideWindow(let schedule): "outside its schedule window \(Self.describe(schedule))"
        case .dismissed(let date, let revision, let until):
            "dismissed at \(Timestamp.format(date)) (revision \(revision)), "
                + (until.map { "until \(Timestamp.format($0))" } ?? "for good")
        case .hiddenForSession: "hidden for this session (autoDismissAfter)"
        case .draft: "draft: test devices only"
        case .targetAudience(let audience): "targetAudience \(audience.rawValue): the user is not in that segment"
        case .unknownAudienceKey(let key): "unknown audience key \(key); this version of the app cannot check it"
        case .unsupportedCapability(let name): "requires \"\(name)\", which this app does not support"
        case .platform(let platform, let platforms): "platform \(platform) not in \(Self.list(platforms))"
        case .version(let key, let bound, let actual): Self.describeVersion(key, bound, actual)
        case .localeUnknown(let locales): "locale unknown; locales are \(Self.list(locales))"
        case .locale(let locale, let locales): "locale \(locale) matches none of \(Self.list(locales))"
        case .segments(let mine, let segments):
            "user segments \(Self.list(mine.sorted())) include none of \(Self.list(segments))"
        case .targetingFalse(let result): "targeting rule is false (result \(result))"
        case .targetingFailed(let error):
            // Running out of budget is a fault of the rule as a whole, and says so alone.
            error == .budgetExceeded ? error.message : "targeting rule failed: \(error.message)"
        case .rollout(let bucket, let percentage):
            "bucket \(bucket) of 10000 is not below \(JSONWriter.format(number: percentage * 100)) "
                + "(rolloutPercentage \(JSONWriter.format(number: percentage)))"
        case .holdout(let variantID): "holdout variant \(variantID)"
        case .waitingForEvent(let event, let seen, let minCount):
            "waiting for event \(event) (seen \(seen) of \(minCount))"
        case .eventWindowOver(let event, let lastSeen, let within, let date):
            Self.describeWindow(event, lastSeen: lastSeen, within: within, at: date)
        case .maxImpressions(let maximum, let shown): "maxImpressions \(maximum) reached (\(shown) shown)"
        case .minimumInterval(let interval, let last):
            "minimumInterval \(JSONWriter.format(number: interval)) s: last shown \(Timestamp.format(last)), "
                + "may show again at \(Timestamp.format(last.addingTimeInterval(interval)))"
        case .oncePerSession: "oncePerSession: already shown in this session"
        case .globalDailyLimit(let maximum): "global limit: \(maximum) impressions in the last 24 hours"
        case .globalMinimumInterval(let interval):
            "global minimum interval: \(JSONWriter.format(number: interval)) s since the last banner"
        case .noPlacement(let placements):
            "shows only at placements \(Self.list(placements)); this banner has no placement"
        case .placement(let placement, let placements):
            "placements \(Self.list(placements)) do not include \(placement)"
        case .onScreenElsewhere(let placement):
            "on screen at " + (placement.map { "placement \"\($0)\"" } ?? "the banner without a placement name")
                + "; an announcement shows at one placement at a time"
        }
    }

    /// `[a, b, c]`.
    private static func list(_ items: [String]) -> String {
        "[\(items.joined(separator: ", "))]"
    }

    /// `appVersion 2.4.0 < minAppVersion 2.5.0`, `osVersion unknown; maxOSVersion is 18.0.0`.
    private static func describeVersion(_ key: String, _ bound: SemanticVersion, _ actual: SemanticVersion?) -> String {
        let subject = key.hasSuffix("AppVersion") ? "appVersion" : "osVersion"
        guard let actual else { return "\(subject) unknown; \(key) is \(bound)" }
        return "\(subject) \(actual) \(key.hasPrefix("min") ? "<" : ">") \(key) \(bound)"
    }

    /// `event E last seen 600 s ago (within 300 s)`, or `… last seen at T, ahead of the clock …`.
    private static func describeWindow(_ event: String, lastSeen: Date, within: TimeInterval, at date: Date) -> String {
        let within = JSONWriter.format(number: within)
        let ago = date.timeIntervalSince(lastSeen)
        guard ago >= 0 else {
            return "event \(event) last seen at \(Timestamp.format(lastSeen)), ahead of the clock (within \(within) s)"
        }
        return "event \(event) last seen \(JSONWriter.format(number: ago.rounded(.down))) s ago (within \(within) s)"
    }

    /// `Mon,Tue 09:00–17:00 Europe/Berlin`, `daily 00:00–24:00 UTC`.
    private static func describe(_ schedule: Announcement.Schedule) -> String {
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let days = schedule.weekdays.map { $0.map { names[$0 - 1] }.joined(separator: ",") } ?? "daily"
        let start = schedule.startTime?.description ?? "00:00"
        let end = schedule.endTime?.description ?? "24:00"
        return "\(days) \(start)–\(end) \(schedule.timeZone)"
    }
}
