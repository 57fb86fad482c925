/// Where a banner appears on screen.
public enum AnnouncementBannerPosition: String, Sendable, Hashable, CaseIterable, Codable {
    /// Pinned to the top edge, below the safe area.
    case top
    /// Pinned to the bottom edge, above the safe area.
    case bottom
    /// Centred over the content, which is dimmed behind it.
    case floating
}
