import Foundation

// The one way a selection is put together from per-announcement answers, shared by the one-shot
// selector and the incremental engine so that both list the same exclusions in the same order.

extension AnnouncementSelection.Exclusion {
    /// Why `announcement`, whose answer is `answer`, is not showing; `nil` when it is eligible.
    package init?(_ announcement: Announcement, answer: Eligibility) {
        guard let cause = answer.cause else { return nil }
        self.init(id: announcement.id, cause: cause)
    }

    /// The exclusions, reason `invalid`, of the items the decoder dropped, in the order given: each
    /// under its id (its JSON path when it had no usable id), with its first error (its message and path are the detail).
    package static func invalid(_ rejected: [RejectedAnnouncement]) -> [Self] {
        rejected.map { Self(id: $0.id ?? $0.path, cause: .invalid(firstError: $0.errors.first)) }
    }
}

extension AnnouncementSelection {
    /// The selection at `date` of `announcements` (in feed order): the eligible ones, in the order
    /// of `ranked` (sorted by ``SelectionRank``), give the active announcement and the queue; the
    /// excluded list is `excluded` (the exclusions of `announcements`, in feed order) followed by
    /// `invalid` (see ``Exclusion/invalid(_:)``). The active announcement and the queue show the variant
    /// the user or installation `variantKey` gets (see ``Announcement/applyingVariant(for:)``).
    init(
        date: Date, announcements: [Announcement], ranked: [SelectionRank], excluded: consuming [Exclusion],
        invalid: [Exclusion], nextChange: Date?, variantKey: String
    ) {
        // Appended in place: the caller hands `excluded` over, so no second list is built.
        excluded.append(contentsOf: invalid)
        self.init(
            date: date, active: ranked.first.map { announcements[$0.position].applyingVariant(for: variantKey) },
            queue: ranked.dropFirst().map { announcements[$0.position].applyingVariant(for: variantKey) },
            excluded: excluded, nextChange: nextChange)
    }
}
