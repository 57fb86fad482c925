public import Foundation

/// Decides whether each announcement may show, from the announcement, the context, the recorded
/// state, the placement and the instant.
///
/// Checks run in the order of ``ExclusionReason``: schedule, dismissal, audience, rollout (and a
/// holdout variant), trigger, frequency (the item's own, then the feed's global ``limits``), placement; the first that
/// fails gives the reason.
///
/// The evaluator keeps nothing from one call to the next: the same inputs always give the same
/// answer. The one thing worth keeping while many announcements are evaluated, the data a targeting
/// rule reads (built from the context for one instant), is kept in a memo that the caller owns and
/// passes in: ``AnnouncementSelector`` keeps one for the length of a selection, the manager one per
/// placement for as long as it keeps that placement's answers, and ``evaluate(_:at:)`` uses a fresh
/// one per call. A memo holds the data for one instant and builds it again when asked for another.
public struct EligibilityEvaluator: Sendable {
    /// Who is looking.
    public var context: AnnouncementContext
    /// Dismissals and impressions.
    public var state: AnnouncementState
    /// Date ranges and recurring windows.
    public var scheduler: AnnouncementScheduler
    /// The banner's placement name; `nil` is a banner attached without one, which shows only
    /// announcements that have no `placements`.
    public var placement: String?
    /// The feed's global limits; `nil` when it sets none.
    public var limits: AnnouncementFeed.Limits?

    /// Creates an evaluator.
    public init(
        context: AnnouncementContext, state: AnnouncementState = AnnouncementState(),
        scheduler: AnnouncementScheduler = AnnouncementScheduler(), placement: String? = nil,
        limits: AnnouncementFeed.Limits? = nil
    ) {
        self.context = context
        self.state = state
        self.scheduler = scheduler
        self.placement = placement
        self.limits = limits
    }

    /// Whether `announcement` may show at `date`, and if not why.
    public func evaluate(_ announcement: Announcement, at date: Date) -> Eligibility {
        var memo = EligibilityMemo()
        return evaluate(announcement, at: date, detailed: true, memo: &memo)
    }

    /// ``evaluate(_:at:)`` within a pass over many announcements, whose rule data `memo` keeps; the
    /// memo must have served no other ``context``.
    package func evaluate(_ announcement: Announcement, at date: Date, memo: inout EligibilityMemo) -> Eligibility {
        evaluate(announcement, at: date, detailed: true, memo: &memo)
    }

    /// ``evaluate(_:at:memo:)``; with `detailed` false the detail is left empty, for callers that only
    /// need the answer (the next-change search evaluates at many instants and reads no details).
    func evaluate(
        _ announcement: Announcement, at date: Date, detailed: Bool, memo: inout EligibilityMemo
    ) -> Eligibility {
        switch scheduler.status(of: announcement, at: date) {
        case .notStarted:
            return Self.excluded(detailed, .notStarted, "starts at \(Timestamp.format(announcement.startDate ?? date))")
        case .expired:
            return Self.excluded(detailed, .expired, "ended at \(Timestamp.format(announcement.endDate ?? date))")
        case .outsideWindow:
            return Self.excluded(
                detailed, .outsideWindow, "outside its schedule window \(Self.describe(announcement.schedule))")
        case .active:
            break
        }
        let dismissal = state.dismissal(of: announcement, at: date)
        if dismissal.isDismissed, let record = state.dismissals[announcement.id] {
            let until = dismissal.until.map { "until \(Timestamp.format($0))" } ?? "for good"
            return Self.excluded(
                detailed,
                .dismissed, "dismissed at \(Timestamp.format(record.date)) (revision \(record.revision)), \(until)")
        }
        if let detail = audienceMismatch(announcement, at: date, detailed: detailed, memo: &memo) {
            return Self.excluded(detailed, .audienceMismatch, detail)
        }
        if let percentage = announcement.audience?.rolloutPercentage,
            !Rollout.isIncluded(
                announcementID: announcement.id, userID: context.rolloutKey, percentage: percentage)
        {
            let bucket = Rollout.bucket(for: announcement.id + context.rolloutKey)
            return Self.excluded(
                detailed,
                .rolloutExcluded,
                "bucket \(bucket) of 10000 is not below \(JSONWriter.format(number: percentage * 100)) "
                    + "(rolloutPercentage \(JSONWriter.format(number: percentage)))")
        }
        if let variant = announcement.variant(for: context.rolloutKey), variant.isHoldout {
            return Self.excluded(detailed, .rolloutExcluded, "holdout variant \(variant.id)")
        }
        if let detail = triggerProblem(announcement, at: date, detailed: detailed) {
            return .excluded(.notTriggered, detail)
        }
        if let detail = frequencyCap(announcement, at: date, detailed: detailed)
            ?? globalLimit(announcement, at: date, detailed: detailed)
        {
            return Self.excluded(detailed, .frequencyCapped, detail)
        }
        if let placements = announcement.placements {
            guard let placement else {
                return Self.excluded(
                    detailed,
                    .placementMismatch,
                    "shows only at placements [\(placements.joined(separator: ", "))]; this banner has no placement")
            }
            if !placements.contains(placement) {
                return Self.excluded(
                    detailed,
                    .placementMismatch, "placements [\(placements.joined(separator: ", "))] do not include \(placement)"
                )
            }
        }
        return .eligible
    }

