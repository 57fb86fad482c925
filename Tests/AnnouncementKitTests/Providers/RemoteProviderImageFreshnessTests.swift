import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The image phase and `Cache-Control`: an image still fresh by its `max-age` costs no request, a
/// `304` renews its freshness, `no-cache` asks every time, `no-store` keeps it off the disk, a forced
/// fetch asks anyway, and a clock moved back makes it stale.
@Suite("Remote provider image freshness", .timeLimit(.minutes(1)))
struct RemoteProviderImageFreshnessTests {
    typealias Support = ImageFeedSupport
    typealias Fixture = ImageFeedSupport.Fixture
    let a = ImageFeedSupport.imageURL("a.png")
    let b = ImageFeedSupport.imageURL("b.jpg")

    /// Routes the next feed request to a `304`, moves the clock on by `seconds` and fetches unforced
    /// (at least the 15-minute minimum interval, so the feed itself is asked for).
    private func refetch(_ fixture: Fixture, after seconds: TimeInterval, force: Bool = false) async throws
        -> ImageFetchSummary
    {
        fixture.downloader.route(Fixture.feedURL, .notModified(etag: #""feed-1""#))
        fixture.time.advance(by: seconds)
        let result = await fixture.provider.fetchFeed(force: force)
        #expect(result.status == 304, "the feed was not asked for")
        return try #require(result.images)
    }

    @Test("max-age: no request while fresh (counted cached); past it a conditional request, whose 304 renews it")
    func maxAge() async throws {
        let fixture = try Fixture()
        fixture.serveFeed([("a", a), ("b", b)])
        fixture.downloader.route(a, .ok(Support.png, etag: #""a1""#, cacheControl: "public, max-age=7200"))
        fixture.downloader.route(b, .image(Support.jpeg, etag: #""b1""#), .notModified(etag: #""b1""#))
        _ = await fixture.provider.fetchFeed(force: true)

        // 30 minutes on: a is fresh (no request), b has no max-age and is asked for.
        let fresh = try await refetch(fixture, after: 1800)
        #expect((fresh.fetched, fresh.cached, fresh.failed) == (0, 2, 0))
        #expect(fixture.downloader.requests(to: a).count == 1)
        #expect(fixture.downloader.requests(to: b).count == 2)

        // Exactly at its age (7,200 s after the fetch) a is stale: asked for with its ETag.
        fixture.downloader.route(a, .respond(Self.notModified(etag: #""a1""#, cacheControl: "max-age=1800"), bytes: 0))
        fixture.downloader.route(b, .notModified(etag: #""b1""#))
        let stale = try await refetch(fixture, after: 5400)
        #expect((stale.fetched, stale.cached, stale.failed) == (0, 2, 0))
        #expect(fixture.downloader.requests(to: a).last?.request.ifNoneMatch == #""a1""#)

        // The 304 said max-age=1800 from now: 1,000 s later a is still fresh, and the file says so.
        fixture.downloader.route(b, .notModified(etag: #""b1""#))
        let renewed = try await refetch(fixture, after: 1000)
        #expect((renewed.fetched, renewed.cached) == (0, 2))
        #expect(fixture.downloader.requests(to: a).count == 2)
        let file = try #require(
            fixture.imageFiles().first { (try? Data(contentsOf: $0))?.contains(Support.png) == true })
        let stored = try CachedImage.decode(Array(Data(contentsOf: file)))
        #expect(stored.maxAge == 1800)
        #expect(stored.fetchedAt == RemoteFeedSupport.start.addingTimeInterval(7200))
        #expect(fixture.downloader.remainingSteps == 0)
    }

    @Test("a 304 without max-age or anything new leaves the file as it was; one with a new ETag records it")
    func renewalWrites() async throws {
        let fixture = try Fixture()
        fixture.serveFeed([("a", a)])
        fixture.downloader.route(
            a, .image(Support.png, etag: #""a1""#), .notModified(etag: #""a1""#), .notModified(etag: #""a2""#),
            .notModified(etag: #""a2""#))
        _ = await fixture.provider.fetchFeed(force: true)
        let file = try #require(fixture.imageFiles().first)
        let written = try Data(contentsOf: file)

        _ = try await refetch(fixture, after: 1000)
        #expect(try Data(contentsOf: file) == written, "a 304 that changes nothing rewrote the file")
        _ = try await refetch(fixture, after: 1000)
        #expect(try CachedImage.decode(Array(Data(contentsOf: file))).etag == #""a2""#)
        _ = try await refetch(fixture, after: 1000)
        #expect(fixture.downloader.requests(to: a).last?.request.ifNoneMatch == #""a2""#)
        #expect(fixture.downloader.remainingSteps == 0)
    }

    @Test("a forced fetch asks for a fresh image too, conditionally")
    func forcedFetchRevalidates() async throws {
        let fixture = try Fixture()
        fixture.serveFeed([("a", a)])
        fixture.downloader.route(
            a, .ok(Support.png, etag: #""a1""#, cacheControl: "max-age=3600"), .notModified(etag: #""a1""#))
        _ = await fixture.provider.fetchFeed(force: true)
        let forced = try await refetch(fixture, after: 1000, force: true)
        #expect((forced.fetched, forced.cached) == (0, 1))
        #expect(fixture.downloader.requests(to: a).count == 2)
        #expect(fixture.downloader.requests(to: a).last?.request.ifNoneMatch == #""a1""#)
    }

    @Test("no-cache asks every time; a max-age past a week counts as a week; a clock moved back makes it stale")
    func staleCases() async throws {
        let fixture = try Fixture()
        fixture.serveFeed([("a", a), ("b", b)])
        fixture.downloader.route(
            a, .ok(Support.png, etag: #""a1""#, cacheControl: "max-age=3600, no-cache"), .notModified(etag: #""a1""#))
        fixture.downloader.route(b, .ok(Support.jpeg, etag: #""b1""#, cacheControl: "max-age=31536000"))
        _ = await fixture.provider.fetchFeed(force: true)

        let soon = try await refetch(fixture, after: 1000)
        #expect((soon.fetched, soon.cached) == (0, 2))
        #expect(fixture.downloader.requests(to: a).count == 2, "no-cache: asked again")
        #expect(fixture.downloader.requests(to: b).count == 1, "max-age of a year: fresh after 1,000 s")

        // A week after the fetch, the year-long max-age no longer holds.
        fixture.downloader.route(a, .notModified(etag: #""a1""#))
        fixture.downloader.route(b, .notModified(etag: #""b1""#))
        _ = try await refetch(fixture, after: 7 * 24 * 3600 - 1000)
        #expect(fixture.downloader.requests(to: b).count == 2)
        #expect(fixture.downloader.remainingSteps == 0)

        // A fetch time in the future (the clock was set back a day) is stale.
        let back = try Fixture()
        back.serveFeed([("b", b)])
        back.downloader.route(b, .ok(Support.jpeg, etag: #""b1""#, cacheControl: "max-age=31536000"))
        _ = await back.provider.fetchFeed(force: true)
        // A relaunch with the clock a day earlier than the fetch.
        let downloader = RoutedDownloader()
        downloader.route(Fixture.feedURL, .notModified(etag: #""feed-1""#))
        downloader.route(b, .notModified(etag: #""b1""#))
        let earlier = RemoteAnnouncementProvider(
            url: Fixture.feedURL, configuration: RemoteProviderConfiguration(cacheDirectory: back.directory),
            timeSource: ManualTimeSource(now: RemoteFeedSupport.start.addingTimeInterval(-86_400)),
            downloader: downloader)
        let images = try #require(await earlier.fetchFeed(force: false).images)
        #expect(images.cached == 1)
        #expect(downloader.requests(to: b).map(\.request.ifNoneMatch) == [#""b1""#])
    }

    @Test("no-store: the image shows from memory, no file is written (an older one is removed), a relaunch asks again")
    func noStore() async throws {
        let fixture = try Fixture()
        fixture.serveFeed([("a", a)])
        fixture.downloader.route(a, .ok(Support.png, etag: #""a1""#), .ok(Support.gif, cacheControl: "no-store"))
        _ = await fixture.provider.fetchFeed(force: true)
        #expect(fixture.imageFiles().count == 1)

        fixture.downloader.route(Fixture.feedURL, .notModified(etag: #""feed-1""#))
        let second = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect(second.fetched == 1)
        #expect(fixture.provider.cachedImageData(for: a) == Support.gif)
        #expect(fixture.imageFiles().isEmpty, "the no-store image was written, or the older file was kept")

        let relaunched = RemoteAnnouncementProvider(
            url: Fixture.feedURL, configuration: RemoteProviderConfiguration(cacheDirectory: fixture.directory),
            downloader: RoutedDownloader())
        #expect(relaunched.cachedImageData(for: a) == nil)

        // Pruned from memory like a file once its item leaves the feed.
        fixture.serveFeed([("b", nil)], etag: #""feed-2""#)
        _ = await fixture.provider.fetchFeed(force: true)
        #expect(fixture.provider.cachedImageData(for: a) == nil)
    }

    @Test("a cache file of an earlier version (no max-age) reads back and is asked for conditionally")
    func earlierFileVersion() throws {
        let image = CachedImage(url: a, etag: #""a1""#, fetchedAt: RemoteFeedSupport.start, body: Support.png)
        let bytes = try image.encoded()
        #expect(!String(decoding: bytes, as: UTF8.self).contains("maxAge"), "a file without freshness changed")
        let read = try CachedImage.decode(Array(bytes))
        #expect(read == image)
        #expect(!read.isFresh(at: RemoteFeedSupport.start))
        var fresh = image
        fresh.maxAge = 60
        #expect(
            try CachedImage.decode(Array(fresh.encoded())).isFresh(
                at: RemoteFeedSupport.start.addingTimeInterval(59.999)))
        #expect(!fresh.isFresh(at: RemoteFeedSupport.start.addingTimeInterval(60)))
    }

    @Test("cache files with freshness read back: max-age and no-cache kept; a negative max-age is none")
    func freshnessFixtures() throws {
        let start = RemoteFeedSupport.start
        let first = try CachedImage.decode(Array(Fixtures.data("Tests/Fixtures/images/a-png.image")))
        #expect((first.maxAge, first.noCache) == (nil, false))
        let marked = try CachedImage.decode(Array(Fixtures.data("Tests/Fixtures/images/a-png-freshness.image")))
        #expect((marked.maxAge, marked.noCache, marked.etag) == (3600, true, #""a2""#))
        #expect(marked.fetchedAt == start)
        #expect(!marked.isFresh(at: start.addingTimeInterval(1)), "no-cache is never fresh")
        let negative = try CachedImage.decode(
            Array(Fixtures.data("Tests/Fixtures/images/a-png-negative-max-age.image")))
        #expect(negative.maxAge == nil)
        #expect(!negative.isFresh(at: start))
        // Written again, each reads back the same.
        for image in [first, marked] {
            #expect(try CachedImage.decode(Array(image.encoded())) == image)
        }
    }

    @Test(
        "hostile freshness in a cache file never makes an image fresh for long",
        arguments: [
            (#""maxAge":1e400"#, false), (#""maxAge":-1e308"#, false), (#""maxAge":1e308"#, true),
            (#""maxAge":"3600""#, false), (#""maxAge":3600,"noCache":1"#, false),
        ])
    func hostileFreshness(member: String, readable: Bool) throws {
        let png = ImageFeedSupport.png
        let metadata =
            #"{"bodyLength":\#(png.count),"fetchedAt":1800000000,"format":"png",\#(member),"#
            + #""url":"https://img.example.com/a.png"}"#
        let bytes = CachedImage.envelope.encode(metadata: Data(metadata.utf8), body: png)
        let start = RemoteFeedSupport.start
        guard let image = try? CachedImage.decode(Array(bytes)) else {
            #expect(!readable, "\(member) was not read")
            return
        }
        #expect(image.isFresh(at: start.addingTimeInterval(60)) == readable, "\(member)")
        // Fresh for a week at the most, whatever the file says.
        #expect(!image.isFresh(at: start.addingTimeInterval(CachedImage.longestFreshness)))
    }

    /// A `304` with a `Cache-Control`.
    static func notModified(etag: String?, cacheControl: String) -> FeedResponse {
        FeedResponse(status: 304, headers: HTTPHeaders(etag: etag, cacheControl: cacheControl))
    }
}
