/// Where a banner appears on screen.
public enum BannerPosition: String, Sendable, Hashable, CaseIterable, Codable {
    /// Pinned to the top edge, below the safe area.
    case top
    /// Pinned to the bottom edge, above the safe area.
    case bottom
    /// Inset from the edges with a shadow, above the content.
    case floating
}
