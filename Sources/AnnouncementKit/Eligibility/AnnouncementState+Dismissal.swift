package import Foundation

// Dismissal is a rule about an announcement (is it dismissible, which revision, for how long), so it
// lives with eligibility; the state itself only stores the records.
extension AnnouncementState {
    /// Records a dismissal of `announcement`'s current revision at `date`.
    ///
    /// Returns `false` and records nothing when the announcement is not dismissible. The id counts as
    /// seen at `date`; when the state already tracks `maximumTrackedIDs` other ids, the oldest goes.
    @discardableResult
    package mutating func recordDismissal(of announcement: Announcement, at date: Date) -> Bool {
        guard announcement.isDismissible else { return false }
        dismissals[announcement.id] = Dismissal(revision: announcement.revision, date: date)
        lastSeen[announcement.id] = date
        enforceCapacity(preferring: [announcement.id])
        return true
    }

    /// Whether `announcement` is dismissed at `date`, and until when (`nil` for good).
    ///
    /// A dismissal counts for the revision it was made at and lower ones, for `dismissFor`
    /// seconds when the announcement sets it; a non-dismissible announcement is never dismissed.
    ///
    /// When the device clock has gone back by more than `dismissFor` (the dismissal is dated further
    /// in the future than it lasts), the dismissal no longer counts, so a clock set back a year does
    /// not hide the announcement for a year; dismissing it again records the current time.
    package func dismissal(of announcement: Announcement, at date: Date) -> (isDismissed: Bool, until: Date?) {
        guard announcement.isDismissible, let record = dismissals[announcement.id],
            record.revision >= announcement.revision
        else { return (false, nil) }
        guard let duration = announcement.dismissFor else { return (true, nil) }
        guard let end = Self.timedEnd(since: record.date, lasting: duration, at: date) else { return (false, nil) }
        return (true, end)
    }
}
