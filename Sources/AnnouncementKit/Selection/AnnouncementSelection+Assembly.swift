import Foundation

// The one way a selection is put together from per-announcement answers, shared by the one-shot
// selector and the incremental engine so that both list the same exclusions in the same order.

extension AnnouncementSelection.Exclusion {
    /// The exclusions, reason `invalid`, of the items the decoder dropped, in the order given: each
    /// under its id (its JSON path when it had no usable id), with its first error and that error's
    /// path as the detail.
    package static func invalid(_ rejected: [RejectedAnnouncement]) -> [Self] {
        rejected.map { item in
            let detail = item.errors.first.map { "\($0.message) (\($0.path))" } ?? "failed validation"
            return Self(id: item.id ?? item.path, reason: .invalid, detail: detail)
        }
    }
}

extension AnnouncementSelection {
    /// The selection at `date` of `announcements` (in feed order), whose answers at `date` are
    /// `answers` (one per announcement): the eligible ones in the order of `ranked` (sorted by
    /// ``SelectionRank``) give the active announcement and the queue; every excluded one follows
    /// in feed order, then `invalid` (see ``Exclusion/invalid(_:)``).
    init(
        date: Date, announcements: [Announcement], answers: [Eligibility], ranked: [SelectionRank],
        invalid: [Exclusion], nextChange: Date?
    ) {
        var excluded: [Exclusion] = []
        for (announcement, answer) in zip(announcements, answers) {
            if let reason = answer.reason {
                excluded.append(.init(id: announcement.id, reason: reason, detail: answer.detail ?? ""))
            }
        }
        excluded.append(contentsOf: invalid)
        self.init(
            date: date, active: ranked.first.map { announcements[$0.position] },
            queue: ranked.dropFirst().map { announcements[$0.position] }, excluded: excluded, nextChange: nextChange)
    }
}
