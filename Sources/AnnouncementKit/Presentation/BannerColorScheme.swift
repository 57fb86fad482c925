/// The light or dark appearance a banner is drawn for.
public enum BannerColorScheme: String, Sendable, Hashable, CaseIterable {
    /// Dark text on a pale tinted background.
    case light
    /// Light text on a deep tinted background.
    case dark
}
