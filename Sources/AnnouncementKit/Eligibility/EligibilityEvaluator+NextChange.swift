package import Foundation

/// The next-change search: when time alone next changes an answer.
///
/// The time inputs of an announcement's answer are its schedule (date range and window), a timed
/// dismissal, a `minimumInterval`, a trigger's window and a targeting rule that reads `now`. The search never walks the
/// calendar: while the announcement is excluded it jumps to the instant at which every time input
/// that holds it back has let go (a dismissal that lasts past the horizon ends the search at once);
/// while it is eligible it jumps to the first instant at which one could take hold. It stops as soon
/// as nothing can change the answer, and evaluates at most ``maximumStepsPerItem`` instants per
/// announcement, and at most ``allowance(for:)`` in all when it searches a whole feed: past that,
/// each remaining announcement contributes the first instant at which it could change, unevaluated.
///
/// The answer is never later than the real change. It is earlier, an instant at which re-evaluating
/// finds the same answer and searches again from there, in three cases only: a rule that reads `now`
/// in a way whose changes cannot be listed (the answer is then at most a minute ahead), an
/// announcement whose answer holds through more than ``maximumStepsPerItem`` of its time edges, and
/// a feed whose search has used up its allowance of evaluations.
extension EligibilityEvaluator {
    /// Most instants the next-change search evaluates for one announcement: 32. A schedule, a timed
    /// dismissal and an interval together need three or four; a rule that compares `now` with a few
    /// instants a few more.
    package static let maximumStepsPerItem = 32

    /// How many evaluations a search over `count` announcements may make in all: twice the count,
    /// plus 256. A selection evaluates each announcement once, so the search can at most triple
    /// the cost of a decision, whatever the rules cost (each evaluation is bounded by its rule's
    /// budget); feeds that are not built to exhaust it use a fraction of it.
    static func allowance(for count: Int) -> Int { 2 * count + 256 }

    /// The evaluations a next-change search has left, shared by the announcements it searches.
    final class SearchAllowance {
        private(set) var remaining: Int

        init(evaluations: Int) { remaining = evaluations }

        /// Takes one evaluation; false when none is left.
        func take() -> Bool {
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
    }

    /// The earliest instant after `date` at which time alone (starts, ends, window edges, a
    /// `dismissFor` or `minimumInterval` running out, a targeting rule that reads `now`) changes whether
    /// any of `announcements` is eligible; `nil` when nothing changes within
    /// `AnnouncementScheduler.horizon`. See the extension's discussion for when it is earlier.
    package func nextChange(for announcements: [Announcement], after date: Date) -> Date? {
        var memo = EligibilityMemo()
        return nextChange(for: announcements, after: date, reasons: nil, memo: &memo)
    }

    /// ``nextChange(for:after:)`` when the caller already evaluated each announcement at `date`:
    /// `reasons[i]` is `evaluate(announcements[i], at: date).reason`, so it is not worked out again;
    /// `memo` is the caller's, for the evaluator's context.
    func nextChange(
        for announcements: [Announcement], after date: Date, reasons: [ExclusionReason?]?,
        memo: inout EligibilityMemo
    ) -> Date? {
        var earliest: Date?
        let allowance = SearchAllowance(evaluations: Self.allowance(for: announcements.count))
        for (index, announcement) in announcements.enumerated() {
            let reason: ExclusionReason?? = reasons.map { $0[index] }
            guard
                let change = nextChange(
                    for: announcement, after: date, before: earliest, reason: reason, allowance: allowance,
                    memo: &memo)
            else { continue }
            earliest = change
        }
        return earliest
    }

    /// The next instant at which a time-dependent input of `announcement`'s answer changes — a
    /// schedule edge, a `dismissFor` or a `minimumInterval` running out, a global limit letting go, a change of a targeting rule
    /// that reads `now` (at most a minute ahead when its changes cannot be listed) — even when its
    /// eligibility does not (an excluded item's reason can still change, say from `dismissed` to
    /// `expired`).
    func nextInputChange(for announcement: Announcement, after date: Date, memo: inout EligibilityMemo) -> Date? {
        nextInputChange(for: announcement, after: date, rule: ruleChanges(of: announcement, at: date, memo: &memo))
    }

