import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The remote provider against `scripts/fault-server.py`: every fault returns within the deadline
/// plus a second, keeps memory bounded, serves the last good cache and says why.
///
/// Serialized: URLSession spins a core while it waits, and a dozen parallel waits on a 2-core
/// machine starve each other by more than the second of slack the timing checks allow.
@Suite(
    "Remote provider against a faulty server", .serialized,
    .enabled(if: TestDependencies.runsFaultServerTests, "python3 is not installed"))
struct RemoteProviderFaultTests {
    typealias Support = RemoteFeedSupport

    struct Fault: Sendable, CustomTestStringConvertible {
        let path: String
        let kinds: Set<FetchFailure.Kind>
        let message: String
        var testDescription: String { path }
    }

    static let faults: [Fault] = [
        Fault(path: "status/500", kinds: [.httpStatus], message: "500"),
        Fault(path: "status/503", kinds: [.httpStatus], message: "Retry-After: 120 s"),
        Fault(path: "status/429", kinds: [.httpStatus], message: "429"),
        Fault(path: "status/404", kinds: [.httpStatus], message: "404"),
        Fault(path: "refused", kinds: [.network], message: "URLError"),
        Fault(path: "hang", kinds: [.timeout], message: ""),
        Fault(path: "trickle", kinds: [.timeout], message: "deadline"),
        Fault(path: "truncated", kinds: [.network, .invalidFeed], message: ""),
        Fault(path: "invalid-json", kinds: [.invalidFeed], message: "invalid JSON"),
        Fault(path: "huge", kinds: [.tooLarge], message: "cap"),
        Fault(path: "huge-declared", kinds: [.tooLarge], message: "cap"),
        Fault(path: "redirect-loop", kinds: [.network], message: "too many redirects"),
    ]

    /// Seeds the cache of `url` in `directory` with a good feed, as an earlier run would have.
    static func seedCache(_ directory: URL, for url: URL, etag: String? = #""v0""#, fetchedAt: Date = Date()) throws {
        var record = CachedFeed()
        record.body = Support.feed(["cached"])
        record.etag = etag
        record.fetchedAt = fetchedAt
        try FeedCache(directory: directory, feedURL: url).store(record)
    }

    @Test("no crash, back within the deadline plus a second, the last good feed served, and why", arguments: faults)
    func fault(_ fault: Fault) async throws {
        let server = try FaultServer()
        defer { server.stop() }
        var url = server.url(fault.path)
        if fault.path == "refused" {
            url = URL(string: "http://127.0.0.1:\(try LoopbackPort.free())/feed")!
        }
        let cache = try Support.temporaryDirectory()
        try Self.seedCache(cache, for: url)
        let provider = RemoteAnnouncementProvider(url: url, configuration: Support.configuration(cache: cache))
        // Warm up the freshly started Python server (and the process's first URLSession), so the
        // timing below measures the fault, not start-up on a busy machine.
        _ = await RemoteAnnouncementProvider(
            url: server.url("feed"), configuration: Support.configuration(cache: nil)
        ).fetchFeed(force: true)

        let clock = ContinuousClock()
        let start = clock.now
        let result = await provider.fetchFeed(force: true)
        let elapsed = clock.now - start
        print("fault \(fault.path): \(elapsed), \(result.bytesReceived ?? 0) body bytes received, \(result.failure!)")

        #expect(elapsed < .seconds(3), "deadline 2 s + 1 s")
        #expect(result.source == .cache)
        #expect(result.announcements.map(\.id) == ["cached"])
        let failure = try #require(result.failure)
        #expect(fault.kinds.contains(failure.kind), "\(failure)")
        #expect(fault.message.isEmpty || failure.message.contains(fault.message), "\(failure)")
        if failure.kind == .tooLarge {
            // The 50 MB body is stopped at the 1 MiB cap: at most one more chunk arrives.
            #expect((result.bytesReceived ?? 0) < 2 * RemoteProviderConfiguration.defaultMaximumBodySize)
        }
        // A failure never replaces the good cache on disk.
        let relaunched = RemoteAnnouncementProvider(url: url, configuration: Support.configuration(cache: cache))
        #expect(await relaunched.cachedFeed()?.announcements.map(\.id) == ["cached"])
    }

    @Test("503 Retry-After: 120 and 404 hold off the next unforced fetch; force: true asks again")
    func retryAfterAndClientErrors() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let time = ManualTimeSource(now: Support.start)
        let cache = try Support.temporaryDirectory()

