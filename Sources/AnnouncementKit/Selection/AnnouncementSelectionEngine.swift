public import Foundation

/// Keeps one placement's selection up to date as dismissals, impressions and time change it,
/// re-evaluating only the announcements a change can affect.
///
/// ``AnnouncementSelector/select(_:rejected:evaluator:at:)`` evaluates every announcement each
/// time. The engine does that once, then: a dismissal or an impression re-evaluates only the
/// announcement it concerns (an announcement's eligibility depends on no other's state), and
/// moving time forward re-evaluates only the announcements whose own next change has come. The
/// order of the eligible announcements is kept sorted, so the active one and the queue follow in
/// logarithmic time plus a small array move.
///
/// ```swift
/// var engine = AnnouncementSelectionEngine(announcements, evaluator: evaluator, at: now)
/// state.recordDismissal(of: engine.active!, at: now)
/// engine.update(state: state, changedIDs: [dismissedID])
/// let next = engine.active
/// ```
public struct AnnouncementSelectionEngine: Sendable {
    /// The announcements, in feed order.
    public let announcements: [Announcement]
    /// The evaluator in use: context, state, scheduler and placement.
    public private(set) var evaluator: EligibilityEvaluator
    /// The instant the answers are for.
    public private(set) var date: Date

    private let invalid: [AnnouncementSelection.Exclusion]
    private let indexByID: [String: Int]
    private let priorities: [Int]
    private var answers: [Eligibility]
    private var itemChanges: [Date?]
    /// When each answer must be worked out again: its next time-dependent input change.
    private var refreshes: [Date?]
    private var earliestRefresh: Date?
    /// Indices of the eligible announcements, highest priority first, then feed order.
    private var order: [Int]
    private var earliestChange: Date?

    /// Evaluates every announcement once. Items the decoder dropped can be passed as `rejected` so
    /// they appear as excluded with reason `invalid`.
    public init(
        _ announcements: [Announcement], rejected: [RejectedAnnouncement] = [], evaluator: EligibilityEvaluator,
        at date: Date
    ) {
        self.announcements = announcements
        self.evaluator = evaluator
        self.date = date
        invalid = rejected.map { item in
            let detail = item.errors.first.map { "\($0.message) (\($0.path))" } ?? "failed validation"
            return .init(id: item.id ?? item.path, reason: .invalid, detail: detail)
        }
        priorities = announcements.map(\.priority)
        indexByID = Dictionary(announcements.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        answers = []
        itemChanges = []
        refreshes = []
        order = []
        rebuild()
    }

    // MARK: - Answers

    /// The announcement to show: the highest priority, then the first in feed order.
    public var active: Announcement? { order.first.map { announcements[$0] } }

    /// The other eligible announcements, in the order they would show.
    public var queue: [Announcement] { order.dropFirst().map { announcements[$0] } }

    /// The earliest instant after ``date`` at which time alone changes an answer; `nil` when
    /// nothing changes within 366 days.
    public var nextChange: Date? { earliestChange }

    /// The answer for the announcement `id`, or `nil` when it is not loaded.
    public func eligibility(of id: String) -> Eligibility? {
        indexByID[id].map { answers[$0] }
    }

    /// The whole selection, as ``AnnouncementSelector`` gives it.
    public var selection: AnnouncementSelection {
        var excluded: [AnnouncementSelection.Exclusion] = []
        for (index, answer) in answers.enumerated() {
            if let reason = answer.reason {
                excluded.append(.init(id: announcements[index].id, reason: reason, detail: answer.detail ?? ""))
            }
        }
        return AnnouncementSelection(
            date: date, active: active, queue: queue, excluded: excluded + invalid, nextChange: earliestChange)
    }

    // MARK: - Changes

    /// Takes a new state in which only the announcements `changedIDs` had dismissals or impressions
    /// recorded or removed, and re-evaluates just those.
    public mutating func update(state: AnnouncementState, changedIDs: some Sequence<String>) {
        evaluator.state = state
        var changed = false
        for id in changedIDs {
            guard let index = indexByID[id] else { continue }
            reevaluate(index)
            changed = true
        }
        if changed { recomputeEarliest() }
    }

    /// Moves to `date`. Going forward re-evaluates only the announcements a time-dependent input of
    /// which (a schedule edge, a dismissal or an interval running out) has changed since; going
    /// back (a clock change) re-evaluates everything.
    public mutating func advance(to date: Date) {
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

    /// Replaces the evaluator (a new context, placement or scheduler) and re-evaluates everything.
    public mutating func replace(evaluator: EligibilityEvaluator) {
        self.evaluator = evaluator
        rebuild()
    }

    // MARK: - Internals

    private mutating func rebuild() {
        answers = announcements.map { evaluator.evaluate($0, at: date) }
        let allowance = EligibilityEvaluator.SearchAllowance(
            evaluations: EligibilityEvaluator.allowance(for: announcements.count))
        itemChanges = zip(announcements, answers).map {
            evaluator.nextChange(for: $0, after: date, knowing: $1, allowance: allowance)
        }
        refreshes = announcements.map { evaluator.nextInputChange(for: $0, after: date) }
        order = answers.indices.filter { answers[$0].isEligible }
        order.sort(by: precedes)
        recomputeEarliest()
    }

    private mutating func recomputeEarliest() {
        earliestChange = itemChanges.lazy.compactMap { $0 }.min()
        earliestRefresh = refreshes.lazy.compactMap { $0 }.min()
    }

    private mutating func reevaluate(_ index: Int) {
        let announcement = announcements[index]
        let answer = evaluator.evaluate(announcement, at: date)
        let wasEligible = answers[index].isEligible
        answers[index] = answer
        itemChanges[index] = evaluator.nextChange(for: announcement, after: date, knowing: answer)
        refreshes[index] = evaluator.nextInputChange(for: announcement, after: date)
        if wasEligible, let position = position(of: index), position < order.count, order[position] == index {
            order.remove(at: position)
        }
        if answer.isEligible {
            order.insert(index, at: position(of: index) ?? order.count)
        }
    }

    /// The first position in ``order`` whose announcement does not precede `index`.
    private func position(of index: Int) -> Int? {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(order[middle], index) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        let left = priorities[lhs]
        let right = priorities[rhs]
        return left != right ? left > right : lhs < rhs
    }
}
