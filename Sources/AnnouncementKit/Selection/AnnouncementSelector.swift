public import Foundation

/// Chooses what shows: among eligible announcements the highest `priority` first, then feed order;
/// exactly one is active per placement and the rest are the queue.
public enum AnnouncementSelector {
    /// Selects among `announcements` (in feed order) with `evaluator` at `date`. Items the decoder
    /// dropped can be passed as `rejected` so they appear as excluded with reason `invalid`.
    public static func select(
        _ announcements: [Announcement], rejected: [RejectedAnnouncement] = [], evaluator: EligibilityEvaluator,
        at date: Date
    ) -> AnnouncementSelection {
        // Indices and priorities only: the queue is built once, in order, from the sorted indices.
        var eligible: [(index: Int, priority: Int)] = []
        var excluded: [AnnouncementSelection.Exclusion] = []
        var reasons: [ExclusionReason?] = []
        reasons.reserveCapacity(announcements.count)
        for (index, announcement) in announcements.enumerated() {
            let answer = evaluator.evaluate(announcement, at: date)
            reasons.append(answer.reason)
            if let reason = answer.reason {
                excluded.append(.init(id: announcement.id, reason: reason, detail: answer.detail ?? ""))
            } else {
                eligible.append((index, announcement.priority))
            }
        }
        for item in rejected {
            let detail = item.errors.first.map { "\($0.message) (\($0.path))" } ?? "failed validation"
            excluded.append(.init(id: item.id ?? item.path, reason: .invalid, detail: detail))
        }
        eligible.sort { lhs, rhs in
            lhs.priority != rhs.priority ? lhs.priority > rhs.priority : lhs.index < rhs.index
        }
        let queue = eligible.dropFirst().map { announcements[$0.index] }
        return AnnouncementSelection(
            date: date, active: eligible.first.map { announcements[$0.index] }, queue: queue, excluded: excluded,
            nextChange: evaluator.nextChange(for: announcements, after: date, reasons: reasons))
    }
}