        let unavailable = RemoteAnnouncementProvider(
            url: server.url("status/503"), configuration: Support.configuration(cache: cache), timeSource: time,
            random: { 0 })
        let first = await unavailable.fetchFeed()
        #expect(first.failure?.retryAfter == Support.start.addingTimeInterval(120))
        time.advance(by: 119)
        let held = await unavailable.fetchFeed()
        #expect(held.failure?.kind == .throttled)
        #expect(held.bytesReceived == nil)

        let missing = RemoteAnnouncementProvider(
            url: server.url("status/404"), configuration: Support.configuration(cache: cache), timeSource: time)
        #expect(await missing.fetchFeed().failure?.kind == .httpStatus)
        time.advance(by: 7200)
        let notRetried = await missing.fetchFeed()
        #expect(notRetried.failure?.kind == .throttled)
        #expect(notRetried.failure?.message.contains("forces") == true)
        #expect(notRetried.bytesReceived == nil)
        let forced = await missing.fetchFeed(force: true)
        #expect(forced.failure?.kind == .httpStatus)
        #expect(forced.bytesReceived != nil)
    }

    @Test("the downloader keeps at most the cap of a 50 MB body")
    func downloaderKeepsAtMostTheCap() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let cap = 1 << 20
        let downloader = HTTPDownloader(maximumBodySize: cap, allowsHTTP: true)
        var request = URLRequest(url: server.url("huge"))
        request.timeoutInterval = 2
        await #expect(throws: FeedDownloadFailure.self) { try await downloader.download(request) }
        let transfer = downloader.lastTransfer
        print("huge: \(transfer.received) bytes received, \(transfer.kept) kept (cap \(cap))")
        #expect(transfer.kept <= cap)
        #expect(transfer.received < 2 * cap)
        #expect(try await RemoteProviderBoundsTests.drained(downloader, within: 30))
    }

    @Test("a 304 whose ETag matches the cached one weakly reuses the cached body")
    func weakMatchOn304() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let url = server.url("not-modified")
        let cache = try Support.temporaryDirectory()
        try Self.seedCache(cache, for: url, etag: #"W/"v1""#)
        let provider = RemoteAnnouncementProvider(url: url, configuration: Support.configuration(cache: cache))
        let result = await provider.fetchFeed(force: true)
        #expect(result.source == .notModified)
        #expect(result.status == 304)
        #expect(result.announcements.map(\.id) == ["cached"])
    }

    @Test("a 304 for another representation, or with no cached body, gets one unconditional retry, no loop")
    func unexpected304() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let url = server.url("not-modified")
        let cache = try Support.temporaryDirectory()
        try Self.seedCache(cache, for: url, etag: #""other""#)
        let provider = RemoteAnnouncementProvider(url: url, configuration: Support.configuration(cache: cache))
        let result = await provider.fetchFeed(force: true)
        #expect(result.failure?.kind == .httpStatus)
        #expect(result.failure?.message.contains("304") == true)
        #expect(result.source == .cache)

        let empty = RemoteAnnouncementProvider(
            url: url, configuration: Support.configuration(cache: try Support.temporaryDirectory()))
        let uncached = await empty.fetchFeed(force: true)
        #expect(uncached.source == .fallback)
        #expect(uncached.failure?.kind == .httpStatus)
    }

    @Test("a cache fetched 'in the future' (clock moved back) counts as expired")
    func clockMovedBack() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let url = server.url("feed")
        let cache = try Support.temporaryDirectory()
        try Self.seedCache(cache, for: url, fetchedAt: Support.start.addingTimeInterval(3600))
        let time = ManualTimeSource(now: Support.start)
        let provider = RemoteAnnouncementProvider(
            url: url, configuration: Support.configuration(cache: cache), timeSource: time)
        let result = await provider.fetchFeed()
        #expect(result.source == .network)
        #expect(result.announcements.map(\.id) == ["fault-feed"])
    }

    @Test("with no cache the configured fallback announcements are served")
    func fallback() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let provider = RemoteAnnouncementProvider(
            url: server.url("status/500"),
            configuration: Support.configuration(
                cache: try Support.temporaryDirectory(), fallback: [Announcement(id: "local", title: "t", message: "m")]
            ))
        let result = await provider.fetchFeed(force: true)
        #expect(result.source == .fallback)
        #expect(result.announcements.map(\.id) == ["local"])
        #expect(result.failure?.kind == .httpStatus)
        #expect(await provider.cachedFeed()?.source == .fallback)
    }
}
