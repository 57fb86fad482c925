extension Announcement {
    /// How an announcement is presented: a banner at the app's chosen position, a modal card or a sheet.
    ///
    /// A feed may name a format this version does not know; the decoder then uses ``banner`` and reports a
    /// warning, so a feed written for a newer app still shows. Inline cards
    /// (`AnnouncementCard(placement:)` in AnnouncementKitUI) show an announcement of any format in a layout.
    public enum Format: String, Sendable, Hashable, CaseIterable, Codable {
        /// A bar at the top or bottom of the screen, or a floating card: the app chooses the position.
        case banner
        /// A centred card over a dimmed background that takes the user's attention until it is answered.
        case modal
        /// A full-width sheet with room for an image at the top, for "what's new" announcements.
        case sheet
    }
}
