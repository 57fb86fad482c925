import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

/// The image phase against a real nginx on a loopback port, one nginx per test.
@Suite(
    "Remote provider images against nginx",
    .enabled(if: TestDependencies.runsNginxTests, "nginx is not installed: run scripts/test-deps"))
struct RemoteProviderImageNginxTests {
    typealias Support = ImageFeedSupport

    /// The six items of the acceptance feed, published on `server`: two good images (PNG, JPEG), one
    /// over the 512 KiB cap, HTML behind `image/png`, a 404, and an item without an image.
    static func publishSixItems(on server: NginxServer) throws -> [(id: String, image: URL?)] {
        try server.publish("images/good.png", contents: Support.png)
        try server.publish("images/good.jpg", contents: Support.jpeg)
        try server.publish("images/big.png", contents: Support.pngSized(600 * 1024))
        try server.publish("images/wrong.png", contents: Support.html)
        let items: [(id: String, image: URL?)] = [
            ("png", server.url("images/good.png")), ("jpeg", server.url("images/good.jpg")),
            ("big", server.url("images/big.png")), ("wrong", server.url("images/wrong.png")),
            ("missing", server.url("images/missing.png")), ("text", nil),
        ]
        try server.publish("feed.json", contents: Support.feed(items))
        return items
    }

    @Test(
        "six items: all kept, 2 fetched and 3 failed; the second run is 304 with both images cached and not downloaded")
    func sixItems() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        let items = try Self.publishSixItems(on: server)
        let cache = try RemoteFeedSupport.temporaryDirectory()
        let configuration = RemoteFeedSupport.configuration(cache: cache, deadline: RemoteFeedSupport.patientDeadline)
        let provider = RemoteAnnouncementProvider(url: server.url("feed.json"), configuration: configuration)

        let first = await provider.fetchFeed(force: true)
        #expect(first.source == .network)
        #expect(first.announcements.map(\.id) == items.map(\.id))
        let images = try #require(first.images)
        #expect((images.fetched, images.cached, images.failed) == (2, 0, 3))
        let reasons = Dictionary(uniqueKeysWithValues: images.failures.map { ($0.url.lastPathComponent, $0.reason) })
        #expect(reasons["big.png"]?.contains("524288-byte cap") == true)
        #expect(reasons["wrong.png"]?.contains("not a PNG, JPEG, GIF or WebP image") == true)
        #expect(reasons["missing.png"]?.contains("404") == true)
        #expect(provider.cachedImageData(for: server.url("images/good.png")) == Support.png)
        #expect(provider.cachedImageData(for: server.url("images/good.jpg")) == Support.jpeg)

        let second = await provider.fetchFeed(force: true)
        #expect(second.source == .notModified)
        #expect(second.status == 304)
        #expect(second.announcements.count == 6)
        let again = try #require(second.images)
        #expect((again.fetched, again.cached, again.failed) == (0, 2, 3))
        let log = server.accessLog()
        print("six items: first \(images), second \(again)")
        print("six items, nginx log: " + log.map { "\($0.path) \($0.status) \($0.bodyBytes)" }.joined(separator: ", "))
        for path in ["/images/good.png", "/images/good.jpg"] {
            let requests = log.filter { $0.path == path }
            #expect(requests.map(\.status) == [200, 304], "\(path)")
            #expect(requests.last?.bodyBytes == 0)
            #expect(requests.last?.ifNoneMatch != nil)
        }
        #expect(log.filter { $0.path == "/feed.json" }.map(\.status) == [200, 304])
        // A relaunch (or `preview --cache-dir`) reads the same images from disk.
        #expect(AnnouncementImageCache(directory: cache).data(for: server.url("images/good.jpg")) == Support.jpeg)
    }

    @Test("a slow image fails by the image deadline while the feed and the other image arrive")
    func slowImage() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("images/good.png", contents: Support.png)
        // 500 KiB (under the cap) at 2 KB/s: over four minutes.
        try server.publish("slow/slow.png", contents: Support.pngSized(500 * 1024))
        try server.publish(
            "feed.json",
            contents: Support.feed([("slow", server.url("slow/slow.png")), ("good", server.url("images/good.png"))]))
        var configuration = RemoteFeedSupport.configuration(
            cache: try RemoteFeedSupport.temporaryDirectory(), deadline: RemoteFeedSupport.patientDeadline)
        configuration.imageLimits = ImagePrefetchLimits(imageDeadline: 2, deadline: 3)
        let provider = RemoteAnnouncementProvider(url: server.url("feed.json"), configuration: configuration)

        let started = Date()
        let result = await provider.fetchFeed(force: true)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.source == .network)
        #expect(result.announcements.map(\.id) == ["slow", "good"])
        let images = try #require(result.images)
        #expect((images.fetched, images.failed) == (1, 1))
        // "its 2 s deadline" on its own; "the image phase's 3 s deadline" when a busy machine delays
        // the start of the download past the first second of the phase.
        #expect(images.failures.first?.reason.contains("deadline") == true)
        print("slow image: \(images.failures.first?.reason ?? "-"), the fetch took \(elapsed) s")
        // The image alone would take over four minutes: the result did not wait for it. (The deadlines
        // are checked to the second with a manual clock in `ImageCacheBoundsTests`; on a loaded
        // machine real sleeps wake late, so this bound has room.)
        #expect(elapsed < 60, "the fetch took \(elapsed) s")
        #expect(provider.cachedImageData(for: server.url("slow/slow.png")) == nil)
    }
}
