import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The remote provider's image phase with a routed downloader and a manual clock: what it requests,
/// caches, counts and prunes, and that an image never costs its announcement.
@Suite("Remote provider images with a scripted downloader", .timeLimit(.minutes(1)))
struct RemoteProviderImageTests {
    typealias Support = ImageFeedSupport
    typealias Fixture = ImageFeedSupport.Fixture
    let a = ImageFeedSupport.imageURL("a.png")
    let b = ImageFeedSupport.imageURL("b.jpg")
    let c = ImageFeedSupport.imageURL("c.png")

    @Test("the images are fetched after the feed and read from the cache; a failed one keeps its announcement")
    func fetchAfterFeed() async throws {
        let fixture = try Fixture()
        fixture.serveFeed([("a", a), ("b", b), ("c", c), ("d", nil)])
        fixture.downloader.route(a, .image(Support.png, etag: #""a1""#))
        fixture.downloader.route(b, .image(Support.jpeg, lastModified: "Wed, 15 Jan 2027 08:00:00 GMT"))
        fixture.downloader.route(c, .status(404))

        let result = await fixture.provider.fetchFeed(force: true)
        #expect(result.source == .network)
        #expect(result.announcements.map(\.id) == ["a", "b", "c", "d"])
        #expect(result.announcements.map { $0.image != nil } == [true, true, true, false])
        let images = try #require(result.images)
        #expect((images.fetched, images.cached, images.failed) == (2, 0, 1))
        #expect(images.failures.map(\.url) == [c])
        #expect(images.failures.first?.reason.contains("404") == true)
        #expect(fixture.provider.cachedImageData(for: a) == Support.png)
        #expect(fixture.provider.cachedImageData(for: b) == Support.jpeg)
        #expect(fixture.provider.cachedImageData(for: c) == nil)
        #expect(fixture.imageFiles().count == 2)
        // Each image request names what it accepts and who asks; none is conditional the first time.
        let request = try #require(fixture.downloader.requests(to: a).first?.request)
        #expect(request.value(forHTTPHeaderField: "Accept")?.contains("image/png") == true)
        #expect(request.value(forHTTPHeaderField: "User-Agent") == RemoteProviderConfiguration.defaultUserAgent)
        #expect(request.ifNoneMatch == nil)
    }

    @Test(
        "the next fetch asks each image conditionally: a 304 keeps the file and counts as cached; a relaunch reads it")
    func conditionalRefetch() async throws {
        let fixture = try Fixture()
        let lastModified = "Wed, 15 Jan 2027 08:00:00 GMT"
        fixture.serveFeed([("a", a), ("b", b)])
        fixture.downloader.route(a, .image(Support.png, etag: #""a1""#), .notModified(etag: #""a1""#))
        fixture.downloader.route(b, .image(Support.jpeg, lastModified: lastModified), .notModified())
        _ = await fixture.provider.fetchFeed(force: true)
        fixture.downloader.route(Fixture.feedURL, .notModified(etag: #""feed-1""#))
        fixture.time.advance(by: 60)

        let second = await fixture.provider.fetchFeed(force: true)
        #expect(second.source == .notModified)
        #expect(second.status == 304)
        let images = try #require(second.images)
        #expect((images.fetched, images.cached, images.failed) == (0, 2, 0))
        #expect(fixture.downloader.requests(to: a).last?.request.ifNoneMatch == #""a1""#)
        #expect(fixture.downloader.requests(to: b).last?.request.ifModifiedSince == lastModified)
        #expect(fixture.downloader.remainingSteps == 0)

        let relaunched = RemoteAnnouncementProvider(
            url: Fixture.feedURL,
            configuration: RemoteProviderConfiguration(cacheDirectory: fixture.directory),
            downloader: RoutedDownloader())
        #expect(relaunched.cachedImageData(for: a) == Support.png)
        #expect(AnnouncementImageCache(directory: try #require(fixture.directory)).data(for: b) == Support.jpeg)
    }

    @Test("a failed refetch keeps the cached copy (counted cached); a failed image is tried again at the next fetch")
    func retryAndKeep() async throws {
        let fixture = try Fixture()
        fixture.serveFeed([("a", a), ("b", b)])
        fixture.downloader.route(a, .image(Support.png, etag: #""a1""#), .status(500))
        fixture.downloader.route(b, .fail(.transport(code: -1004, message: "refused"), bytes: 0), .image(Support.jpeg))
        let first = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect((first.fetched, first.cached, first.failed) == (1, 0, 1))
        #expect(first.failures.first?.reason.contains("refused") == true)

        // Without a request for the feed (fresh), no image is asked for: the summary says what is cached.
        let fresh = await fixture.provider.fetchFeed(force: false)
        #expect(fresh.status == nil)
        let unchanged = try #require(fresh.images)
        #expect((unchanged.fetched, unchanged.cached, unchanged.failed) == (0, 1, 1))
        #expect(unchanged.failures.first?.reason == "not fetched yet")

        fixture.downloader.route(Fixture.feedURL, .notModified(etag: #""feed-1""#))
        let second = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect((second.fetched, second.cached, second.failed) == (1, 1, 0))
        #expect(fixture.provider.cachedImageData(for: a) == Support.png)
        #expect(fixture.provider.cachedImageData(for: b) == Support.jpeg)
    }

    @Test("the per-image cap: past it by Content-Length, by the bytes counted or by the body handed over")
    func perImageCap() async throws {
        let fixture = try Fixture()
        let cap = ImagePrefetchLimits.defaultMaximumImageSize
        fixture.serveFeed([("a", a), ("b", b), ("c", c)])
        fixture.downloader.route(a, .image(Support.pngSized(cap)))
        fixture.downloader.route(b, .fail(.tooLarge(received: cap + 1, encoding: nil), bytes: cap + 1))
        fixture.downloader.route(c, .image(Support.pngSized(cap + 1)))
        let images = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect((images.fetched, images.cached, images.failed) == (1, 0, 2))
        #expect(images.failures.map(\.url) == [b, c])
        #expect(images.failures.allSatisfy { $0.reason.contains("\(cap)-byte cap") })
        #expect(fixture.downloader.sent.filter { $0.request.url != Fixture.feedURL }.allSatisfy { $0.cap == cap })
    }

    @Test("the total cap: each download's cap is what is left of 4 MiB; once spent, the rest fail without a request")
    func totalCap() async throws {
        let fixture = try Fixture(limits: ImagePrefetchLimits(maximumConcurrentDownloads: 1))
        let size = 500 * 1024
        let urls = (0..<10).map { Support.imageURL("big-\($0).png") }
        fixture.serveFeed(urls.enumerated().map { ("item-\($0.offset)", $0.element) })
        for url in urls.prefix(9) { fixture.downloader.route(url, .image(Support.pngSized(size))) }

        let images = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect((images.fetched, images.cached, images.failed) == (8, 0, 2))
        let total = ImagePrefetchLimits.defaultMaximumTotalSize
        let caps = fixture.downloader.sent.dropFirst().map(\.cap)
        #expect(caps == Array(repeating: 512 * 1024, count: 8) + [total - 8 * size])
        #expect(images.failures.map(\.url) == Array(urls.suffix(2)))
        #expect(images.failures.first?.reason.contains("total") == true)
        #expect(images.failures.last?.reason.contains("was spent") == true)
        #expect(fixture.downloader.requests(to: urls[9]).isEmpty)
    }

    @Test(
        "the format is checked by the first bytes: PNG, JPEG, GIF and WebP pass; HTML, text and nothing fail",
        arguments: [
            (Support.png, true), (Support.jpeg, true), (Support.gif, true), (Support.webp, true),
            (Support.html, false), (Data("GIF8".utf8), false), (Data(), false), (Data("RIFF1234WAVE".utf8), false),
        ])
    func sniffing(body: Data, accepted: Bool) async throws {
        let fixture = try Fixture()
        fixture.serveFeed([("a", a)])
        fixture.downloader.route(a, .image(body))
        let result = await fixture.provider.fetchFeed(force: true)
        #expect(result.announcements.count == 1)
        #expect(result.images?.fetched == (accepted ? 1 : 0))
        #expect(result.images?.failed == (accepted ? 0 : 1))
        #expect((fixture.provider.cachedImageData(for: a) != nil) == accepted)
        if !accepted { #expect(result.images?.failures.first?.reason.contains("not a PNG, JPEG, GIF or WebP") == true) }
    }

    @Test("an http image needs the feed's http opt-in; without it the image is left out and never requested")
    func httpOptIn() async throws {
        let plain = URL(string: "http://img.example.com/a.png")!
        let refused = try Fixture()
        refused.serveFeed([("a", plain)])
        let without = await refused.provider.fetchFeed(force: true)
        #expect(without.announcements.map(\.id) == ["a"])
        #expect(without.announcements.first?.image == nil)
        #expect(without.diagnostics.contains { $0.path == "$.announcements[0].image.url" })
        #expect(refused.downloader.requests(to: plain).isEmpty)

        let allowed = try Fixture(allowsHTTP: true)
        allowed.serveFeed([("a", plain)])
        allowed.downloader.route(plain, .image(Support.png))
        let with = await allowed.provider.fetchFeed(force: true)
        #expect(with.announcements.first?.image?.url == plain)
        #expect(with.images?.fetched == 1)
    }

    @Test("two fetches at once download the feed and each image once, and give the same summary")
    func mergedFetches() async throws {
        let fixture = try Fixture(delay: .milliseconds(50))
        fixture.serveFeed([("a", a), ("b", b)])
        fixture.downloader.route(a, .image(Support.png))
        fixture.downloader.route(b, .image(Support.jpeg))
        async let first = fixture.provider.fetchFeed(force: true)
        async let second = fixture.provider.fetchFeed(force: true)
        let (one, two) = await (first, second)
        #expect(one.images == two.images)
        #expect(one.images?.fetched == 2)
        #expect(fixture.downloader.requests(to: a).count == 1)
        #expect(fixture.downloader.requests(to: b).count == 1)
        #expect(fixture.downloader.sent.count == 3)
    }

    @Test("at most the configured number of downloads run at once")
    func concurrency() async throws {
        let fixture = try Fixture(limits: ImagePrefetchLimits(maximumConcurrentDownloads: 2), delay: .milliseconds(30))
        let urls = (0..<6).map { Support.imageURL("i\($0).png") }
        fixture.serveFeed(urls.enumerated().map { ("item-\($0.offset)", $0.element) })
        for url in urls { fixture.downloader.route(url, .image(Support.png)) }
        let images = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect(images.fetched == 6)
        #expect(fixture.downloader.mostActive == 2)
    }

    @Test("the images of items no longer in the feed are removed from the cache")
    func prune() async throws {
        let fixture = try Fixture()
        fixture.serveFeed([("a", a), ("b", b)])
        fixture.downloader.route(a, .image(Support.png, etag: #""a1""#), .notModified())
        fixture.downloader.route(b, .image(Support.jpeg))
        _ = await fixture.provider.fetchFeed(force: true)
        #expect(fixture.imageFiles().count == 2)

        fixture.serveFeed([("a", a), ("d", nil)], etag: #""feed-2""#)
        let second = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect((second.fetched, second.cached, second.failed) == (0, 1, 0))
        #expect(fixture.imageFiles().count == 1)
        #expect(fixture.provider.cachedImageData(for: b) == nil)
        #expect(fixture.provider.cachedImageData(for: a) == Support.png)
    }

    @Test("a provider without a cache directory keeps its images in memory, pruned the same way")
    func inMemory() async throws {
        let fixture = try Fixture(directory: .some(nil))
        fixture.serveFeed([("a", a), ("b", b)])
        fixture.downloader.route(a, .image(Support.png))
        fixture.downloader.route(b, .image(Support.jpeg))
        #expect(await fixture.provider.fetchFeed(force: true).images?.fetched == 2)
        #expect(fixture.provider.cachedImageData(for: b) == Support.jpeg)
        fixture.serveFeed([("a", a)], etag: #""feed-2""#)
        fixture.downloader.route(a, .notModified())
        _ = await fixture.provider.fetchFeed(force: true)
        #expect(fixture.provider.cachedImageData(for: a) == Support.png)
        #expect(fixture.provider.cachedImageData(for: b) == nil)
    }
}
