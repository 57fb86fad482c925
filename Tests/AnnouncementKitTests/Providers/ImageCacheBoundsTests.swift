import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The image phase's deadlines, the image cache's damage handling and reading bounds, and the
/// forwarding of cached images through the combined provider and the adapter.
@Suite("Image deadlines, cache damage and forwarding", .timeLimit(.minutes(1)))
struct ImageCacheBoundsTests {
    typealias Support = ImageFeedSupport
    typealias Fixture = ImageFeedSupport.Fixture

    @Test(
        "a hanging image fails at its own deadline, one past the phase's at the phase's, later ones without a request")
    func deadlines() async throws {
        let fixture = try Fixture(
            limits: ImagePrefetchLimits(imageDeadline: 10, deadline: 15, maximumConcurrentDownloads: 1))
        let urls = ["x", "y", "z", "w"].map { Support.imageURL("\($0).png") }
        fixture.serveFeed(urls.enumerated().map { ("item-\($0.offset)", $0.element) })
        fixture.downloader.route(urls[0], .hang(advancing: fixture.time, by: 11))
        fixture.downloader.route(urls[1], .image(Support.png))
        fixture.downloader.route(urls[2], .hang(advancing: fixture.time, by: 5))

        let result = await fixture.provider.fetchFeed(force: true)
        #expect(result.source == .network)
        #expect(result.announcements.count == 4)
        let images = try #require(result.images)
        #expect((images.fetched, images.cached, images.failed) == (1, 0, 3))
        #expect(images.failures.map(\.url) == [urls[0], urls[2], urls[3]])
        let reasons = images.failures.map(\.reason)
        #expect(reasons[0] == "no complete answer within its 10 s deadline")
        #expect(reasons[1] == "no complete answer within the image phase's 15 s deadline")
        #expect(reasons[2] == "the image phase's 15 s deadline passed first")
        #expect(fixture.downloader.requests(to: urls[3]).isEmpty)
    }

    /// A provider whose one image `a.png` was fetched, and the path of its cache file.
    private func cachedImage() async throws -> (Fixture, URL, URL) {
        let fixture = try Fixture()
        let url = Support.imageURL("a.png")
        fixture.serveFeed([("a", url)])
        fixture.downloader.route(url, .image(Support.png, etag: #""a1""#))
        #expect(await fixture.provider.fetchFeed(force: true).images?.fetched == 1)
        let file = try #require(fixture.imageFiles().first)
        return (fixture, url, file)
    }

    /// Ways to damage a cache file.
    enum Damage: String, CaseIterable, Sendable {
        case truncated, flippedByte, garbage, empty, directory, oversized

        func apply(to file: URL) throws {
            let bytes = try Data(contentsOf: file)
            switch self {
            case .truncated: try bytes.prefix(bytes.count - 10).write(to: file)
            case .flippedByte:
                var changed = bytes
                changed[changed.count - 5] ^= 0xFF
                try changed.write(to: file)
            case .garbage: try Data("not a cache file at all".utf8).write(to: file)
            case .empty: try Data().write(to: file)
            case .directory:
                try FileManager.default.removeItem(at: file)
                try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            case .oversized:
                // A sparse 64 MiB file: refused by its size, never read whole.
                let handle = try FileHandle(forWritingTo: file)
                try handle.truncate(atOffset: 64 << 20)
                try handle.close()
            }
        }
    }

    @Test(
        "a damaged cache file is a miss, never a crash; the next fetch downloads the image again",
        arguments: Damage.allCases)
    func damagedFile(_ damage: Damage) async throws {
        let (fixture, url, file) = try await cachedImage()
        try damage.apply(to: file)
        #expect(fixture.provider.cachedImageData(for: url) == nil)
        #expect(AnnouncementImageCache(directory: try #require(fixture.directory)).data(for: url) == nil)

        fixture.downloader.route(Fixture.feedURL, .notModified(etag: #""feed-1""#))
        fixture.downloader.route(url, .image(Support.png, etag: #""a2""#))
        let images = try #require(await fixture.provider.fetchFeed(force: true).images)
        #expect(images.fetched == 1)
        #expect(fixture.downloader.requests(to: url).last?.request.ifNoneMatch == nil)
        #expect(fixture.provider.cachedImageData(for: url) == Support.png)
    }

    @Test("a file holding another URL (a name collision) is a miss for this one")
    func collision() async throws {
        let (fixture, url, file) = try await cachedImage()
        let other = Support.imageURL("other.png")
        let otherFile = file.deletingLastPathComponent().appendingPathComponent(
            AnnouncementImageCache.fileName(for: other))
        try FileManager.default.copyItem(at: file, to: otherFile)
        #expect(fixture.provider.cachedImageData(for: other) == nil)
        #expect(fixture.provider.cachedImageData(for: url) == Support.png)
    }

    @Test("two feeds in one cache directory keep their own images: one feed's prune leaves the other's")
    func twoFeeds() async throws {
        let directory = try RemoteFeedSupport.temporaryDirectory()
        let image = Support.imageURL("shared.png")
        let first = try Fixture(directory: directory)
        first.serveFeed([("a", image)])
        first.downloader.route(image, .image(Support.png))
        _ = await first.provider.fetchFeed(force: true)

        let otherURL = URL(string: "https://other.example.com/feed.json")!
        let downloader = RoutedDownloader()
        downloader.route(otherURL, .ok(Support.feed([("b", nil)])))
        let second = RemoteAnnouncementProvider(
            url: otherURL, configuration: RemoteProviderConfiguration(cacheDirectory: directory),
            downloader: downloader)
        #expect(await second.fetchFeed(force: true).images == ImageFetchSummary())
        #expect(first.provider.cachedImageData(for: image) == Support.png)
        #expect(second.cachedImageData(for: image) == nil)
        #expect(AnnouncementImageCache(directory: directory).data(for: image) == Support.png)
    }

    /// A simple provider that keeps one image.
    struct ImageKeeper: AnnouncementProviding, AnnouncementImageProviding {
        let images: [URL: Data]
        func fetchAnnouncements() async throws -> [Announcement] { [] }
        func cachedImageData(for url: URL) -> Data? { images[url] }
    }

    @Test("the combined provider gives the image of the first child that has it; the adapter forwards")
    func forwarding() throws {
        let a = Support.imageURL("a.png")
        let b = Support.imageURL("b.png")
        let first = ImageKeeper(images: [a: Support.png])
        let second = ImageKeeper(images: [a: Support.jpeg, b: Support.gif])
        let combined = CombinedAnnouncementProvider([
            LocalAnnouncementProvider([]), first, second,
        ])
        #expect(combined.cachedImageData(for: a) == Support.png)
        #expect(combined.cachedImageData(for: b) == Support.gif)
        #expect(combined.cachedImageData(for: Support.imageURL("c.png")) == nil)
        #expect(ThrowingProviderAdapter(second).cachedImageData(for: b) == Support.gif)
        #expect(ThrowingProviderAdapter(LocalAnnouncementProvider([])).cachedImageData(for: b) == nil)
    }
}
