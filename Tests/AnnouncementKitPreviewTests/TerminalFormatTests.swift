import AnnouncementKit
import AnnouncementKitPreview
import Foundation
import Testing

@Suite("Terminal renderer: formats and images")
struct TerminalFormatTests {
    private static let image = Announcement.Image(
        url: URL(string: "https://cdn.example.com/whats-new.png")!, alt: "The new calendar view")

    private func render(_ format: Announcement.Format, image: Announcement.Image? = image, width: Int = 40) -> String {
        let announcement = Announcement(
            id: "news", title: "What's new", message: "Plans for your week.", style: .promotion,
            action: .deepLink("app://new"), format: format, image: image)
        return TerminalBannerRenderer(width: width)
            .render(BannerAppearance(announcement: announcement, locale: "en", defaultLocale: "en"))
    }

    @Test("a banner is a rounded box with the image line below its text")
    func banner() {
        #expect(
            render(.banner) == """
                ╭──────────────────────────────────────╮
                │ ★  What's new                    [×] │
                │    Plans for your week.              │
                │    [image: The new calendar view]    │
                │    [ Open → app://new ]              │
                ╰──────────────────────────────────────╯

                """)
    }

    @Test("a modal is a double-lined card centred on a shaded background, the image line first")
    func modal() {
        #expect(
            render(.modal) == """
                ░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░
                ░░░░╔══════════════════════════════╗░░░░
                ░░░░║    [image: The new calendar  ║░░░░
                ░░░░║    view]                     ║░░░░
                ░░░░║ ★  What's new            [×] ║░░░░
                ░░░░║    Plans for your week.      ║░░░░
                ░░░░║    [ Open → app://new ]      ║░░░░
                ░░░░╚══════════════════════════════╝░░░░
                ░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░

                """)
    }

    @Test("a sheet spans the width with a grabber on top and square bottom corners")
    func sheet() {
        #expect(
            render(.sheet, image: nil) == """
                ╭────────────────━━━━━─────────────────╮
                │ ★  What's new                    [×] │
                │    Plans for your week.              │
                │    [ Open → app://new ]              │
                └──────────────────────────────────────┘

                """)
    }

    @Test(
        "every format keeps every line at the width, from the narrowest to a wide terminal",
        arguments: [20, 27, 41, 120])
    func widths(width: Int) {
        for format in Announcement.Format.allCases {
            let lines = render(format, width: width).split(separator: "\n").map { DisplayWidth.of($0) }
            #expect(lines.allSatisfy { $0 == width }, "\(format) at \(width): \(lines)")
        }
    }

    @Test("the alt text is escaped like all feed text: no control or bidi character reaches the terminal")
    func hostileAlt() {
        let hostile = Announcement.Image(
            url: URL(string: "https://c.example/a.png")!, alt: "x\u{1B}]52;c;cGF3bmVk\u{07}\u{202E}gnp.exe")
        for format in Announcement.Format.allCases {
            let output = render(format, image: hostile, width: 80)
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" })
            #expect(output.contains(#"\u001b]52;c;cGF3bmVk"#))
        }
    }

    @Test("coloured modal output strips back to the plain drawing")
    func colouredModal() {
        let announcement = Announcement(id: "m", title: "T", message: "M", style: .critical, format: .modal)
        let appearance = BannerAppearance(announcement: announcement, locale: nil, defaultLocale: "en")
        let plain = TerminalBannerRenderer(width: 40).render(appearance)
        let coloured = TerminalBannerRenderer(width: 40, colors: true).render(appearance)
        #expect(coloured.contains("\u{1B}[2m░"))
        let stripped = coloured.replacing(#/\x1B\[[0-9;]*m/#, with: "")
        #expect(stripped == plain)
    }
}
