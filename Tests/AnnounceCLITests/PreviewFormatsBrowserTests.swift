import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce preview --html: formats in a browser", .timeLimit(.minutes(3)))
struct PreviewFormatsBrowserTests {
    /// The hostile feed of the browser test with every item in `format` and an image whose alt text is
    /// one more attack, in the attribute and in the text.
    static func hostileFeed(format: String) throws -> Data {
        var feed = try #require(
            try JSONSerialization.jsonObject(with: Data(PreviewBrowserTests.hostileFeed.utf8)) as? [String: Any])
        var items = try #require(feed["announcements"] as? [[String: Any]])
        for index in items.indices {
            items[index]["format"] = format
            items[index]["image"] = [
                "url": "https://cdn.example.com/\(index).png",
                "alt": "\"><img src=x onerror=\"document.body.setAttribute('data-pwned','alt\(index)')\"><script>"
                    + "document.body.setAttribute('data-pwned','alt-script')</script>",
            ]
            items[index]["audience"] = ["requires": ["formats", "images"]]
        }
        feed["announcements"] = items
        return try JSONSerialization.data(withJSONObject: feed)
    }

    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(
        "every format's page passes the hostile corpus, alt texts included: nothing runs, everything shows as text",
        .enabled(if: PreviewBrowserTests.available, "chromium is not installed; scripts/test-deps installs it"),
        arguments: ["banner", "modal", "sheet"])
    func hostile(format: String) async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let feed = directory.appendingPathComponent("feed.json")
        try Self.hostileFeed(format: format).write(to: feed)
        let page = directory.appendingPathComponent("page.html")
        let result = await Announce.run([
            "preview", feed.path, "--html", page.path, "--at", "2026-12-03T12:00:00Z", "--locale", "en",
        ])
        #expect(result.status == .success, "\(result.standardError)")
        let dom = try await PreviewBrowserTests.headless([
            "--virtual-time-budget=2000", "--dump-dom", page.absoluteString,
        ])
        #expect(dom.status == 0, "\(dom.standardError)")
        let html = dom.standardOutput
        #expect(html.components(separatedBy: "data-format=\"\(format)\"").count == 9, "4 items × light and dark")
        #expect(html.range(of: "<body[^>]*data-pwned", options: .regularExpression) == nil, "feed text ran as code")
        #expect(!html.contains("<script>"), "a script element reached the DOM")
        #expect(!html.contains("<img"), "an img element reached the DOM")
        #expect(html.contains("&lt;img src=x onerror="), "the alt text is not shown as text")
        #expect(html.contains("&lt;script&gt;document.body.setAttribute('data-pwned','alt-script')"))
    }

    @Test(
        "each format of the what's-new example, light and dark, with its image fetched into a cache, as a screenshot",
        .enabled(if: PreviewBrowserTests.available, "chromium is not installed; scripts/test-deps installs it"),
        .enabled(if: TestDependencies.runsNginxTests, "nginx is not installed: run scripts/test-deps"))
    func screenshots() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let artifacts = Fixtures.repositoryRoot.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        // The example's images, served by nginx and fetched into a provider cache as an app would.
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("whats-new-3.png", contents: try Fixtures.data("Tests/Fixtures/images/good.png"))
        try server.publish("tip-swipe.jpg", contents: try Fixtures.data("Tests/Fixtures/images/good.jpg"))
        let example = try String(contentsOf: Fixtures.url("Examples/whats-new.json"), encoding: .utf8)
            .replacingOccurrences(
                of: "https://cdn.example.com/whats-new-3.png", with: server.url("whats-new-3.png").absoluteString
            )
            .replacingOccurrences(
                of: "https://cdn.example.com/tip-swipe.png", with: server.url("tip-swipe.jpg").absoluteString)
        try server.publish("feed.json", contents: Data(example.utf8))
        let cache = directory.appendingPathComponent("cache").path
        let fetch = await Announce.run([
            "fetch", server.url("feed.json").absoluteString, "--allow-http", "--cache-dir", cache,
        ])
        #expect(fetch.status == .success && fetch.standardOutput.contains("images: fetched 2, cached 0, failed 0"))

        let feed = try JSONSerialization.jsonObject(with: Data(example.utf8))
        let items = try #require((feed as? [String: Any])?["announcements"] as? [[String: Any]])
        for item in items {
            let format = item["format"] as? String ?? "banner"
            let single = directory.appendingPathComponent("\(format).json")
            try JSONSerialization.data(withJSONObject: [
                "schemaVersion": 1, "defaultLocale": "en", "announcements": [item],
            ])
            .write(to: single)
            let page = artifacts.appendingPathComponent("preview-format-\(format).html")
            let result = await Announce.run([
                "preview", single.path, "--html", page.path, "--at", "2026-12-03T12:00:00Z", "--locale", "de-DE",
                "--allow-http", "--cache-dir", cache,
            ])
            #expect(result.status == .success, "\(result.standardError)")
            let dom = try await PreviewBrowserTests.headless(["--dump-dom", page.absoluteString]).standardOutput
            #expect(dom.components(separatedBy: "data-format=\"\(format)\"").count == 3, "light and dark")
            #expect(dom.contains("class=\"pane light\"") && dom.contains("class=\"pane dark\""))
            let images = dom.components(separatedBy: "src=\"data:image/").count - 1
            #expect(images == (item["image"] == nil ? 0 : 2), "\(format): \(images) embedded images")
            let screenshot = artifacts.appendingPathComponent("preview-format-\(format).png")
            try? FileManager.default.removeItem(at: screenshot)
            let shot = try await PreviewBrowserTests.headless([
                "--screenshot=\(screenshot.path)", "--window-size=1200,900", page.absoluteString,
            ])
            #expect(shot.status == 0, "\(shot.standardError)")
            let size = (try? FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int) ?? 0
            #expect(size > 10_000, "the screenshot of \(format) is missing or empty")
        }
    }
}
