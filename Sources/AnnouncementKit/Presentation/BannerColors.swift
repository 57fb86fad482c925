/// The colours of one banner in one appearance: its background, its text, and an accent for the
/// icon, the border and the action button.
///
/// Every pair the tests check: text on background at least 4.5:1 (WCAG 2 body text), accent on
/// background at least 3:1 (WCAG 2 non-text contrast).
public struct BannerColors: Sendable, Hashable {
    /// The banner's fill.
    public var background: RGBColor
    /// The title and message colour.
    public var text: RGBColor
    /// The icon, border and action button colour.
    public var accent: RGBColor

    /// Creates a set of colours from `#RRGGBB` strings; the strings must be valid.
    package init(background: String, text: String, accent: String) {
        self.background = RGBColor(hex: background)!
        self.text = RGBColor(hex: text)!
        self.accent = RGBColor(hex: accent)!
    }
}
