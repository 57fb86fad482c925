import AnnouncementKit
import AnnouncementKitPreview
import Foundation
import Testing

/// Characters that draw nothing (U+200B, U+2060–U+2064, U+FEFF) and the tag characters that spell hidden
/// ASCII (U+E0000–U+E007F) never reach a terminal or the page raw: the terminal shows them as escapes
/// (`\u200b`, `\u{e0041}`), the page as the same escapes, marked in text.
@Suite("Hidden characters in terminal and page")
struct HiddenCharacterTests {
    /// "Hi" followed by the tags that spell "IGNORE", then a zero-width space, a word joiner and a BOM.
    static let smuggled =
        "Hi" + "IGNORE".unicodeScalars.map { String(Unicode.Scalar($0.value + 0xE0000)!) }.joined()
        + "\u{200B}a\u{2060}b\u{FEFF}\u{2062}"

    @Test(
        "each invisible character is escaped, tags beyond U+FFFF as \\u{…}",
        arguments: [
            ("\u{200B}", "\\u200b"), ("\u{2060}", "\\u2060"), ("\u{2061}", "\\u2061"), ("\u{2064}", "\\u2064"),
            ("\u{FEFF}", "\\ufeff"), ("\u{E0000}", "\\u{e0000}"), ("\u{E0041}", "\\u{e0041}"),
            ("\u{E007F}", "\\u{e007f}"),
        ])
    func escaped(raw: String, shown: String) {
        #expect(TerminalText.escaped("a" + raw + "b") == "a" + shown + "b")
        #expect(TerminalText.escaped(raw, keepingNewlinesAndTabs: true) == shown)
    }

    @Test("joiners, bidi marks, neighbours of the escaped ranges and emoji are kept as they are")
    func kept() {
        for text in [
            "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2065}", "\u{FEFE}", "\u{FF00}", "\u{E0080}",
            "\u{DFFFF}", "👨‍👩‍👧", "日本語", "\u{F3}", "\u{C0000}",
        ] {
            #expect(TerminalText.escaped(text) == text, "\(text.unicodeScalars.map { $0.value })")
        }
    }

    @Test("smuggled text in a title, a message and an alt text shows as escapes in the terminal box")
    func terminal() {
        let announcement = Announcement(
            id: "s", title: LocalizedText(Self.smuggled), message: LocalizedText(Self.smuggled),
            image: Announcement.Image(
                url: URL(string: "https://example.com/a.png")!, alt: LocalizedText(Self.smuggled)))
        let box = TerminalBannerRenderer(width: 1000).render(
            BannerAppearance(announcement: announcement, locale: "en", defaultLocale: "en"))
        #expect(!box.unicodeScalars.contains { TerminalText.needsEscaping($0) && $0 != "\n" })
        let shown = "Hi\\u{e0049}\\u{e0047}\\u{e004e}\\u{e004f}\\u{e0052}\\u{e0045}\\u200ba\\u2060b\\ufeff\\u2062"
        #expect(box.components(separatedBy: shown).count - 1 == 3, "\(box)")
    }

    @Test("smuggled text reaches the page as marked escapes in text and plain escapes in attributes")
    func page() {
        let announcement = Announcement(
            id: "s", title: LocalizedText(Self.smuggled), message: LocalizedText(Self.smuggled),
            image: Announcement.Image(
                url: URL(string: "https://example.com/a.png")!, alt: LocalizedText(Self.smuggled)))
        let html = HTMLPreviewRenderer(title: Self.smuggled, locale: "en", defaultLocale: "en")
            .render([BannerPreviewItem(id: "s", announcement: announcement, status: .active)])
        #expect(!html.unicodeScalars.contains { TerminalText.needsEscaping($0) && $0 != "\n" })
        #expect(html.contains("<mark class=\"hidden-char\" title=\"U+E0049\">\\u{e0049}</mark>"))
        #expect(html.contains("<mark class=\"hidden-char\" title=\"U+200B\">\\u200b</mark>"))
        #expect(html.contains("aria-label=\"Hi\\u{e0049}\\u{e0047}"))
        #expect(HTMLPreviewRenderer.escape("a\u{202E}<b\n") == "a\\u202e&lt;b\n")
        #expect(
            HTMLPreviewRenderer.escapeContent("a\u{202E}b")
                == "a<mark class=\"hidden-char\" title=\"U+202E\">\\u202e</mark>b")
    }
}
