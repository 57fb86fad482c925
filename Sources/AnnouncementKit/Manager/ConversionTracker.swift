import Foundation

/// The open conversion windows: for each announcement with a `goal` that was shown, the last
/// impression and the announcement as it was shown (with its variant).
///
/// An impression opens a window of the goal's `within` seconds, `[impression, impression + within)`;
/// a later impression of the same announcement replaces it. The goal's event tracked inside the window
/// converts it once and closes it, so each impression converts at most once. There is at most one
/// window per announcement id, and windows that ran out are dropped whenever an event is tracked, so
/// the tracker never holds more than the loaded announcements with goals. Windows live in memory: a
/// relaunch closes them.
struct ConversionTracker: Sendable {
    private struct Window: Sendable {
        let announcement: Announcement
        let goal: Announcement.Goal
        let shownAt: Date
    }

    private var windows: [String: Window] = [:]

    /// Opens a window for `announcement`, shown at `date`, when it has a goal.
    mutating func recordImpression(of announcement: Announcement, at date: Date) {
        guard let goal = announcement.goal else { return }
        windows[announcement.id] = Window(announcement: announcement, goal: goal, shownAt: date)
    }

    /// The announcements the event `name`, tracked at `date`, converts, in the order of their ids; their
    /// windows close. Windows that ran out by `date` are dropped too.
    mutating func convert(event name: String, at date: Date) -> [Announcement] {
        guard !windows.isEmpty else { return [] }
        var converted: [Announcement] = []
        for id in windows.keys.sorted() {
            let window = windows[id]!
            let end = window.shownAt.addingTimeInterval(window.goal.within)
            if date >= end {
                windows[id] = nil
            } else if window.goal.event == name, date >= window.shownAt {
                converted.append(window.announcement)
                windows[id] = nil
            }
        }
        return converted
    }
}
