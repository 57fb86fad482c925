public import Foundation

// The list forms answer for a whole feed with the per-announcement answers above them, so recurring
// windows count everywhere the scheduler is asked.
extension AnnouncementScheduler {
    /// The announcements active at `date` (now when omitted), in their order in `announcements`.
    ///
    /// ```swift
    /// let showing = AnnouncementScheduler().activeAnnouncements(from: feed)
    /// ```
    public func activeAnnouncements(from announcements: [Announcement], at date: Date = Date()) -> [Announcement] {
        announcements.filter { isActive($0, at: date) }
    }

    /// The announcement that becomes active first strictly after `date` (now when omitted), and when; nil
    /// when none does within `horizon`. Useful for scheduling a refresh when the next one starts.
    ///
    /// Every announcement is considered with ``nextActivation(of:after:)``: besides a `startDate` still to
    /// come, the next opening of a recurring window counts, also for an announcement active now whose
    /// window closes and opens again. Ties go to the earliest in `announcements`.
    public func nextActivation(
        from announcements: [Announcement], after date: Date = Date()
    ) -> (announcement: Announcement, activationDate: Date)? {
        earliest(in: announcements) { nextActivation(of: $0, after: date) }
            .map { (announcement: $0.announcement, activationDate: $0.date) }
    }

    /// The first instant strictly after `date` (now when omitted) at which one of the announcements
    /// active at `date` stops being active; nil when none does within `horizon`. Useful for scheduling a
    /// refresh when an announcement expires.
    ///
    /// Only announcements active at `date` are considered, each with ``nextExpiration(of:after:)``: besides
    /// an `endDate`, the close of a recurring window counts. The end date itself is already inactive.
    public func nextExpiration(from announcements: [Announcement], after date: Date = Date()) -> Date? {
        nextExpiringAnnouncement(from: announcements, after: date)?.expirationDate
    }

    /// The announcement active at `date` (now when omitted) that stops being active first, and when; nil when
    /// none does within `horizon`. It answers as ``nextExpiration(from:after:)`` and also says which
    /// announcement expires; ties go to the earliest in `announcements`.
    package func nextExpiringAnnouncement(
        from announcements: [Announcement], after date: Date = Date()
    ) -> (announcement: Announcement, expirationDate: Date)? {
        earliest(in: announcements) { isActive($0, at: date) ? nextExpiration(of: $0, after: date) : nil }
            .map { (announcement: $0.announcement, expirationDate: $0.date) }
    }

    /// The announcement with the earliest `date(for:)`, the first in `announcements` on a tie.
    private func earliest(
        in announcements: [Announcement], date: (Announcement) -> Date?
    ) -> (announcement: Announcement, date: Date)? {
        var best: (announcement: Announcement, date: Date)?
        for announcement in announcements {
            guard let candidate = date(announcement) else { continue }
            if let current = best, current.date <= candidate { continue }
            best = (announcement, candidate)
        }
        return best
    }
}
