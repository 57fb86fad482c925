import Foundation

/// The conversion windows' announcements as they were shown in this session.
///
/// The windows themselves are in the state (``AnnouncementState/conversionWindows``), so a relaunch
/// keeps them open: an impression opens a window of the goal's `within` seconds,
/// `[impression, impression + within)`; a later impression of the same announcement replaces it; the
/// goal's event tracked inside the window converts it once and closes it. The tracker keeps, for the
/// conversion event, the announcement as it was shown (with its variant) while its window is open; after
/// a relaunch the announcement comes from the loaded feed with the window's variant. It holds at most
/// one announcement per open window.
struct ConversionTracker: Sendable {
    private var shown: [String: Announcement] = [:]

    /// The window the impression of `announcement` (as shown, with its variant) at `date` opens, when it
    /// has a goal; the announcement is kept for the conversion event.
    mutating func recordImpression(of announcement: Announcement, at date: Date) -> AnnouncementState.ConversionWindow?
    {
        guard let goal = announcement.goal else { return nil }
        shown[announcement.id] = announcement
        return AnnouncementState.ConversionWindow(
            id: announcement.id, variantID: announcement.variantID, event: goal.event, start: date,
            end: date.addingTimeInterval(goal.within))
    }

    /// The announcement `window` converts, as it was shown: the one kept at its impression, or (after a
    /// relaunch) the one of `announcements` with its id showing the window's variant; `nil` when the feed no
    /// longer holds it.
    func announcement(
        for window: AnnouncementState.ConversionWindow, among announcements: [Announcement]
    ) -> Announcement? {
        if let kept = shown[window.id], kept.variantID == window.variantID { return kept }
        guard let announcement = announcements.first(where: { $0.id == window.id }) else { return nil }
        return window.variantID.map(announcement.showing) ?? announcement
    }

    /// Forgets the announcements of windows no longer open in `windows`.
    mutating func keep(only windows: [AnnouncementState.ConversionWindow]) {
        guard shown.count > windows.count else { return }
        let open = Set(windows.map(\.id))
        shown = shown.filter { open.contains($0.key) }
    }
}
