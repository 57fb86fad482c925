import AnnouncementKit
import Testing

@Suite("Terminal banner renderer")
struct TerminalBannerRendererTests {
    static let announcements = [
        Announcement(
            id: "maintenance", title: "Scheduled Maintenance",
            message: "We'll be down Saturday 2-4 AM UTC while we upgrade our servers.", style: .warning,
            action: .url("https://status.example.com/incidents/2026-12-05", label: "Status"), isDismissible: false),
        Announcement(
            id: "dark-mode", title: LocalizedText(["en": "New: Dark Mode", "ja": "新機能：ダークモード"]),
            message: LocalizedText(["en": "Easier on the eyes.", "ja": "夜でも目に優しい表示です。設定 → 外観 からオンにできます。"]),
            style: .success, action: .deepLink("app://settings/appearance")),
        Announcement(id: "flags", title: "🇩🇪🇫🇷 Party 🎉", message: "👨‍👩‍👧 " + String(repeating: "x", count: 90)),
        Announcement(id: "empty", title: "", message: "", style: .critical, action: .dismiss()),
    ]

    private func appearance(_ index: Int, locale: String = "ja") -> BannerAppearance {
        BannerAppearance(announcement: Self.announcements[index], locale: locale, defaultLocale: "en")
    }

    @Test("every line is exactly the width, in display columns", arguments: 0..<4, [20, 33, 40, 80, 200])
    func widths(index: Int, width: Int) {
        let output = TerminalBannerRenderer(width: width).render(appearance(index))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(output.hasSuffix("\n"))
        #expect(lines.count >= 3)
        for line in lines {
            #expect(DisplayWidth.of(line) == width, "\(line)")
        }
    }

    @Test("a width below 20 is raised to 20")
    func minimumWidth() {
        #expect(TerminalBannerRenderer(width: 5).width == 20)
    }

    @Test("plain output has no escape byte; coloured output has 24-bit codes and the same text")
    func colours() {
        for index in 0..<4 {
            let plain = TerminalBannerRenderer(width: 40, colors: false).render(appearance(index))
            #expect(!plain.contains("\u{1B}"))
            let coloured = TerminalBannerRenderer(width: 40, colors: true).render(appearance(index))
            #expect(coloured.contains("\u{1B}[48;2;"))
            #expect(coloured.contains("\u{1B}[1m"))
            #expect(Self.stripEscapes(coloured) == plain)
        }
    }

    @Test("a warning without a close button, its whole action button on one line")
    func warning() {
        let output = TerminalBannerRenderer(width: 80).render(appearance(0, locale: "en"))
        #expect(
            output == """
                ╭──────────────────────────────────────────────────────────────────────────────╮
                │ ⚠  Scheduled Maintenance                                                     │
                │    We'll be down Saturday 2-4 AM UTC while we upgrade our servers.           │
                │    [ Status → https://status.example.com/incidents/2026-12-05 ]              │
                ╰──────────────────────────────────────────────────────────────────────────────╯

                """)
    }

    @Test("Japanese text wraps by columns, with the close button on the first title line")
    func japanese() {
        let output = TerminalBannerRenderer(width: 30).render(appearance(1))
        #expect(
            output == """
                ╭────────────────────────────╮
                │ ✔  新機能：ダークモー  [×] │
                │    ド                      │
                │    夜でも目に優しい表示で  │
                │    す。設定 → 外観 からオ  │
                │    ンにできます。          │
                │    [ Open ]                │
                │    → app://settings/appear │
                │      ance                  │
                ╰────────────────────────────╯

                """)
    }

    @Test("symbols per style are one column wide")
    func symbols() {
        for style in Announcement.Style.allCases {
            #expect(DisplayWidth.of(TerminalBannerRenderer.symbol(for: style)) == 1)
        }
    }

    static func stripEscapes(_ text: String) -> String {
        var output = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
