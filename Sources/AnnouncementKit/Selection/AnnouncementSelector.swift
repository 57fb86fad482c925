package import Foundation

/// Chooses what shows: among eligible announcements the highest `priority` first, then feed order;
/// exactly one is active per placement and the rest are the queue.
package enum AnnouncementSelector {
    /// Selects among `announcements` (in feed order) with `evaluator` at `date`. Items the decoder
    /// dropped can be passed as `rejected` so they appear as excluded with reason `invalid`.
    package static func select(
        _ announcements: [Announcement], rejected: [RejectedAnnouncement] = [], evaluator: EligibilityEvaluator,
        at date: Date
    ) -> AnnouncementSelection {
        var memo = EligibilityMemo()
        // Only what the selection and the next-change search need is kept, not every answer.
        var reasons: [ExclusionReason?] = []
        reasons.reserveCapacity(announcements.count)
        var ranked: [SelectionRank] = []
        var excluded: [AnnouncementSelection.Exclusion] = []
        for (position, announcement) in announcements.enumerated() {
            let answer = evaluator.evaluate(announcement, at: date, memo: &memo)
            reasons.append(answer.reason)
            if let exclusion = AnnouncementSelection.Exclusion(announcement, answer: answer) {
                excluded.append(exclusion)
            } else {
                ranked.append(SelectionRank(priority: announcement.priority, position: position))
            }
        }
        ranked.sort()
        let nextChange = evaluator.nextChange(for: announcements, after: date, reasons: reasons, memo: &memo)
        return AnnouncementSelection(
            date: date, announcements: announcements, ranked: ranked, excluded: consume excluded,
            invalid: AnnouncementSelection.Exclusion.invalid(rejected), nextChange: nextChange,
            variantKey: evaluator.context.rolloutKey)
    }
}
