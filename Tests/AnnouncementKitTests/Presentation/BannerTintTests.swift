import AnnouncementKit
import Testing

@Suite("Banner colours")
struct BannerTintTests {
    static let cases = BannerTint.allCases.flatMap { tint in BannerColorScheme.allCases.map { (tint, $0) } }

    @Test("text on background is at least 4.5:1 (WCAG AA body text)", arguments: cases)
    func textContrast(tint: BannerTint, scheme: BannerColorScheme) {
        let colors = tint.colors(for: scheme)
        #expect(colors.text.contrastRatio(with: colors.background) >= 4.5)
    }

    @Test("the accent on the background is at least 3:1 (WCAG non-text contrast)", arguments: cases)
    func accentContrast(tint: BannerTint, scheme: BannerColorScheme) {
        let colors = tint.colors(for: scheme)
        #expect(colors.accent.contrastRatio(with: colors.background) >= 3)
    }

    @Test("every style has its own tint")
    func distinct() {
        let tints = Announcement.Style.allCases.map(BannerTint.init(style:))
        #expect(Set(tints).count == Announcement.Style.allCases.count)
    }

    @Test(
        "the contrast maths matches WCAG's reference values",
        arguments: [
            ("#000000", "#FFFFFF", 21.0), ("#FFFFFF", "#FFFFFF", 1.0), ("#767676", "#FFFFFF", 4.54),
            ("#777777", "#FFFFFF", 4.48),
        ])
    func referenceContrast(first: String, second: String, ratio: Double) throws {
        let a = try #require(RGBColor(hex: first))
        let b = try #require(RGBColor(hex: second))
        #expect(abs(a.contrastRatio(with: b) - ratio) < 0.01)
        #expect(a.contrastRatio(with: b) == b.contrastRatio(with: a))
    }

    @Test("hex round-trips and malformed hex is refused")
    func hex() {
        #expect(RGBColor(hex: "#0a58ca")?.hex == "#0A58CA")
        #expect(RGBColor(hex: "0A58CA") == RGBColor(red: 10, green: 88, blue: 202))
        for bad in ["", "#12345", "#1234567", "#GGGGGG", "#+12345"] {
            #expect(RGBColor(hex: bad) == nil, "\(bad)")
        }
    }
}
