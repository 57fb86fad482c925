import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Hostile images at the remote provider: pixel bombs refused before they are cached (with the reason
/// in the summary) and when planted in the cache, the overall bound of the image cache on disk and in
/// memory, and the request limit that counts only images needing a request.
@Suite("Remote provider hostile images", .timeLimit(.minutes(1)))
struct RemoteProviderHostileImageTests {
    typealias Support = ImageFeedSupport
    typealias Fixture = ImageFeedSupport.Fixture
    typealias Hostile = HostileImages

    static let bombs: [(String, Data)] = [
        ("webp", Hostile.webpLossless(width: 16383, height: 16383)),
        ("png", Hostile.png(width: 16000, height: 16000, padding: 1000)),
        ("jpeg", Hostile.jpeg(width: 65500, height: 65500)),
        ("gif", Hostile.gif(width: 65500, height: 65500)),
    ]

    @Test(
        "a pixel bomb is refused before it is cached, with its size in the summary; a cached copy is kept",
        arguments: bombs)
    func bombRefused(_ name: String, _ bomb: Data) async throws {
        let fixture = try Fixture()
        let url = Support.imageURL("bomb.\(name)")
        let kept = Support.imageURL("kept.png")
        fixture.serveFeed([("a", url), ("b", kept)])
        fixture.downloader.route(url, .image(bomb))
        fixture.downloader.route(kept, .image(Support.png, etag: #""k1""#), .image(bomb))

        let first = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect((first.fetched, first.failed) == (1, 1))
        let reason = try #require(first.failures.first { $0.url == url }?.reason)
        #expect(reason.hasPrefix("the image is "), "\(reason)")
        #expect(reason.hasSuffix("pixels: past the limit of 4096 pixels per side and 16 Mi pixels in all"))
        #expect(fixture.provider.cachedImageData(for: url) == nil)
        #expect(fixture.imageFiles().count == 1, "only the good image is on disk")

        // The good image's URL now answers with a bomb: the copy fetched earlier stays and shows.
        fixture.serveFeed([("a", url), ("b", kept)], etag: #""feed-2""#)
        fixture.downloader.route(url, .image(bomb))
        let second = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect((second.fetched, second.cached, second.failed) == (0, 1, 1))
        #expect(fixture.provider.cachedImageData(for: kept) == Support.png)
    }

    @Test("a bomb planted in a cache file is a miss for the views and is downloaded again, unconditionally")
    func plantedBomb() async throws {
        let fixture = try Fixture()
        let url = Support.imageURL("a.png")
        fixture.serveFeed([("a", url)])
        fixture.downloader.route(url, .image(Support.png, etag: #""a1""#), .image(Support.png, etag: #""a2""#))
        #expect(await fixture.provider.fetchFeed(force: true).images?.fetched == 1)
        let file = try #require(fixture.imageFiles().first)
        for (_, bomb) in Self.bombs {
            try AnnouncementImageCache.fileContents(url: url, body: bomb).write(to: file)
            #expect(fixture.provider.cachedImageData(for: url) == nil)
            #expect(AnnouncementImageCache.image(inFile: Array(try Data(contentsOf: file))) == nil)
        }
        fixture.serveFeed([("a", url)], etag: #""feed-2""#)
        #expect(await fixture.provider.fetchFeed(force: true).images?.fetched == 1)
        #expect(fixture.downloader.requests(to: url).last?.request.ifNoneMatch == nil, "the bomb's file was a miss")
        #expect(fixture.provider.cachedImageData(for: url) == Support.png)
    }

    /// Fetches, `rounds` times, a feed of `count` images whose order turns by `step` each time, and
    /// checks after each fetch that the cache (as `held` counts it) is within `files` images.
    private func rotate(
        _ fixture: Fixture, count: Int, step: Int, rounds: Int, files: Int, held: () -> (files: Int, bytes: Int),
        bytes: Int
    ) async throws {
        let urls = (0..<count).map { Support.imageURL("rotating-\($0).png") }
        var fetched = 0
        for round in 0..<rounds {
            let order = (0..<count).map { urls[($0 + round * step) % count] }
            fixture.serveFeed(order.enumerated().map { ("item-\($0.offset)", $0.element) }, etag: "\"feed-\(round)\"")
            for url in order { fixture.downloader.route(url, .image(Support.pngSized(1000))) }
            fixture.time.advance(by: 3600)
            let images = try #require(await fixture.provider.fetchFeed(force: true).images)
            fetched += images.fetched
            let (heldFiles, heldBytes) = held()
            #expect(heldFiles <= files, "round \(round): \(heldFiles) images held")
            #expect(heldBytes <= bytes, "round \(round): \(heldBytes) bytes held")
        }
        #expect(fetched > files, "the feed brought more images than the cache holds: \(fetched)")
    }

    @Test("a feed whose image list turns at each fetch keeps the cache on disk within its bound of images and bytes")
    func boundOnDisk() async throws {
        // Each fetch may download three images of 1,000 bytes (files of about 1,200); the cache holds five
        // images or 7,800 bytes, then two images' worth of bytes.
        let limits = ImagePrefetchLimits(
            maximumImageSize: 1000, maximumTotalSize: 3000, maximumCacheSize: 6 * 1300, maximumCachedImages: 5)
        let fixture = try Fixture(limits: limits)
        try await rotate(
            fixture, count: 20, step: 3, rounds: 8, files: 5,
            held: {
                let files = fixture.imageFiles()
                let bytes = files.reduce(0) { $0 + ((try? Data(contentsOf: $1).count) ?? 0) }
                return (files.count, bytes)
            }, bytes: 6 * 1300)

        let byBytes = try Fixture(
            limits: ImagePrefetchLimits(
                maximumImageSize: 1000, maximumTotalSize: 3000, maximumCacheSize: 2 * 1300, maximumCachedImages: 100))
        try await rotate(
            byBytes, count: 20, step: 3, rounds: 6, files: 2,
            held: {
                let files = byBytes.imageFiles()
                return (files.count, files.reduce(0) { $0 + ((try? Data(contentsOf: $1).count) ?? 0) })
            }, bytes: 2 * 1300)
    }

    @Test("without a cache directory the images in memory keep the same bound")
    func boundInMemory() async throws {
        let limits = ImagePrefetchLimits(
            maximumImageSize: 1000, maximumTotalSize: 3000, maximumCacheSize: 1 << 20, maximumCachedImages: 4)
        let fixture = try Fixture(limits: limits, directory: .some(nil))
        let urls = (0..<20).map { Support.imageURL("rotating-\($0).png") }
        try await rotate(
            fixture, count: 20, step: 3, rounds: 8, files: 4,
            held: {
                let held = urls.compactMap { fixture.provider.cachedImageData(for: $0) }
                return (held.count, held.reduce(0) { $0 + $1.count })
            }, bytes: 1 << 20)
    }

    @Test("no-store images in memory count toward the same bound as the files on disk")
    func boundAcrossMemoryAndDisk() async throws {
        let limits = ImagePrefetchLimits(maximumCachedImages: 3)
        let fixture = try Fixture(limits: limits)
        let urls = (0..<5).map { Support.imageURL("mixed-\($0).png") }
        fixture.serveFeed(urls.enumerated().map { ("item-\($0.offset)", $0.element) })
        for (index, url) in urls.enumerated() {
            fixture.downloader.route(url, .ok(Support.png, cacheControl: index % 2 == 0 ? "no-store" : nil))
        }
        let images = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect(images.fetched == 5)
        let held = urls.filter { fixture.provider.cachedImageData(for: $0) != nil }
        #expect(held.count == 3, "\(held)")
        #expect(fixture.imageFiles().count <= 3)
    }

    @Test(
        "the request limit counts only images that need a request: fresh cached images past it do not use it up")
    func requestLimit() async throws {
        let fixture = try Fixture(limits: ImagePrefetchLimits(maximumImages: 2))
        let urls = (0..<6).map { Support.imageURL("limit-\($0).png") }
        let items = urls.enumerated().map { ("item-\($0.offset)", Optional($0.element)) }
        fixture.serveFeed(items)
        for url in urls { fixture.downloader.route(url, .ok(Support.png, cacheControl: "max-age=86400")) }

        // Two requests per fetch: the first two images come, the others wait, past the limit.
        let first = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect((first.fetched, first.cached, first.failed) == (2, 0, 4))
        #expect(
            first.failures.map(\.reason) == Array(repeating: "past the 2-request limit of one fetch's images", count: 4)
        )

        // An hour on, unforced: the two fresh images need no request, so two more are asked for, and
        // then the last two.
        for (round, expected) in [(1, 4), (2, 6)] {
            fixture.serveFeed(items, etag: "\"feed-\(round + 1)\"")
            fixture.time.advance(by: 3600)
            let result = await fixture.provider.fetchFeed()
            #expect(result.status == 200)
            let images = try #require(result.images)
            #expect((images.fetched, images.cached) == (2, expected - 2), "round \(round)")
            #expect(images.failed == 6 - expected)
        }
        for url in urls { #expect(fixture.downloader.requests(to: url).count == 1, "\(url) asked for once") }

        // A forced fetch revalidates every image: the limit counts all six, four of them kept as cached.
        fixture.serveFeed(items, etag: #""feed-9""#)
        for url in urls.prefix(2) { fixture.downloader.route(url, .notModified(etag: nil)) }
        let forced = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect((forced.fetched, forced.cached, forced.failed) == (0, 6, 0))
        #expect(urls.map { fixture.downloader.requests(to: $0).count } == [2, 2, 1, 1, 1, 1])
    }
}