    /// ``nextInputChange(for:after:memo:)`` with the rule's changes already worked out.
    private func nextInputChange(for announcement: Announcement, after date: Date, rule: RuleChanges) -> Date? {
        var earliest = scheduler.nextChange(of: announcement, after: date)
        func consider(_ instant: Date?) {
            guard let instant, instant > date else { return }
            earliest = min(earliest ?? instant, instant)
        }
        consider(state.dismissal(of: announcement, at: date).until)
        if let interval = announcement.frequency?.minimumInterval, let last = state.impressions[announcement.id]?.last {
            consider(last.addingTimeInterval(interval))
        }
        consider(globalLimitRelease(of: announcement, at: date))
        consider(rule.next(after: date))
        consider(triggerWindowEnd(of: announcement, at: date))
        consider(triggerLift(of: announcement, at: date))
        return earliest
    }

    /// The next instant at which `announcement` alone flips by time, within the horizon, when the
    /// caller already knows its eligibility at `date`; `allowance` is shared when the caller searches
    /// many announcements.
    func nextChange(
        for announcement: Announcement, after date: Date, knowing answer: Eligibility,
        allowance: SearchAllowance = SearchAllowance(evaluations: maximumStepsPerItem), memo: inout EligibilityMemo
    ) -> Date? {
        nextChange(
            for: announcement, after: date, before: nil, reason: .some(answer.reason), allowance: allowance,
            memo: &memo)
    }

    /// The next instant at which `announcement`'s eligibility flips by time alone, if it is before
    /// `limit` and within the horizon. `reason`, when given, is its evaluation at `date`.
    private func nextChange(
        for announcement: Announcement, after date: Date, before limit: Date?, reason: ExclusionReason??,
        allowance: SearchAllowance, memo: inout EligibilityMemo
    ) -> Date? {
        let rule = ruleChanges(of: announcement, at: date, memo: &memo)
        let initially: Bool
        switch reason {
        case .some(.none):
            // Eligible now: every check time cannot change passed, so none excludes it whatever the time.
            initially = true
        case .some(.some(.rolloutExcluded)), .some(.some(.placementMismatch)):
            return nil
        case .some(.some(.audienceMismatch)) where !rule.readsTime:
            return nil
        default:
            // An item none of whose time inputs changes again (one that has expired, say) never flips,
            // and needs no audience or rule evaluation to show it.
            guard nextInputChange(for: announcement, after: date, rule: rule) != nil,
                !isExcludedWhateverTheTime(announcement, at: date, memo: &memo)
            else { return nil }
            initially =
                reason.map { $0 == nil }
                ?? evaluate(announcement, at: date, memo: &memo).isEligible
        }
        let horizon = date.addingTimeInterval(AnnouncementScheduler.horizon)
        var end = min(limit ?? horizon, horizon)
        // A rule whose changes cannot be listed is evaluated again a minute later at the latest.
        var recheck: Date?
        if rule.instants == nil {
            let minute = date.addingTimeInterval(RuleTiming.reevaluationInterval)
            if minute <= end { (recheck, end) = (minute, minute) }
        }
        var cursor = date
        for _ in 0..<Self.maximumStepsPerItem {
            guard let next = nextCandidate(for: announcement, after: cursor, eligible: initially, rule: rule),
                next <= end
            else { return recheck }
            // No evaluation left for this search: the answer may change at `next`, so look again there.
            guard allowance.take() else { return next }
            if evaluate(announcement, at: next, memo: &memo).isEligible != initially { return next }
            cursor = next
        }
        // Still the same answer after the most steps one item may take: look again from here.
        return cursor
    }

