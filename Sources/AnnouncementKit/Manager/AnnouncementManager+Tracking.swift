import Foundation

/// App events, which show announcements that have a `trigger`, and the conversions of their `goal`.
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
    /// variant), once per impression. The open windows are stored with the dismissals
    /// (``AnnouncementState/conversionWindows``), so an impression converts after a relaunch too.
    public func track(_ name: String) {
        lock.withLock {
            guard AnnouncementState.isValidEventName(name) else { return }
            let now = timeSource.now
            let converted = state.conversionWindows(convertedBy: name, at: now)
            persist {
                $0.recordEvent(name, at: now)
                $0.closeConversionWindows(convertedBy: name, at: now)
            }
            for window in converted {
                if let announcement = conversions.announcement(for: window, among: announcements) {
                    emit(.converted(announcement, event: name))
                }
            }
            conversions.keep(only: state.conversionWindows)
            reevaluate(.events([name]))
        }
    }

    /// Stores the impression of `announcement` at `date`, with the conversion window it opens when it has
    /// a `goal` (the announcement as the user sees it, with its variant).
    func storeImpression(of announcement: Announcement, at date: Date) {
        let window = conversions.recordImpression(of: announcement.showingVariant(for: context.rolloutKey), at: date)
        persist {
            $0.recordImpression(of: announcement.id, at: date)
            if let window { $0.openConversionWindow(window) }
        }
        conversions.keep(only: state.conversionWindows)
    }
}
