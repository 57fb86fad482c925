import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The image phase's deadlines in real time: images from `scripts/fault-server.py` behind a feed on
/// nginx (bodies without a `Content-Length` stopped at the cap as the bytes arrive, a gzip bomb, a
/// hanging server, a truncated body) and a slow image on nginx; the feed's result arrives within the
/// image phase's deadline.
///
/// These tests race real downloads against real deadlines, so `scripts/test` runs them on their own
/// after the parallel run, with the fault suite (``RemoteProviderFaultTests``): next to CPU-heavy
/// suites a good image can miss a 3 s deadline for a reason of the test run, not of the package.
/// The deadlines themselves are checked to the second with a manual clock in `ImageCacheBoundsTests`.
@Suite(
    "Remote provider image deadlines against nginx and a faulty server", .serialized,
    .enabled(
        if: TestDependencies.runsFaultServerTests && TestDependencies.runsNginxTests,
        "python3 or nginx is not installed"))
struct RemoteProviderImageDeadlineTests {
    typealias Support = ImageFeedSupport

    /// One forced fetch of `feed` by a new provider (a fresh cache, a patient feed deadline, the image
    /// deadlines given), and how long it took in real time.
    static func timedFetch(_ feed: URL, imageDeadline: TimeInterval, deadline: TimeInterval) async throws -> (
        provider: RemoteAnnouncementProvider, result: FetchResult, elapsed: TimeInterval
    ) {
        var configuration = RemoteFeedSupport.configuration(
            cache: try RemoteFeedSupport.temporaryDirectory(), deadline: RemoteFeedSupport.patientDeadline)
        configuration.imageLimits = ImagePrefetchLimits(imageDeadline: imageDeadline, deadline: deadline)
        let provider = RemoteAnnouncementProvider(url: feed, configuration: configuration)
        let started = Date()
        let result = await provider.fetchFeed(force: true)
        return (provider, result, Date().timeIntervalSince(started))
    }

