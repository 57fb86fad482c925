import AnnounceCLI
import AnnouncementKit
import AnnouncementKitPreview
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce preview --locale: the package's own words")
struct PreviewWordsTests {
    private func run(_ arguments: [String]) async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() },
            isTerminal: false)
        return await Announce.run(arguments, environment: environment)
    }

    /// The pro user at home, every announcement: one of them has a `url` action without a label, so
    /// its button is the package's "Learn More".
    static func options(locale: String) -> [String] {
        [
            "preview", "Examples/feed.json", "--at", "2026-12-03T12:00:00Z", "--platform", "iOS", "--app-version",
            "3.4.1", "--os-version", "17.5", "--locale", locale, "--user-id", "u-42", "--segment", "proUsers",
            "--placement", "home", "--all",
        ]
    }

    static let learnMore = [
        ("en", "Learn More"), ("de", "Mehr erfahren"), ("fr", "En savoir plus"), ("es", "Más información"),
        ("it", "Scopri di più"), ("pt-BR", "Saiba mais"), ("ja", "詳しく見る"), ("zh-Hans", "了解更多"),
    ]

    @Test("German and Japanese match the golden files", arguments: [("de", "de"), ("ja-JP", "ja")])
    func golden(locale: String, file: String) async throws {
        let result = await run(Self.options(locale: locale) + ["--width", "60"])
        #expect(result.status == .success, "\(result.standardError)")
        try Golden.check(result.standardOutput, against: "preview-words-\(file)-all-width-60.txt")
    }

    @Test("in each of the eight languages the terminal shows the package's button word", arguments: learnMore)
    func terminal(locale: String, word: String) async {
        let result = await run(Self.options(locale: locale) + ["--width", "100"])
        #expect(result.status == .success, "\(result.standardError)")
        #expect(result.standardOutput.contains("[ \(word) → https://example.com/releases/3.4 ]"))
        if locale != "en" { #expect(!result.standardOutput.contains("Learn More")) }
    }

    @Test("in each of the eight languages the HTML page shows the package's words and has the page language")
    func html() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (tag, word) in Self.learnMore {
            let locale = tag.replacingOccurrences(of: "-", with: "_")
            let page = directory.appendingPathComponent("\(tag).html")
            let result = await run(Self.options(locale: locale) + ["--html", page.path])
            #expect(result.status == .success, "\(result.standardError)")
            let html = try String(contentsOf: page, encoding: .utf8)
            let close = BannerStrings(locale: tag).dismissAnnouncement
            #expect(html.contains("<html lang=\"\(tag)\">"), "\(tag)")
            #expect(html.contains(">\(word)</a>"), "\(tag): no \(word) link")
            #expect(html.contains("aria-label=\"\(HTMLPreviewRenderer.escape(close))\">×</button>"), "\(tag)")
        }
    }
}
