package import Foundation

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
/// passes in: `AnnouncementSelector` keeps one for the length of a selection, the manager one per
/// placement for as long as it keeps that placement's answers, and ``evaluate(_:at:)`` uses a fresh
/// one per call. A memo holds the data for one instant and builds it again when asked for another.
package struct EligibilityEvaluator: Sendable {
    /// Who is looking.
    package var context: AnnouncementContext
    /// Dismissals and impressions.
    package var state: AnnouncementState
    /// Date ranges and recurring windows.
    package var scheduler: AnnouncementScheduler
    /// The banner's placement name; `nil` is a banner attached without one, which shows only
    /// announcements that have no `placements`.
    package var placement: String?
    /// The feed's global limits; `nil` when it sets none.
    package var limits: AnnouncementFeed.Limits?

    /// Creates an evaluator.
    package init(
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
    package func evaluate(_ announcement: Announcement, at date: Date) -> Eligibility {
        var memo = EligibilityMemo()
        return evaluate(announcement, at: date, memo: &memo)
    }

    /// ``evaluate(_:at:)`` within a pass over many announcements, whose rule data `memo` keeps; the
    /// memo must have served no other ``context``. An exclusion's ``ExclusionCause`` is a plain value,
    /// so the next-change search, which evaluates at many instants and reads no details, pays for no text.
    package func evaluate(_ announcement: Announcement, at date: Date, memo: inout EligibilityMemo) -> Eligibility {
        switch scheduler.status(of: announcement, at: date) {
        case .notStarted:
            return .excluded(.startsAt(announcement.startDate ?? date))
        case .expired:
            return .excluded(.endedAt(announcement.endDate ?? date))
        case .outsideWindow:
            // The scheduler answers `outsideWindow` only for an announcement that has a schedule.
            if let schedule = announcement.schedule { return .excluded(.outsideWindow(schedule)) }
        case .active:
            break
        }
        let dismissal = state.dismissal(of: announcement, at: date)
        if dismissal.isDismissed, let record = state.dismissals[announcement.id] {
            return .excluded(.dismissed(at: record.date, revision: record.revision, until: dismissal.until))
        }
        if let cause = audienceMismatch(announcement, at: date, memo: &memo) {
            return .excluded(cause)
        }
        if let percentage = announcement.audience?.rolloutPercentage {
            // `Rollout.isIncluded`'s test, with the bucket kept for the cause.
            let bucket = Rollout.bucket(for: announcement.id + context.rolloutKey)
            if !(Double(bucket) < percentage * 100) {
                return .excluded(.rollout(bucket: bucket, percentage: percentage))
            }
        }
        if let variant = announcement.variant(for: context.rolloutKey), variant.isHoldout {
            return .excluded(.holdout(variantID: variant.id))
        }
        if let cause = triggerProblem(announcement, at: date)
            ?? frequencyCap(announcement, at: date)
            ?? globalLimit(announcement, at: date)
        {
            return .excluded(cause)
        }
        if let placements = announcement.placements {
            guard let placement else { return .excluded(.noPlacement(placements: placements)) }
            if !placements.contains(placement) {
                return .excluded(.placement(placement, placements: placements))
            }
        }
        return .eligible
    }

    // MARK: - Audience

    /// Why `actual` is outside the bound named `key` (`minAppVersion`, `maxOSVersion`, …), if it is.
    private func versionProblem(
        _ key: String, _ bound: SemanticVersion?, _ actual: SemanticVersion?
    ) -> ExclusionCause? {
        guard let bound else { return nil }
        guard let actual else { return .version(key: key, bound: bound, actual: nil) }
        let isMinimum = key.hasPrefix("min")
        if isMinimum ? actual < bound : bound < actual { return .version(key: key, bound: bound, actual: actual) }
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
        _ announcement: Announcement, at date: Date, includingTimedRule: Bool = true, memo: inout EligibilityMemo
    ) -> ExclusionCause? {
        if announcement.isDraft, !context.isTestDevice { return .draft }
        let target = announcement.targetAudience
        if target != .all, !context.segments.contains(target.rawValue) { return .targetAudience(target) }
        guard let audience = announcement.audience else { return nil }
        if let key = audience.unknownKeys.keys.min() { return .unknownAudienceKey(key) }
        if let requires = audience.requires,
            let name = requires.first(where: { !Announcement.AudienceRules.supportedCapabilities.contains($0) })
        {
            return .unsupportedCapability(name)
        }
        if let platforms = audience.platforms,
            !platforms.contains(where: { Self.equalIgnoringCase($0, context.platform) })
        {
            return .platform(context.platform, platforms: platforms)
        }
        if let problem = versionProblem("minAppVersion", audience.minAppVersion, context.appVersion)
            ?? versionProblem("maxAppVersion", audience.maxAppVersion, context.appVersion)
            ?? versionProblem("minOSVersion", audience.minOSVersion, context.osVersion)
            ?? versionProblem("maxOSVersion", audience.maxOSVersion, context.osVersion)
        {
            return problem
        }
        if let locales = audience.locales {
            guard let locale = context.locale else { return .localeUnknown(locales: locales) }
            if !locales.contains(where: { LanguageTag.isPrefix($0, of: locale) }) {
                return .locale(locale, locales: locales)
            }
        }
        if let segments = audience.segments, !segments.contains(where: context.segments.contains) {
            return .segments(context.segments, segments: segments)
        }
        if let rule = audience.targeting, includingTimedRule || !rule.readsTime {
            let data = memo.ruleData(for: context, events: state.events, announcementID: announcement.id, at: date)
            do {
                // One evaluation: `isSatisfied` would run the rule a second time.
                let result = try rule.evaluate(data)
                if !JSCoercion.isTruthy(result) { return .targetingFalse(result: result) }
            } catch {
                return .targetingFailed(error)
            }
        }
        return nil
    }

    // MARK: - Frequency

    private func frequencyCap(_ announcement: Announcement, at date: Date) -> ExclusionCause? {
        guard let frequency = announcement.frequency else { return nil }
        let record = state.impressions[announcement.id]
        if let maximum = frequency.maxImpressions, let record, record.count >= maximum {
            return .maxImpressions(maximum, shown: record.count)
        }
        // A last impression dated more than the interval ahead means the clock went back: not trusted.
        if let interval = frequency.minimumInterval, let record,
            AnnouncementState.timedEnd(since: record.last, lasting: interval, at: date) != nil
        {
            return .minimumInterval(interval, lastShown: record.last)
        }
        if frequency.oncePerSession, state.shownThisSession.contains(announcement.id) { return .oncePerSession }
        return nil
    }
}