    /// An exclusion whose detail is written only when asked for.
    private static func excluded(
        _ detailed: Bool, _ reason: ExclusionReason, _ detail: @autoclosure () -> String
    ) -> Eligibility {
        .excluded(reason, detailed ? detail() : "")
    }

    /// `text` when details are asked for, else an empty detail.
    private static func detail(_ detailed: Bool, _ text: @autoclosure () -> String) -> String {
        detailed ? text() : ""
    }

    // MARK: - Audience

    /// Why `actual` is outside the bound named `name` (`minAppVersion`, `maxOSVersion`, …), if it is.
    private func versionProblem(
        _ name: String, _ bound: SemanticVersion?, _ actual: SemanticVersion?, detailed: Bool
    ) -> String? {
        guard let bound else { return nil }
        let subject = name.hasSuffix("AppVersion") ? "appVersion" : "osVersion"
        guard let actual else { return Self.detail(detailed, "\(subject) unknown; \(name) is \(bound)") }
        let isMinimum = name.hasPrefix("min")
        if isMinimum, actual < bound { return Self.detail(detailed, "\(subject) \(actual) < \(name) \(bound)") }
        if !isMinimum, bound < actual { return Self.detail(detailed, "\(subject) \(actual) > \(name) \(bound)") }
        return nil
    }

