import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce preview --html in a browser", .timeLimit(.minutes(2)))
struct PreviewBrowserTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static let available: Bool = ProcessInfo.processInfo.environment["CI"] == "true" || chromium != nil

    static let hostileFeed = """
        {"announcements": [
          {"id": "img-title", "title": "<img src=x onerror=\\"document.body.setAttribute('data-pwned','img')\\">",
           "message": "An image tag as a title.", "priority": 3},
          {"id": "script-message", "title": "Script in the message",
           "message": "<script>document.body.setAttribute('data-pwned','script')</script>&amp; done",
           "action": {"type": "url", "value": "https://example.com/?q=\\"><script>alert(1)</script>",
                      "label": "<b>bold?</b>"}, "priority": 2},
          {"id": "prepend-title",
           "title": "\\u0600<img src=x onerror=\\"document.body.setAttribute('data-pwned','prepend')\\">",
           "message": "U+0600 joins the < after it into one grapheme cluster.", "priority": 0},
          {"id": "plain", "title": "Plain", "message": "Nothing special.", "priority": 1}]}
        """

    static func headless(_ arguments: [String]) async throws -> (
        status: Int32, standardOutput: String, standardError: String
    ) {
        let chromium = try #require(Self.chromium, "chromium is not installed; scripts/test-deps installs it")
        return try await Fixtures.run(
            URL(fileURLWithPath: chromium),
            ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"] + arguments)
    }

    @Test(
        "the page shows every announcement; hostile text executes nothing and shows literally",
        .enabled(if: available, "chromium is not installed; scripts/test-deps installs it"))
    func hostileText() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let feed = directory.appendingPathComponent("feed.json")
        try Data(Self.hostileFeed.utf8).write(to: feed)
        let page = directory.appendingPathComponent("page.html")
        let result = await Announce.run([
            "preview", feed.path, "--html", page.path, "--at", "2026-12-03T12:00:00Z", "--locale", "en",
        ])
        #expect(result.status == .success, "\(result.standardError)")

        let dom = try await Self.headless(["--virtual-time-budget=2000", "--dump-dom", page.absoluteString])
        #expect(dom.status == 0, "\(dom.standardError)")
        let html = dom.standardOutput
        for id in ["img-title", "script-message", "prepend-title", "plain"] {
            #expect(html.contains(id), "the page does not show \(id)")
        }
        #expect(html.range(of: "<body[^>]*data-pwned", options: .regularExpression) == nil, "feed text ran as code")
        #expect(html.contains("&lt;img src=x onerror="), "the image tag is not shown as text")
        #expect(html.contains("&lt;script&gt;document.body.setAttribute"), "the script tag is not shown as text")
        #expect(html.contains("&lt;b&gt;bold?&lt;/b&gt;"))
        #expect(!html.contains("<script>"), "a script element reached the DOM")
        #expect(!html.contains("<img"), "an img element reached the DOM")

        // A screenshot for people to look at, kept with the build.
        let artifacts = Fixtures.repositoryRoot.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let screenshot = artifacts.appendingPathComponent("preview-hostile.png")
        try? FileManager.default.removeItem(at: screenshot)
        let shot = try await Self.headless([
            "--screenshot=\(screenshot.path)", "--window-size=1200,1400", page.absoluteString,
        ])
        #expect(shot.status == 0, "\(shot.standardError)")
        let size = (try? FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int) ?? 0
        #expect(size > 10_000, "the screenshot is missing or empty")
    }

    @Test(
        "the example feed's page lists all seven announcements in light and dark",
        .enabled(if: available, "chromium is not installed; scripts/test-deps installs it"))
    func exampleFeed() async throws {
        let artifacts = Fixtures.repositoryRoot.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let page = artifacts.appendingPathComponent("preview-example.html")
        let result = await Announce.run([
            "preview", Fixtures.url("Examples/feed.json").path, "--html", page.path, "--at", "2026-12-03T12:00:00Z",
            "--platform", "iOS", "--app-version", "3.4.1", "--os-version", "17.5", "--locale", "de-AT",
            "--segment", "proUsers", "--placement", "home",
        ])
        #expect(result.status == .success)
        let dom = try await Self.headless(["--dump-dom", page.absoluteString]).standardOutput
        for id in [
            "maintenance-2026-12-05", "outage-payments-eu", "feature-dark-mode", "promo-black-friday-2026",
            "support-hours-weekdays", "welcome-new-users", "release-notes-3-4",
        ] {
            #expect(dom.contains(id))
        }
        #expect(dom.contains("Geplante Wartung"))
        let screenshot = artifacts.appendingPathComponent("preview-example.png")
        _ = try await Self.headless(["--screenshot=\(screenshot.path)", "--window-size=1200,2400", page.absoluteString])
        #expect(FileManager.default.fileExists(atPath: screenshot.path))
    }
}
