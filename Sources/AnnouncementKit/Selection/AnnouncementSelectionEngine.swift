package import Foundation

/// Keeps one placement's selection up to date as dismissals, impressions and time change it,
/// re-evaluating only the announcements a change can affect. The manager keeps one per placement;
/// apps select through `AnnouncementSelector`, whose answer the engine's ``selection`` always
/// equals.
///
/// `AnnouncementSelector.select(_:rejected:evaluator:at:)` evaluates every announcement each
/// time. The engine does that once, then: a dismissal or an impression re-evaluates only the
/// announcement it concerns (an announcement's eligibility depends on no other's state), an app event
/// only the announcements whose trigger names it or whose targeting rule reads `events`, and
/// moving time forward re-evaluates only the announcements whose own next change has come. The
/// eligible announcements are kept sorted by ``SelectionRank``, so the active one and the queue
/// follow in logarithmic time plus a small array move.
///
/// ```swift
/// var engine = AnnouncementSelectionEngine(announcements, evaluator: evaluator, at: now)
/// state.recordDismissal(of: engine.active!, at: now)
/// engine.update(state: state, changedIDs: [dismissedID])
/// let next = engine.active
/// ```
package struct AnnouncementSelectionEngine: Sendable {
    /// The announcements, in feed order.
    package let announcements: [Announcement]
    /// The evaluator in use: context, state, scheduler and placement.
    package private(set) var evaluator: EligibilityEvaluator
    /// The instant the answers are for.
    package private(set) var date: Date

    private let invalid: [AnnouncementSelection.Exclusion]
    private let indexByID: [String: Int]
    /// The announcements an app event can change, by event name: those whose trigger names it, and
    /// (under the empty name, for every event) those whose targeting rule may read `events`.
    private let indicesByEvent: [String: [Int]]
    private var answers: [Eligibility]
    private var itemChanges: [Date?]
    /// When each answer must be worked out again: its next time-dependent input change.
    private var refreshes: [Date?]
    private var earliestRefresh: Date?
    /// The eligible announcements, sorted: the active one first, then the queue. Every change
    /// sets ``active`` again.
    private var order: [SelectionRank] {
        didSet { active = order.first.map { shown($0) } }
    }
    /// The evaluator's memo for this engine's context, kept from one change to the next.
    private var memo = EligibilityMemo()

    /// Evaluates every announcement once. Items the decoder dropped can be passed as `rejected` so
    /// they appear as excluded with reason `invalid`.
    package init(
        _ announcements: [Announcement], rejected: [RejectedAnnouncement] = [], evaluator: EligibilityEvaluator,
        at date: Date
    ) {
        self.announcements = announcements
        self.evaluator = evaluator
        self.date = date
        invalid = AnnouncementSelection.Exclusion.invalid(rejected)
        indexByID = Dictionary(announcements.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        indicesByEvent = Self.indicesByEvent(announcements)
        answers = []
        itemChanges = []
        refreshes = []
        order = []
        rebuild()
    }

    // MARK: - Answers

    /// The announcement to show: the highest priority, then the first in feed order. Stored, like
    /// ``date`` and ``nextChange``, so that reading it costs no call and no copy of the engine.
    package private(set) var active: Announcement?

    /// The other eligible announcements, in the order they would show.
    package var queue: [Announcement] { order.dropFirst().map { shown($0) } }

    /// The announcement at `rank` as the user sees it: with its variant's fields (see
    /// ``Announcement/applyingVariant(for:)``).
    private func shown(_ rank: SelectionRank) -> Announcement {
        announcements[rank.position].applyingVariant(for: evaluator.context.rolloutKey)
    }

    /// The earliest instant after ``date`` at which time alone changes an answer; `nil` when
    /// nothing changes within 366 days.
    package private(set) var nextChange: Date?

    /// The answer for the announcement `id`, or `nil` when it is not loaded.
    package func eligibility(of id: String) -> Eligibility? {
        indexByID[id].map { answers[$0] }
    }

    /// The whole selection, as `AnnouncementSelector` gives it.
    package var selection: AnnouncementSelection {
        AnnouncementSelection(
            date: date, announcements: announcements, ranked: order,
            excluded: zip(announcements, answers).compactMap { announcement, answer in
                AnnouncementSelection.Exclusion(announcement, answer: currentDetail(of: announcement, answer))
            },
            invalid: invalid, nextChange: nextChange, variantKey: evaluator.context.rolloutKey)
    }

    /// `answer` as of ``date``: the one cause that changes while the answer does not is a trigger's
    /// window being over (its `last seen N s ago` counts from the instant evaluated), worked out again here
    /// rather than at every tick.
    private func currentDetail(of announcement: Announcement, _ answer: Eligibility) -> Eligibility {
        guard answer.reason == .notTriggered, let cause = evaluator.triggerProblem(announcement, at: date) else {
            return answer
        }
        return .excluded(cause)
    }

    // MARK: - Changes

    /// Takes a new state in which only the announcements `changedIDs` had dismissals or impressions
    /// recorded or removed, and re-evaluates just those; and, when the feed sets global limits and the
    /// recent impressions changed, every announcement they apply to (all but `critical` ones), since one
    /// impression can hold them all back.
    package mutating func update(state: AnnouncementState, changedIDs: some Sequence<String>) {
        let globalChange = evaluator.limits != nil && evaluator.state.recentImpressions != state.recentImpressions
        evaluator.state = state
        var changed = false
        var done = Set<Int>()
        for id in changedIDs {
            guard let index = indexByID[id] else { continue }
            reevaluate(index)
            done.insert(index)
            changed = true
        }
        if globalChange {
            for index in announcements.indices where announcements[index].style != .critical && !done.contains(index) {
                reevaluate(index)
                changed = true
            }
        }
        if changed { recomputeEarliest() }
    }

    /// Takes a new state in which only the event records `names` changed (an app event was tracked),
    /// and re-evaluates just the announcements whose trigger names one of them or whose targeting rule
    /// may read `events`.
    package mutating func update(state: AnnouncementState, events names: some Sequence<String>) {
        evaluator.state = state
        var indices = indicesByEvent[""] ?? []
        for name in names where !name.isEmpty { indices += indicesByEvent[name] ?? [] }
        guard !indices.isEmpty else { return }
        for index in Set(indices).sorted() { reevaluate(index) }
        recomputeEarliest()
    }

    /// How many announcements the engine has evaluated since it was made: a probe for tests and the
    /// benchmark of what a change costs.
    package private(set) var evaluations = 0

    /// Moves to `date`. Going forward re-evaluates only the announcements a time-dependent input of
    /// which (a schedule edge, a dismissal or an interval running out) has changed since; going
    /// back (a clock change) re-evaluates everything.
    package mutating func advance(to date: Date) {
        guard date >= self.date else {
            self.date = date
            rebuild()
            return
        }
        self.date = date
        guard let earliest = earliestRefresh, earliest <= date else { return }
        for index in refreshes.indices {
            if let refresh = refreshes[index], refresh <= date { reevaluate(index) }
        }
        recomputeEarliest()
    }

    // MARK: - Internals

    private mutating func rebuild() {
        let allowance = EligibilityEvaluator.SearchAllowance(
            evaluations: EligibilityEvaluator.allowance(for: announcements.count))
        answers = []
        answers.reserveCapacity(announcements.count)
        itemChanges = []
        itemChanges.reserveCapacity(announcements.count)
        refreshes = []
        refreshes.reserveCapacity(announcements.count)
        var ranked: [SelectionRank] = []
        for (position, announcement) in announcements.enumerated() {
            let answer = evaluator.evaluate(announcement, at: date, memo: &memo)
            evaluations += 1
            answers.append(answer)
            if answer.isEligible { ranked.append(SelectionRank(priority: announcement.priority, position: position)) }
        }
        for (announcement, answer) in zip(announcements, answers) {
            itemChanges.append(
                evaluator.nextChange(for: announcement, after: date, knowing: answer, allowance: allowance, memo: &memo)
            )
        }
        for announcement in announcements {
            refreshes.append(evaluator.nextInputChange(for: announcement, after: date, memo: &memo))
        }
        ranked.sort()
        order = ranked
        recomputeEarliest()
    }

    /// The positions of the announcements each event can change (see ``indicesByEvent``).
    private static func indicesByEvent(_ announcements: [Announcement]) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for (index, announcement) in announcements.enumerated() {
            if let name = announcement.trigger?.event { result[name, default: []].append(index) }
            if announcement.audience?.targeting?.readsEvents == true { result["", default: []].append(index) }
        }
        return result
    }

    private mutating func recomputeEarliest() {
        nextChange = itemChanges.lazy.compactMap { $0 }.min()
        earliestRefresh = refreshes.lazy.compactMap { $0 }.min()
    }

    private mutating func reevaluate(_ index: Int) {
        let announcement = announcements[index]
        let answer = evaluator.evaluate(announcement, at: date, memo: &memo)
        evaluations += 1
        let wasEligible = answers[index].isEligible
        answers[index] = answer
        itemChanges[index] = evaluator.nextChange(for: announcement, after: date, knowing: answer, memo: &memo)
        refreshes[index] = evaluator.nextInputChange(for: announcement, after: date, memo: &memo)
        guard wasEligible != answer.isEligible else { return }
        // Ranks are unique, so the insertion point of an eligible one is where it stands.
        let rank = SelectionRank(priority: announcement.priority, position: index)
        let position = insertionPoint(of: rank)
        if answer.isEligible { order.insert(rank, at: position) } else { order.remove(at: position) }
    }

    /// The first position in ``order`` whose rank does not come before `rank`.
    private func insertionPoint(of rank: SelectionRank) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if order[middle] < rank { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
