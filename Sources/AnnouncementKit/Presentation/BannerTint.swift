/// The colour token of a banner, one per ``Announcement/Style``.
///
/// The SwiftUI view maps a token to its own colours; the terminal and HTML renderers use
/// ``colors(for:)``, whose values the tests check for WCAG contrast.
public enum BannerTint: String, Sendable, Hashable, CaseIterable {
    /// Blue, for ``Announcement/Style/info``.
    case blue
    /// Amber, for ``Announcement/Style/warning``.
    case amber
    /// Green, for ``Announcement/Style/success``.
    case green
    /// Purple, for ``Announcement/Style/promotion``.
    case purple
    /// Red, for ``Announcement/Style/critical``.
    case red

    /// The token for a style.
    public init(style: Announcement.Style) {
        switch style {
        case .info: self = .blue
        case .warning: self = .amber
        case .success: self = .green
        case .promotion: self = .purple
        case .critical: self = .red
        }
    }

    /// The banner's colours in the light or dark appearance.
    public func colors(for scheme: BannerColorScheme) -> BannerColors {
        switch (self, scheme) {
        case (.blue, .light): BannerColors(background: "#E8F1FD", text: "#0B2A4A", accent: "#0A58CA")
        case (.blue, .dark): BannerColors(background: "#10263F", text: "#E3EEFC", accent: "#6CB2FF")
        case (.amber, .light): BannerColors(background: "#FFF4DB", text: "#3D2A00", accent: "#8A5A00")
        case (.amber, .dark): BannerColors(background: "#3A2A05", text: "#FFF1CC", accent: "#FFC247")
        case (.green, .light): BannerColors(background: "#E6F4EA", text: "#0D3318", accent: "#1E7B34")
        case (.green, .dark): BannerColors(background: "#0E2E18", text: "#DDF5E3", accent: "#5DD67F")
        case (.purple, .light): BannerColors(background: "#F3EAFD", text: "#2E1552", accent: "#6B2FB3")
        case (.purple, .dark): BannerColors(background: "#2A1645", text: "#EFE3FF", accent: "#C39BFF")
        case (.red, .light): BannerColors(background: "#FDE8E8", text: "#4A0D0D", accent: "#B3261E")
        case (.red, .dark): BannerColors(background: "#3D0E0E", text: "#FFE1DE", accent: "#FF8A80")
        }
    }
}
