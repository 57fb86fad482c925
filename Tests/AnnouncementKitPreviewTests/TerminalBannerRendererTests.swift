import AnnouncementKit
import AnnouncementKitPreview
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("Terminal banner renderer")
struct TerminalBannerRendererTests {
    static let announcements = [
        Announcement(
            id: "maintenance", title: "Scheduled Maintenance",
            message: "We'll be down Saturday 2-4 AM UTC while we upgrade our servers.", style: .warning,
            action: .url(URL(string: "https://status.example.com/incidents/2026-12-05")!), actionLabel: "Status",
            isDismissible: false),
        Announcement(
            id: "dark-mode", title: LocalizedText(["en": "New: Dark Mode", "ja": "新機能：ダークモード"]),
            message: LocalizedText(["en": "Easier on the eyes.", "ja": "夜でも目に優しい表示です。設定 → 外観 からオンにできます。"]),
            style: .success, action: .deepLink("app://settings/appearance")),
        Announcement(id: "flags", title: "🇩🇪🇫🇷 Party 🎉", message: "👨‍👩‍👧 " + String(repeating: "x", count: 90)),
        Announcement(id: "empty", title: "", message: "", style: .critical, action: .dismiss),
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

    @Test("Japanese text wraps by columns, the close button on the first title line, the button word in Japanese")
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
                │    [ 開く ]                │
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

    @Test(
        "hostile title, message, label and destination: nothing raw reaches the terminal, every line keeps its width",
        arguments: [false, true], [24, 80])
    func hostileText(colors: Bool, width: Int) throws {
        let hostile = HostileText.terminal
        let announcement = Announcement(
            id: "hostile", title: "Title \(hostile)", message: "Message \(hostile)\nsecond line\r\tend",
            style: .critical, action: .url(URL(string: "https://example.com/\(hostile)")!),
            actionLabel: "Label \(hostile)")
        let output = TerminalBannerRenderer(width: width, colors: colors).render(
            BannerAppearance(announcement: announcement, locale: "en", defaultLocale: "en"))
        // The renderer's own colours are the only escape sequences; take them out and nothing may be left.
        let text = try Self.stripColours(output)
        #expect(colors || text == output)
        #expect(!HostileText.hasRawControl(text, allowingNewlines: true), "\(text.debugDescription)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for line in lines {
            #expect(DisplayWidth.of(line) == width, "\(line)")
            #expect(line.hasPrefix("│") || line.hasPrefix("╭") || line.hasPrefix("╰"), "\(line)")
        }
        // Joined back without the frame, the text shows every sequence escaped.
        let inner = lines.dropFirst().dropLast().map { $0.dropFirst(2).dropLast(2) }
        let joined = inner.map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        for part in [
            "\\u001b]52;c;", "\\u001b]8;;https://evil.example/", "\\u001b[2K", "\\u001b[1A", "\\u009b2K",
            "\\u007f", "\\u202egnp.exe", "\\r",
        ] {
            #expect(joined.contains(part), "\(part) is missing from \(joined)")
        }
    }

    @Test("the action button is one line: a newline in the label or the URL is escaped")
    func buttonText() throws {
        let announcement = Announcement(
            id: "x", title: "t", message: "m", action: .deepLink("myapp://x/\n\u{1B}"), actionLabel: "a\nb\u{202E}")
        let button = TerminalBannerRenderer.buttonText(
            for: BannerAppearance(announcement: announcement, locale: "en", defaultLocale: "en"))
        #expect(button == "[ a\\nb\\u202e → myapp://x/\\n\\u001b ]")
    }

    /// `text` without the renderer's colour codes (SGR: ESC, `[`, digits and `;`, `m`), and only those.
    static func stripColours(_ text: String) throws -> String {
        text.replacing(try Regex("\u{1B}\\[[0-9;]*m"), with: "")
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

@Suite("Terminal banner renderer: bounds")
struct TerminalBannerRendererBoundsTests {
    @Test("a width above 1000 is lowered to 1000, set at creation or afterwards")
    func maximumWidth() {
        #expect(TerminalBannerRenderer(width: .max).width == 1000)
        var renderer = TerminalBannerRenderer()
        renderer.width = 100_000_000
        let output = renderer.render(
            BannerAppearance(
                announcement: Announcement(id: "a", title: "T", message: "M"), locale: "en", defaultLocale: "en"))
        let widths = Set(output.split(separator: "\n").map { DisplayWidth.of($0) })
        #expect(widths == [1000])
    }

    @Test(
        "a long message, title, alt text or button is cut to its rows, the last one counting what was left out",
        arguments: [20, 80])
    func cut(width: Int) {
        let announcement = Announcement(
            id: "a", title: LocalizedText(String(repeating: "title ", count: 50)),
            message: LocalizedText(String(repeating: "\n", count: 4999) + "x"),
            action: .url(URL(string: "https://example.com/" + String(repeating: "p", count: 2000))!), actionLabel: "Go",
            image: Announcement.Image(
                url: URL(string: "https://example.com/a.png")!, alt: LocalizedText(String(repeating: "alt ", count: 75))
            ))
        let output = TerminalBannerRenderer(width: width).render(
            BannerAppearance(announcement: announcement, locale: "en", defaultLocale: "en"))
        let rows = output.split(separator: "\n")
        let limit =
            TerminalBannerRenderer.maximumMessageRows + 2 * TerminalBannerRenderer.maximumTitleRows
            + TerminalBannerRenderer.maximumImageRows + 2
        #expect(rows.count <= limit, "\(rows.count)")
        #expect(output.components(separatedBy: "… (").count - 1 >= (width == 20 ? 4 : 2), "\(output)")
        #expect(output.contains("[image:"))
        #expect(Set(rows.map { DisplayWidth.of($0) }) == [width])
    }

    @Test("the mark counts exactly the lines left out, and a text at the limit is not cut")
    func cutCounts() {
        let lines = (0..<100).map { "l\($0)" }
        let cut = TerminalBannerRenderer.cut(lines.joined(separator: "\n"), to: 40, width: 60)
        #expect(cut.kept == Array(lines.prefix(39)))
        #expect(cut.mark == ["… (61 more lines)"])
        let exact = TerminalBannerRenderer.cut(lines.prefix(40).joined(separator: "\n"), to: 40, width: 60)
        #expect(exact.kept.count == 40 && exact.mark.isEmpty)
        let narrow = TerminalBannerRenderer.cut(lines.joined(separator: "\n"), to: 10, width: 8)
        #expect(narrow.kept.count + narrow.mark.count == 10)
        let hidden = lines.count - narrow.kept.count
        #expect(narrow.mark.joined(separator: " ") == "… (\(hidden) more lines)")
    }
}
