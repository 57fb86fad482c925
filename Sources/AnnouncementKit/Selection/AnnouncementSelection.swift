package import Foundation

/// What shows at one placement at one instant: the active announcement, the queue behind it,
/// every excluded announcement with its reason, and when the answer can next change by time alone.
package struct AnnouncementSelection: Sendable, Hashable {
    /// An announcement that is not showing, and why.
    package struct Exclusion: Sendable, Hashable {
        /// Its id, or its JSON path when a dropped item had no usable id.
        package var id: String
        /// What exactly holds it back, as a value: the facts the check found (see ``ExclusionCause``).
        package var cause: ExclusionCause
        /// Why it is not showing: the ``cause``'s reason.
        package var reason: ExclusionReason { cause.reason }
        /// A short explanation for people, such as `appVersion 2.4.0 < minAppVersion 2.5.0`: the
        /// ``cause`` in words, made when read.
        package var detail: String { cause.description }

        /// Creates an exclusion for `cause`, under its reason.
        package init(id: String, cause: ExclusionCause) {
            self.id = id
            self.cause = cause
        }
    }

    /// The instant the selection is for.
    package var date: Date
    /// The announcement to show, if any: the highest priority, then the first in feed order.
    package var active: Announcement?
    /// The other eligible announcements in the order they would show.
    package var queue: [Announcement]
    /// Every announcement that is not eligible, in feed order, then the items dropped as invalid.
    package var excluded: [Exclusion]
    /// The earliest instant after ``date`` at which time alone changes the answer; `nil` when
    /// nothing changes within 366 days.
    package var nextChange: Date?

    /// Creates a selection.
    package init(date: Date, active: Announcement?, queue: [Announcement], excluded: [Exclusion], nextChange: Date?) {
        self.date = date
        self.active = active
        self.queue = queue
        self.excluded = excluded
        self.nextChange = nextChange
    }
}
