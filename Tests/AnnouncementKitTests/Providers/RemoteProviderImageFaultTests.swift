import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Images from `scripts/fault-server.py` behind a feed on nginx: bodies without a `Content-Length`
/// stopped at the cap as the bytes arrive, a gzip bomb, a hanging server, a truncated body; the feed's
/// result still arrives, within the image phase's deadline.
@Suite(
    "Remote provider images against a faulty server", .serialized,
    .enabled(
        if: TestDependencies.runsFaultServerTests && TestDependencies.runsNginxTests,
        "python3 or nginx is not installed"))
struct RemoteProviderImageFaultTests {
    @Test("the downloader's per-request cap stops an endless body as it arrives, whatever its own cap")
    func perRequestCap() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let downloader = HTTPDownloader(maximumBodySize: 1 << 20, allowsHTTP: true)
        var request = URLRequest(url: server.url("endless"))
        request.timeoutInterval = 2
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
        var configuration = RemoteFeedSupport.configuration(
            cache: try RemoteFeedSupport.temporaryDirectory(), deadline: RemoteFeedSupport.patientDeadline)
        configuration.imageLimits = ImagePrefetchLimits(imageDeadline: 2, deadline: 4)
        let provider = RemoteAnnouncementProvider(url: nginx.url("feed.json"), configuration: configuration)

        let started = Date()
        let result = await provider.fetchFeed(force: true)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.source == .network)
        #expect(result.announcements.count == 6)
        let images = try #require(result.images)
        #expect((images.fetched, images.failed) == (1, 5))
        let reasons = images.failures.map(\.reason)
        print("faulty images after \(elapsed) s: \(reasons)")
        #expect(reasons[0].contains("524288-byte cap"))
        #expect(reasons[1].contains("524288-byte cap"))
        #expect(reasons[2].contains("524288-byte cap"))
        #expect(reasons[3].contains("deadline"))
        #expect(!reasons[4].isEmpty)
        // The hanging image alone would take an hour; the deadlines (checked to the second with a manual
        // clock in `ImageCacheBoundsTests`) end it. Room for a loaded machine, where sleeps wake late.
        #expect(elapsed < 60, "the fetch took \(elapsed) s")
    }
}
