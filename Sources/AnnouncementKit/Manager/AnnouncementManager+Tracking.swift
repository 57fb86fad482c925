import Foundation

/// App events, which show announcements that have a `trigger`.
extension AnnouncementManager {
    /// Records one occurrence of the app event `name` at the time source's now: "checkout_completed",
    /// "level_finished". An announcement whose `trigger` names the event shows once the event has
    /// happened its `minCount` times, for `within` seconds after the last occurrence; targeting rules
    /// read `events.NAME.count` and `events.NAME.last`.
    ///
    /// The occurrence is stored with the dismissals before this returns, so it counts after a relaunch.
    /// Only the announcements the event can change are evaluated again, and nothing is reported unless a
    /// banner changes. A name that is empty or longer than ``AnnouncementState/maximumEventNameLength``
    /// bytes is not recorded; the state keeps at most ``AnnouncementState/maximumTrackedEvents`` names.
    ///
    /// An event that is the `goal` of an announcement shown less than the goal's `within` seconds ago
    /// emits ``AnnouncementEvent/converted(_:event:)`` with the announcement as it was shown (with its
    /// variant), once per impression.
    public func track(_ name: String) {
        lock.withLock {
            guard AnnouncementState.isValidEventName(name) else { return }
            let now = timeSource.now
            persist { $0.recordEvent(name, at: now) }
            for announcement in conversions.convert(event: name, at: now) {
                emit(.converted(announcement, event: name))
            }
            reevaluate(.events([name]))
        }
    }
}