    /// Foundation's case-insensitive comparison, answered without it for the usual ASCII names.
    static func equalIgnoringCase(_ left: String, _ right: String) -> Bool {
        let (leftBytes, rightBytes) = (left.utf8, right.utf8)
        if leftBytes.allSatisfy({ $0 < 0x80 }), rightBytes.allSatisfy({ $0 < 0x80 }) {
            return leftBytes.count == rightBytes.count
                && zip(leftBytes, rightBytes).allSatisfy { lower($0) == lower($1) }
        }
        return left.caseInsensitiveCompare(right) == .orderedSame
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Why the audience excludes `announcement` at `date`, if it does; with `includingTimedRule` false a
    /// targeting rule that reads the time is left out (the next-change search asks what time cannot change).
    func audienceMismatch(
        _ announcement: Announcement, at date: Date, detailed: Bool, includingTimedRule: Bool = true,
        memo: inout EligibilityMemo
    ) -> String? {
        if announcement.isDraft, !context.isTestDevice {
            return Self.detail(detailed, "draft: test devices only")
        }
        let target = announcement.targetAudience
        if target != .all, !context.segments.contains(target.rawValue) {
            return Self.detail(
                detailed, "targetAudience \(target.rawValue): the user is not in that segment")
        }
        guard let audience = announcement.audience else { return nil }
        if let key = audience.unknownKeys.keys.min() {
            return Self.detail(detailed, "unknown audience key \(key); this version of the app cannot check it")
        }
        if let requires = audience.requires,
            let name = requires.first(where: { !Announcement.AudienceRules.supportedCapabilities.contains($0) })
        {
            return Self.detail(detailed, "requires \"\(name)\", which this app does not support")
        }
        if let platforms = audience.platforms,
            !platforms.contains(where: { Self.equalIgnoringCase($0, context.platform) })
        {
            return Self.detail(detailed, "platform \(context.platform) not in [\(platforms.joined(separator: ", "))]")
        }
        if let problem = versionProblem("minAppVersion", audience.minAppVersion, context.appVersion, detailed: detailed)
            ?? versionProblem("maxAppVersion", audience.maxAppVersion, context.appVersion, detailed: detailed)
            ?? versionProblem("minOSVersion", audience.minOSVersion, context.osVersion, detailed: detailed)
            ?? versionProblem("maxOSVersion", audience.maxOSVersion, context.osVersion, detailed: detailed)
        {
            return problem
        }
        if let locales = audience.locales {
            guard let locale = context.locale else {
                return Self.detail(detailed, "locale unknown; locales are [\(locales.joined(separator: ", "))]")
            }
            if !locales.contains(where: { LanguageTag.isPrefix($0, of: locale) }) {
                return Self.detail(detailed, "locale \(locale) matches none of [\(locales.joined(separator: ", "))]")
            }
        }
        if let segments = audience.segments, !segments.contains(where: context.segments.contains) {
            let mine = context.segments.sorted().joined(separator: ", ")
            return Self.detail(
                detailed, "user segments [\(mine)] include none of [\(segments.joined(separator: ", "))]")
        }
        if let rule = audience.targeting, includingTimedRule || !rule.readsTime {
            let data = memo.ruleData(for: context, events: state.events, announcementID: announcement.id, at: date)
            do {
                // One evaluation: `isSatisfied` would run the rule a second time.
                let result = try rule.evaluate(data)
                if !JSCoercion.isTruthy(result) {
                    return Self.detail(detailed, "targeting rule is false (result \(result))")
                }
            } catch {
                // Running out of budget is a fault of the rule as a whole, and says so alone.
                return Self.detail(
                    detailed, error == .budgetExceeded ? error.message : "targeting rule failed: \(error.message)")
            }
        }
        return nil
    }

    // MARK: - Frequency

    private func frequencyCap(_ announcement: Announcement, at date: Date, detailed: Bool) -> String? {
        guard let frequency = announcement.frequency else { return nil }
        let record = state.impressions[announcement.id]
        if let maximum = frequency.maxImpressions, let record, record.count >= maximum {
            return Self.detail(detailed, "maxImpressions \(maximum) reached (\(record.count) shown)")
        }
        // A last impression dated more than the interval ahead means the clock went back: not trusted.
        if let interval = frequency.minimumInterval, let record,
            AnnouncementState.timedEnd(since: record.last, lasting: interval, at: date) != nil
        {
            return Self.detail(
                detailed,
                "minimumInterval \(JSONWriter.format(number: interval)) s: last shown "
                    + "\(Timestamp.format(record.last)), may show again at "
                    + Timestamp.format(record.last.addingTimeInterval(interval)))
        }
        if frequency.oncePerSession, state.shownThisSession.contains(announcement.id) {
            return Self.detail(detailed, "oncePerSession: already shown in this session")
        }
        return nil
    }

    private static func describe(_ schedule: Announcement.Schedule?) -> String {
        guard let schedule else { return "" }
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let days = schedule.weekdays.map { $0.map { names[$0 - 1] }.joined(separator: ",") } ?? "daily"
        let start = schedule.startTime?.description ?? "00:00"
        let end = schedule.endTime?.description ?? "24:00"
        return "\(days) \(start)–\(end) \(schedule.timeZone)"
    }
}
