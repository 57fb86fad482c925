import Foundation

/// App events, which show announcements that have a `trigger`, and the conversions of their `goal`.
extension AnnouncementManager {
    /// Records one occurrence of the app event `name` at the time source's now: "checkout_completed",
    /// "level_finished". An announcement whose `trigger` names the event shows once the event has
    /// happened its `minCount` times, for `within` seconds after the last occurrence; targeting rules
    /// read `events.NAME.count` and `events.NAME.last`.
    ///
    /// The occurrence counts at once; it is written to the state store behind the caller's back, with the
    /// other events tracked meanwhile in one write, so a call costs no disk write on the caller's thread
    /// (a burst of events costs one write). It is durable once that write is done, typically within
    /// milliseconds, and at the latest with the next dismissal or impression, ``stop()`` or
    /// ``storePendingChanges()``; a crash in that moment loses the events of that moment, never a
    /// dismissal or an impression. Only the announcements the event can change are evaluated again, and nothing is reported unless a
    /// banner changes. A name that is empty or longer than `AnnouncementState.maximumEventNameLength`
    /// bytes is not recorded; the state keeps at most `AnnouncementState.maximumTrackedEvents` names.
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
            persistSoon {
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
