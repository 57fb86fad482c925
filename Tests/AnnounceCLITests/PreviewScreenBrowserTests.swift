import AnnounceCLI
import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce preview --html: phone screens in a browser", .timeLimit(.minutes(3)))
struct PreviewScreenBrowserTests {
    /// The example feed at each banner position and the what's-new example (a sheet, a modal and a
    /// banner with an image), as headless Chromium builds and paints them: the DOM holds every screen
    /// with its format and position, and the screenshot is a real picture. The screenshots are kept in
    /// `.build/test-artifacts` for people to look at.
    @Test(
        "each banner position, and the modal and the sheet, render in phone screens in headless Chromium",
        .enabled(if: PreviewBrowserTests.available, "chromium is not installed; scripts/test-deps installs it"),
        arguments: ["top", "bottom", "floating", "whats-new"])
    func screens(variant: String) async throws {
        let artifacts = Fixtures.repositoryRoot.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let page = artifacts.appendingPathComponent("preview-screen-\(variant).html")
        let whatsNew = variant == "whats-new"
        let feed = Fixtures.url(whatsNew ? "Examples/whats-new.json" : "Examples/feed.json").path
        let result = await Announce.run(
            ["preview", feed, "--html", page.path, "--at", "2026-12-03T12:00:00Z", "--locale", "en"]
                + (whatsNew ? [] : ["--segment", "proUsers", "--placement", "home", "--position", variant]))
        #expect(result.status == .success, "\(result.standardError)")

        let dom = try await PreviewBrowserTests.headless(["--dump-dom", page.absoluteString])
        #expect(dom.status == 0, "\(dom.standardError)")
        let html = dom.standardOutput
        let screens = html.components(separatedBy: "<div class=\"screen ").count - 1
        #expect(screens == (whatsNew ? 6 : 14), "every announcement in light and dark")
        #expect(html.components(separatedBy: "<span class=\"home-indicator\"").count - 1 == screens)
        if whatsNew {
            for format in ["banner", "modal", "sheet"] {
                #expect(html.components(separatedBy: "data-format=\"\(format)\"").count - 1 == 2, "\(format)")
            }
        } else {
            #expect(html.components(separatedBy: "data-position=\"\(variant)\"").count - 1 == 14)
            #expect(html.contains("Not shown: it has ended</span> <span class=\"reason\">(<code>expired</code>)"))
        }

        let screenshot = artifacts.appendingPathComponent("preview-screen-\(variant).png")
        try? FileManager.default.removeItem(at: screenshot)
        let shot = try await PreviewBrowserTests.headless([
            "--screenshot=\(screenshot.path)", "--window-size=1280,1000", "--hide-scrollbars", page.absoluteString,
        ])
        #expect(shot.status == 0, "\(shot.standardError)")
        let bytes = try Data(contentsOf: screenshot)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        #expect(bytes.count > 20_000, "the screenshot of \(variant) is nearly empty: \(bytes.count) bytes")
    }
}