    @Test("the downloader's per-request cap stops an endless body as it arrives, whatever its own cap")
    func perRequestCap() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let downloader = HTTPDownloader(maximumBodySize: 1 << 20, allowsHTTP: true)
        var request = URLRequest(url: server.url("endless"))
        request.timeoutInterval = 10
        let cap = 64 * 1024
        do {
            _ = try await downloader.download(request, maximumBodySize: cap)
            Issue.record("an endless body was answered")
        } catch FeedDownloadFailure.tooLarge(let received, _) {
            #expect(received > cap)
            #expect(received < 4 * cap)
        }
        // The feed's statistics are not the images' business.
        #expect(downloader.lastTransfer.received == 0)
        #expect(try await RemoteProviderBoundsTests.drained(downloader, within: 30))
    }

    @Test("huge, endless, gzip-bomb, hanging and truncated images fail by their caps and deadline; the feed arrives")
    func faultyImages() async throws {
        let nginx = try NginxServer()
        defer { nginx.stop() }
        let faults = try FaultServer()
        defer { faults.stop() }
        try nginx.publish("images/good.png", contents: ImageFeedSupport.png)
        let paths = ["huge", "endless", RemoteProviderBoundsTests.bomb, "hang", "truncated"]
        var items: [(id: String, image: URL?)] = [("good", nginx.url("images/good.png"))]
        items += paths.enumerated().map { ("fault-\($0.offset)", faults.url($0.element)) }
        try nginx.publish("feed.json", contents: ImageFeedSupport.feed(items))
        let (_, result, elapsed) = try await Self.timedFetch(nginx.url("feed.json"), imageDeadline: 3, deadline: 5)
        #expect(result.source == .network)
        #expect(result.announcements.count == 6)
        let images = try #require(result.images)
        #expect((images.fetched, images.failed) == (1, 5))
        let reasons = images.failures.map(\.reason)
        print("faulty images after \(elapsed) s: \(reasons)")
        #expect(reasons[0].contains("524288-byte cap"))
        #expect(reasons[1].contains("524288-byte cap"))
        #expect(reasons[2].contains("Content-Encoding: gzip"), "refused at its headers: \(reasons[2])")
        // Its deadline, or the request's idle timeout of the same 3 s when the download started late.
        #expect(reasons[3].contains("deadline") || reasons[3].contains("request timeout"), "\(reasons[3])")
        #expect(!reasons[4].isEmpty)
        // The hanging image alone would take an hour: the phase's deadline ends the fetch (a second
        // of room for the feed's own request and the cancellations).
        #expect(elapsed < 6, "the fetch took \(elapsed) s, past the image phase's 5 s deadline")
    }

    @Test("images are asked for without compression: a compressing server sends the plain image, a bomb is refused")
    func compressedImages() async throws {
        let nginx = try NginxServer()
        defer { nginx.stop() }
        let faults = try FaultServer()
        defer { faults.stop() }
        try nginx.publish("images/good.png", contents: ImageFeedSupport.png)
        // The fault server's gzip-image is a 1 GiB gzip bomb to a request that accepts gzip (as libcurl's
        // own Accept-Encoding does) and a 1x1 PNG otherwise; gzip-bomb is sent whatever the request asks.
        let items: [(id: String, image: URL?)] = [
            ("good", nginx.url("images/good.png")), ("compressing", faults.url("gzip-image")),
            ("bomb", faults.url(RemoteProviderBoundsTests.bomb)),
        ]
        try nginx.publish("feed.json", contents: ImageFeedSupport.feed(items))
        let (provider, result, _) = try await Self.timedFetch(nginx.url("feed.json"), imageDeadline: 10, deadline: 15)
        #expect(result.announcements.count == 3)
        let images = try #require(result.images)
        #expect((images.fetched, images.failed) == (2, 1))
        #expect(images.failures.map(\.url) == [faults.url(RemoteProviderBoundsTests.bomb)])
        let reason = try #require(images.failures.first?.reason)
        #expect(reason.contains("Content-Encoding: gzip"), "\(reason)")
        #expect(reason.contains("refused at its headers, before its body"), "\(reason)")
        #expect(provider.cachedImageData(for: faults.url("gzip-image"))?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("1 GiB gzip bombs that ignore identity, beside good images: the phase ends in time, every good image kept")
    func bombsBesideGoodImages() async throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        // Four bombs first, so that they take the four download slots first, then eight good images.
        let feed = faults.url("image-feed?bombs=4&good=8&mib=1024")
        let (provider, result, elapsed) = try await Self.timedFetch(feed, imageDeadline: 10, deadline: 15)
        print("4 bombs beside 8 good images: \(elapsed) s, \(result.images.map { "\($0)" } ?? "-")")
        #expect(result.source == .network)
        #expect(result.announcements.count == 12)
        let images = try #require(result.images)
        #expect((images.fetched, images.failed) == (8, 4))
        let bombs = (0..<4).map { faults.url("gzip-bomb?mib=1024&n=\($0)") }
        #expect(images.failures.map(\.url) == bombs)
        for failure in images.failures {
            #expect(failure.reason.contains("Content-Encoding: gzip"), "\(failure.reason)")
            #expect(failure.reason.contains("refused at its headers, before its body"), "\(failure.reason)")
        }
        for index in 0..<8 {
            let good = faults.url("png?n=\(index)")
            #expect(provider.cachedImageData(for: good)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(good)")
        }
        #expect(elapsed < 15, "the fetch took \(elapsed) s, past the image phase's 15 s deadline")
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
        let (provider, result, elapsed) = try await Self.timedFetch(
            server.url("feed.json"), imageDeadline: 3, deadline: 4)
        #expect(result.source == .network)
        #expect(result.announcements.map(\.id) == ["slow", "good"])
        let images = try #require(result.images)
        #expect((images.fetched, images.failed) == (1, 1))
        // "its 3 s deadline" on its own; "the image phase's 4 s deadline" when a busy machine delays
        // the start of the download past the first second of the phase.
        #expect(images.failures.first?.reason.contains("deadline") == true)
        print("slow image: \(images.failures.first?.reason ?? "-"), the fetch took \(elapsed) s")
        // The image alone would take over four minutes: the result waited for its deadline only.
        #expect(elapsed < 5, "the fetch took \(elapsed) s, past the image phase's 4 s deadline")
        #expect(provider.cachedImageData(for: server.url("slow/slow.png")) == nil)
    }
}