    /// The first instant after `cursor` at which the answer can differ from `eligible`, its value at
    /// `cursor`: for an eligible item the first time input that can take hold, for an excluded one the
    /// instant at which every time input that holds it back has let go; `nil` when that never happens.
    private func nextCandidate(
        for announcement: Announcement, after cursor: Date, eligible: Bool, rule: RuleChanges
    ) -> Date? {
        guard !eligible else {
            // Only the schedule ending, the rule turning false or the trigger's window ending can exclude it.
            let candidates = [
                scheduler.nextChange(of: announcement, after: cursor), rule.next(after: cursor),
                triggerWindowEnd(of: announcement, at: cursor),
            ]
            return candidates.lazy.compactMap { $0 }.min()
        }
        var lift: Date?
        func holds(until end: Date) { lift = max(lift ?? end, end) }
        switch scheduler.status(of: announcement, at: cursor) {
        case .expired:
            return nil
        case .notStarted, .outsideWindow:
            guard let activation = scheduler.nextActivation(of: announcement, after: cursor) else { return nil }
            holds(until: activation)
        case .active:
            break
        }
        let dismissal = state.dismissal(of: announcement, at: cursor)
        if dismissal.isDismissed {
            guard let until = dismissal.until else { return nil }
            holds(until: until)
        }
        if let interval = announcement.frequency?.minimumInterval,
            let last = state.impressions[announcement.id]?.last,
            let until = AnnouncementState.timedEnd(since: last, lasting: interval, at: cursor)
        {
            holds(until: until)
        }
        if triggerProblem(announcement, at: cursor) != nil {
            guard let lift = triggerLift(of: announcement, at: cursor) else { return nil }
            holds(until: lift)
        }
        if let until = globalLimitRelease(of: announcement, at: cursor) { holds(until: until) }
        // Nothing else holds it back at `cursor`: the rule is false there, until it next can change.
        return lift ?? rule.next(after: cursor)
    }

    /// Whether a check that time alone cannot change excludes the announcement: a dismissal for
    /// good, the audience (but a targeting rule that reads the time), the rollout, a holdout variant, a trigger only a new
    /// event can satisfy, a reached impression cap, the placement.
    private func isExcludedWhateverTheTime(
        _ announcement: Announcement, at date: Date, memo: inout EligibilityMemo
    ) -> Bool {
        let dismissal = state.dismissal(of: announcement, at: date)
        if dismissal.isDismissed, dismissal.until == nil { return true }
        if audienceMismatch(announcement, at: date, includingTimedRule: false, memo: &memo) != nil {
            return true
        }
        if let percentage = announcement.audience?.rolloutPercentage,
            !Rollout.isIncluded(announcementID: announcement.id, userID: context.rolloutKey, percentage: percentage)
        {
            return true
        }
        if announcement.variant(for: context.rolloutKey)?.isHoldout == true { return true }
        if isHeldByTriggerWhateverTheTime(announcement, at: date) { return true }
        if let frequency = announcement.frequency {
            let record = state.impressions[announcement.id]
            if let maximum = frequency.maxImpressions, let record, record.count >= maximum { return true }
            if frequency.oncePerSession, state.shownThisSession.contains(announcement.id) { return true }
        }
        if let placements = announcement.placements {
            guard let placement, placements.contains(placement) else { return true }
        }
        return false
    }

    /// When `announcement`'s targeting rule can change its answer by time alone, worked out at `date`.
    private func ruleChanges(of announcement: Announcement, at date: Date, memo: inout EligibilityMemo) -> RuleChanges {
        guard let rule = announcement.audience?.targeting, rule.readsTime else { return RuleChanges(instants: []) }
        let data = memo.ruleData(for: context, events: state.events, announcementID: announcement.id, at: date)
        return RuleChanges(instants: rule.changeInstants(for: data))
    }
}

/// The instants at which a targeting rule can change its answer by time alone.
private struct RuleChanges {
    /// Sorted Unix seconds; empty for a rule that does not read the time; `nil` when the changes cannot
    /// be listed and the rule is evaluated again every ``RuleTiming/reevaluationInterval``.
    var instants: [Double]?

    var readsTime: Bool { instants.map { !$0.isEmpty } ?? true }

    /// The first instant after `date` at which the rule can change.
    func next(after date: Date) -> Date? {
        guard let instants else { return date.addingTimeInterval(RuleTiming.reevaluationInterval) }
        let seconds = date.timeIntervalSince1970
        var low = 0
        var high = instants.count
        while low < high {
            let middle = (low + high) / 2
            if instants[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return low < instants.count ? Date(timeIntervalSince1970: instants[low]) : nil
    }
}
