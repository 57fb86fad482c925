import AnnounceCLI
import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce preview")
struct PreviewCommandTests {
    private func run(_ arguments: [String], variables: [String: String] = [:], isTerminal: Bool = false) async
        -> CommandResult
    {
        let environment = Announce.Environment(
            variables: variables, currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() },
            isTerminal: isTerminal)
        return await Announce.run(arguments, environment: environment)
    }

    static let proUserAtHome = [
        "preview", "Examples/feed.json", "--at", "2026-12-03T12:00:00Z", "--platform", "iOS", "--app-version",
        "3.4.1", "--os-version", "17.5", "--locale", "de-AT", "--user-id", "u-42", "--segment", "proUsers",
        "--placement", "home",
    ]

    static var japanese: [String] {
        proUserAtHome.map { $0 == "de-AT" ? "ja" : $0 }
    }

    @Test(
        "text output matches the golden files",
        arguments: [
            ([String](), "preview-pro-user-home.txt"),
            (["--all"], "preview-pro-user-home-all.txt"),
            (["--width", "40"], "preview-pro-user-home-width-40.txt"),
            (["--all", "--width", "40"], "preview-pro-user-home-all-width-40.txt"),
        ])
    func golden(extra: [String], file: String) async throws {
        let result = await run(Self.proUserAtHome + extra)
        #expect(result.status == .success, "\(result.standardError)")
        #expect(result.standardError == "")
        try Golden.check(result.standardOutput, against: file)
    }

    @Test("Japanese: text in columns, CJK wrapped, matches the golden file")
    func japaneseGolden() async throws {
        let result = await run(Self.japanese + ["--all", "--width", "48"])
        #expect(result.status == .success)
        try Golden.check(result.standardOutput, against: "preview-ja-all-width-48.txt")
    }

    @Test(
        "every line fits the width in display columns",
        arguments: [20, 33, 40, 57, 80, 120], ["de-AT", "ja", "en"])
    func widths(width: Int, locale: String) async {
        let arguments = Self.proUserAtHome.map { $0 == "de-AT" ? locale : $0 }
        let result = await run(arguments + ["--all", "--width", String(width)])
        #expect(result.status == .success)
        for line in result.standardOutput.split(separator: "\n") {
            #expect(DisplayWidth.of(line) <= width, "\(line)")
        }
    }

    @Test(
        "colour only on a terminal without NO_COLOR",
        arguments: [
            (true, [String: String](), true), (true, ["NO_COLOR": "1"], false), (true, ["NO_COLOR": ""], false),
            (false, [:], false),
        ])
    func colour(isTerminal: Bool, variables: [String: String], expectsColour: Bool) async {
        let result = await run(Self.proUserAtHome + ["--all"], variables: variables, isTerminal: isTerminal)
        #expect(result.status == .success)
        #expect(result.standardOutput.contains("\u{1B}") == expectsColour)
    }

    @Test("the width comes from --width, else COLUMNS, else 80")
    func defaultWidth() async {
        func firstLineWidth(_ extra: [String], _ variables: [String: String]) async -> Int {
            let result = await run(Self.proUserAtHome + extra, variables: variables)
            let box = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("╭") } ?? ""
            return DisplayWidth.of(box)
        }
        #expect(await firstLineWidth([], [:]) == 80)
        #expect(await firstLineWidth([], ["COLUMNS": "100"]) == 100)
        #expect(await firstLineWidth([], ["COLUMNS": "8"]) == 20)
        #expect(await firstLineWidth([], ["COLUMNS": "wide"]) == 80)
        #expect(await firstLineWidth(["--width", "44"], ["COLUMNS": "100"]) == 44)
    }

    @Test("nothing active: exit 0 and say so")
    func nothingActive() async {
        let result = await run([
            "preview", "Examples/feed.json", "--at", "2020-01-01T00:00:00Z", "--platform", "iOS", "--locale", "en",
        ])
        #expect(result.status == .success)
        #expect(
            result.standardOutput
                == "No announcement is active at 2020-01-01T00:00:00Z for this context; run with --all to see every one.\n"
        )
    }

    @Test("usage errors and unusable feeds exit as simulate does")
    func exitCodes() async {
        let badWidth = await run(Self.proUserAtHome + ["--width", "10"])
        #expect(badWidth.status == .usage)
        #expect(badWidth.standardError.contains("--width must be a whole number of columns from 20 to 1,000; got '10'"))
        let missing = await run(["preview", "missing.json"])
        #expect(missing.status == .usage)
        #expect(missing.standardError.hasPrefix("announce preview: "))
        let badDate = await run(["preview", "Examples/feed.json", "--at", "tomorrow"])
        #expect(badDate.status == .usage)
        let unusable = await run(["preview", "Tests/Fixtures/feeds/invalid/truncated.json", "--all"])
        #expect(unusable.status == .failure)
        #expect(unusable.standardError.contains("the feed cannot be used"))
        let invalidItems = await run(["preview", "Tests/Fixtures/feeds/invalid/item-errors.json", "--all"])
        #expect(invalidItems.status == .success)
        #expect(invalidItems.standardError.contains("invalid item(s) are listed as excluded"))
    }

    @Test("--html writes one page with every announcement, light and dark, and says where")
    func html() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "announce-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("preview.html").path
        let result = await run(Self.proUserAtHome + ["--html", output])
        #expect(result.status == .success)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "announce preview: wrote \(output) (7 announcements)\n")
        let page = try String(contentsOfFile: output, encoding: .utf8)
        for id in [
            "maintenance-2026-12-05", "outage-payments-eu", "feature-dark-mode", "promo-black-friday-2026",
            "support-hours-weekdays", "welcome-new-users", "release-notes-3-4",
        ] {
            #expect(page.contains("<code class=\"id\">\(id)</code>"))
        }
        #expect(page.contains("Geplante Wartung"))
        #expect(page.contains("<code class=\"id\">outage-payments-eu</code> <span class=\"status\">Showing now</span>"))
        #expect(page.contains("Not shown: it has ended</span> <span class=\"reason\">(<code>expired</code>)</span>"))
        #expect(page.contains("<p class=\"detail\">ended at 2026-12-01T08:00:00Z</p>"))
        #expect(page.components(separatedBy: "data-position=\"top\"").count - 1 == 14, "7 banners, light and dark")
        #expect(page.components(separatedBy: "class=\"pane dark\"").count - 1 == 7)
        #expect(
            page.contains(
                "href=\"https://status.example.com/incidents/2026-12-05\" rel=\"noopener noreferrer\""))

        let unwritable = await run(Self.proUserAtHome + ["--html", "/nonexistent-dir/preview.html"])
        #expect(unwritable.status == .usage)
        #expect(unwritable.standardError.contains("cannot write /nonexistent-dir/preview.html"))
    }

    @Test("--position puts the page's banners at the top, the bottom or floating; another value is a usage error")
    func position() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "announce-position-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for position in AnnouncementBannerPosition.allCases {
            let output = directory.appendingPathComponent("\(position.rawValue).html").path
            let result = await run(Self.proUserAtHome + ["--html", output, "--position", position.rawValue])
            #expect(result.status == .success, "\(result.standardError)")
            let page = try String(contentsOfFile: output, encoding: .utf8)
            #expect(page.components(separatedBy: "data-position=\"\(position.rawValue)\"").count - 1 == 14)
            #expect(!page.contains("data-position=\"\(position == .top ? "bottom" : "top")\""))
        }
        let wrong = await run(
            Self.proUserAtHome + ["--html", directory.appendingPathComponent("x.html").path, "--position", "middle"])
        #expect(wrong.status == .usage)
        #expect(wrong.standardError.contains("'top', 'bottom' or 'floating'"), "\(wrong.standardError)")
    }

    @Test("help lists the preview options, and the overview lists preview after simulate")
    func help() async {
        let help = await run(["preview", "--help"])
        for option in ["--all", "--html OUT.html", "--width N", "--position POSITION", "--placement NAME"] {
            #expect(help.standardOutput.contains(option))
        }
        let overview = await run(["--help"])
        let simulate = overview.standardOutput.range(of: "  simulate")
        let preview = overview.standardOutput.range(of: "  preview")
        #expect(simulate != nil && preview != nil && simulate!.lowerBound < preview!.lowerBound)
    }
}
