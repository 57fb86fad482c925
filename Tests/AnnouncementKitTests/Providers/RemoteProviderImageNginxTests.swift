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

    @Test("images fresh by nginx's max-age are not asked for when the feed is confirmed; a forced fetch asks")
    func freshImagesAreNotRequested() async throws {
        let server = try NginxServer(options: .init(cacheControl: "max-age=3600"))
        defer { server.stop() }
        let items = try Self.publishSixItems(on: server)
        let time = ManualTimeSource(now: Date())
        let configuration = RemoteFeedSupport.configuration(
            cache: try RemoteFeedSupport.temporaryDirectory(), deadline: RemoteFeedSupport.patientDeadline)
        let provider = RemoteAnnouncementProvider(
            url: server.url("feed.json"), configuration: configuration, timeSource: time)
        let first = try #require(await provider.fetchFeed(force: true).images)
        #expect((first.fetched, first.cached, first.failed) == (2, 0, 3))

        // Half an hour on, the app asks for the feed again (it is fresh too, so the app invalidates it).
        time.advance(by: 1800)
        await provider.invalidateCache()
        let second = await provider.fetchFeed(force: false)
        #expect(second.status == 304)
        #expect(second.announcements.map(\.id) == items.map(\.id))
        let images = try #require(second.images)
        #expect((images.fetched, images.cached, images.failed) == (0, 2, 3))
        let afterSecond = server.accessLog()
        print("fresh images, nginx log: " + afterSecond.map { "\($0.path) \($0.status)" }.joined(separator: ", "))
        for path in ["/images/good.png", "/images/good.jpg"] {
            #expect(afterSecond.filter { $0.path == path }.map(\.status) == [200], "\(path) was asked for again")
        }
        // The failed images are still tried at every fetch.
        #expect(afterSecond.filter { $0.path == "/images/missing.png" }.count == 2)

        let forced = try #require(await provider.fetchFeed(force: true).images)
        #expect((forced.fetched, forced.cached) == (0, 2))
        let afterForced = server.accessLog()
        for path in ["/images/good.png", "/images/good.jpg"] {
            #expect(afterForced.filter { $0.path == path }.map(\.status) == [200, 304], "\(path)")
        }
    }
}
