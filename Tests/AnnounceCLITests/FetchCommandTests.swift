import AnnounceCLI
import AnnouncementKit
import AnnouncementKitPreview
import AnnouncementTestSupport
import Foundation
import Testing

/// `announce fetch` against a real nginx on a loopback port, one nginx per test.
@Suite(
    "announce fetch",
    .enabled(if: TestDependencies.runsNginxTests, "nginx is not installed: run scripts/test-deps"))
struct FetchCommandTests {
    static let feed = Data(
        #"{"announcements": [{"id": "a", "title": "A", "message": "m", "style": "sparkly"}, {"id": "b", "title": "B", "message": "m"}]}"#
            .utf8)

    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("fetch-\(UUID().uuidString)")
    }

    private func json(_ result: CommandResult) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    @Test("first run: network 200; second run with the same cache: notModified 304 and no body transferred")
    func twoRuns() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("feed.json", contents: Self.feed)
        let cache = temporaryDirectory().appendingPathComponent("nested/cache").path
        let arguments = ["fetch", server.url("feed.json").absoluteString, "--allow-http", "--cache-dir", cache]

        let first = await Announce.run(arguments + ["--format", "json"])
        #expect(first.status == .success)
        let report = try json(first)
        #expect(report["source"] as? String == "network")
        #expect(report["status"] as? Int == 200)
        let etag = try #require(report["etag"] as? String)
        #expect(report["count"] as? Int == 2)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["path"] as? String == "$.announcements[0].style")
        #expect(FileManager.default.fileExists(atPath: cache))

        let second = await Announce.run(arguments)
        #expect(second.status == .success)
        #expect(second.standardOutput.hasPrefix("source: notModified\nstatus: 304\netag: \(etag)\ncount: 2\n"))
        let log = server.accessLog()
        #expect(log.map(\.status) == [200, 304])
        #expect(log.last?.bodyBytes == 0)
        #expect(log.last?.ifNoneMatch == etag)
        #expect(log.last?.userAgent.hasPrefix("announce/") == true)
    }

    @Test("network down with a cache: source cache, exit 0; without a cache: source fallback, count 0, exit 1")
    func networkDown() async throws {
        let server = try NginxServer()
        try server.publish("feed.json", contents: Self.feed)
        let url = server.url("feed.json").absoluteString
        let cache = temporaryDirectory().path
        let seeded = await Announce.run(["fetch", url, "--allow-http", "--cache-dir", cache])
        #expect(seeded.status == .success)
        server.stop()

        let cached = await Announce.run(["fetch", url, "--allow-http", "--cache-dir", cache, "--format", "json"])
        #expect(cached.status == .success)
        let report = try json(cached)
        #expect(report["source"] as? String == "cache")
        #expect(report["count"] as? Int == 2)
        #expect(cached.standardError.contains("using the cached feed"))

        let uncached = await Announce.run(["fetch", url, "--allow-http", "--format", "json"])
        #expect(uncached.status == .failure)
        let fallback = try json(uncached)
        #expect(fallback["source"] as? String == "fallback")
        #expect(fallback["count"] as? Int == 0)
        #expect(fallback["status"] is NSNull)
        #expect(uncached.standardError.contains("no cached feed"))
    }

    @Test("plain http needs --allow-http: exit 2 with that hint; a non-URL is a usage error")
    func plainHTTP() async {
        let result = await Announce.run(["fetch", "http://127.0.0.1:9/feed.json"])
        #expect(result.status == .usage)
        #expect(result.standardError.contains("--allow-http"))
        #expect(await Announce.run(["fetch", "feed.json"]).status == .usage)
        #expect(await Announce.run(["fetch"]).status == .usage)
    }

    @Test("the built binary exits 0 then 0 against nginx, and 1 when there is nothing to use")
    func executable() async throws {
        let executable = try #require(Fixtures.announceExecutable)
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("feed.json", contents: Self.feed)
        let cache = temporaryDirectory().path
        let url = server.url("feed.json").absoluteString
        let first = try await Fixtures.run(executable, ["fetch", url, "--allow-http", "--cache-dir", cache])
        #expect(first.status == 0)
        #expect(first.standardOutput.hasPrefix("source: network\nstatus: 200\n"))
        let second = try await Fixtures.run(executable, ["fetch", url, "--allow-http", "--cache-dir", cache])
        #expect(second.status == 0)
        #expect(second.standardOutput.hasPrefix("source: notModified\nstatus: 304\n"))
        let missing = try await Fixtures.run(
            executable, ["fetch", server.url("missing.json").absoluteString, "--allow-http"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("404"))
    }

    @Test("images: the JSON counts fetched, cached and failed with each failure's reason; the text says it too")
    func images() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("images/good.png", contents: try Fixtures.data("Tests/Fixtures/images/good.png"))
        try server.publish("images/good.jpg", contents: try Fixtures.data("Tests/Fixtures/images/good.jpg"))
        try server.publish("images/wrong.png", contents: Data("<html>Not an image</html>".utf8))
        let items = [
            ("a", "images/good.png"), ("b", "images/good.jpg"), ("c", "images/wrong.png"), ("d", "images/gone.png"),
        ]
        .map { id, path in
            #"{"id": "\#(id)", "title": "T", "message": "m", "audience": {"requires": ["images"]}, "#
                + #""image": {"url": "\#(server.url(path).absoluteString)", "alt": "A picture"}}"#
        }
        try server.publish("feed.json", contents: Data(#"{"announcements": [\#(items.joined(separator: ", "))]}"#.utf8))
        let cache = temporaryDirectory().path
        let arguments = ["fetch", server.url("feed.json").absoluteString, "--allow-http", "--cache-dir", cache]

        let first = await Announce.run(arguments + ["--format", "json"])
        #expect(first.status == .success)
        let report = try json(first)
        #expect(report["count"] as? Int == 4)
        let images = try #require(report["images"] as? [String: Any])
        #expect(images["fetched"] as? Int == 2)
        #expect(images["cached"] as? Int == 0)
        #expect(images["failed"] as? Int == 2)
        let failures = try #require(images["failures"] as? [[String: Any]])
        #expect(
            failures.compactMap { $0["url"] as? String }
                == ["images/wrong.png", "images/gone.png"].map {
                    server.url($0).absoluteString
                })
        #expect((failures.last?["reason"] as? String)?.contains("404") == true)

        let second = await Announce.run(arguments)
        #expect(second.status == .success)
        #expect(second.standardOutput.contains("\nimages: fetched 0, cached 2, failed 2\n"))
        #expect(second.standardOutput.contains("image failed: \(server.url("images/gone.png").absoluteString): "))
        let log = server.accessLog().filter { $0.path.hasPrefix("/images/good") }
        #expect(log.map(\.status) == [200, 200, 304, 304])

        // preview --cache-dir draws the cached images into the page and the alt text for the others,
        // with no request of its own.
        let feedFile = URL(fileURLWithPath: cache).appendingPathComponent("feed-copy.json")
        try Data(#"{"announcements": [\#(items.joined(separator: ", "))]}"#.utf8).write(to: feedFile)
        let page = URL(fileURLWithPath: cache).appendingPathComponent("page.html")
        let requests = server.accessLog().count
        let preview = await Announce.run([
            "preview", feedFile.path, "--html", page.path, "--allow-http", "--cache-dir", cache, "--locale", "en",
        ])
        #expect(preview.status == .success, "\(preview.standardError)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let png = try Fixtures.data("Tests/Fixtures/images/good.png").base64EncodedString()
        let jpeg = try Fixtures.data("Tests/Fixtures/images/good.jpg").base64EncodedString()
        #expect(html.components(separatedBy: "src=\"data:image/png;base64,\(png)\"").count == 3)
        #expect(html.components(separatedBy: "src=\"data:image/jpeg;base64,\(jpeg)\"").count == 3)
        #expect(html.components(separatedBy: "<span>A picture</span>").count == 5, "two missing images, light and dark")
        #expect(server.accessLog().count == requests)

        let notADirectory = await Announce.run(["preview", feedFile.path, "--cache-dir", feedFile.path])
        #expect(notADirectory.status == .usage)
        #expect(notADirectory.standardError.contains("is not a directory"))
    }
}

@Suite("announce preview: the image budget of a page")
struct PreviewImagesBudgetTests {
    /// The signature and `IHDR` chunk of a 24 × 16 PNG.
    static let png = HostileImages.png(width: 24, height: 16)

    @Test("a cache full of large images embeds at most the budget; the rest is left out and counted")
    func budget() {
        let size = 3 * 1_048_576
        var reads = 0
        var images = PreviewImages { _ in
            reads += 1
            return Self.png + Data(count: size - Self.png.count)
        }
        var embedded = 0
        for index in 0..<20 {
            let url = URL(string: "https://c.example/\(index).png")!
            if let image = images.image(for: url) {
                #expect(image.mediaType == "image/png")
                embedded += image.data.count
            }
            // The same URL again is the same answer, without a second read.
            _ = images.image(for: url)
        }
        #expect(embedded == (PreviewImages.maximumTotalBytes / size) * size)
        #expect(embedded <= PreviewImages.maximumTotalBytes)
        #expect(images.leftOut == 20 - PreviewImages.maximumTotalBytes / size)
        #expect(reads == 20)
    }

    @Test("past the lookup cap nothing more is read; bytes that are not an image are never embedded")
    func lookups() {
        var reads = 0
        var images = PreviewImages { url in
            reads += 1
            return url.lastPathComponent == "text.png" ? Data("<html>".utf8) : Self.png
        }
        #expect(images.image(for: URL(string: "https://c.example/text.png")!) == nil)
        for index in 0..<(PreviewImages.maximumLookups + 50) {
            _ = images.image(for: URL(string: "https://c.example/\(index).png")!)
        }
        #expect(reads == PreviewImages.maximumLookups)
        #expect(images.leftOut == 51)
    }
}
