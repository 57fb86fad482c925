import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The remote provider's bounds against `scripts/fault-server.py`: compressed bodies count against
/// the cap as they inflate, validators are bounded and dropped after a 4xx to a conditional
/// request, redirects leave http(s) for nothing else, and the cache file is never read past its
/// limit.
///
/// Serialized for the same reason as ``RemoteProviderFaultTests``.
@Suite(
    "Remote provider bounds against a faulty server", .serialized,
    .enabled(if: TestDependencies.runsFaultServerTests, "python3 is not installed"))
struct RemoteProviderBoundsTests {
    typealias Support = RemoteFeedSupport

    /// The most a chunk libcurl writes can hold (`CURL_MAX_WRITE_SIZE`).
    static let chunk = 16 * 1024

    /// Waits, off the concurrency pool and woken by each change of the count, until `downloader` has
    /// no transfer left, for at most `seconds`; whether it got there.
    static func drained(_ downloader: HTTPDownloader, within seconds: Int) async throws -> Bool {
        try await OffPool.run { downloader.waitUntilIdle(timeout: TimeInterval(seconds)) }
    }

    /// 64 MiB inflated from 64 KB: the same fault as the 1 GiB bomb (`CurlTransferTests`), small
    /// enough that, on the `URLSession` path, inflating the rest in the background after the answer
    /// takes a fraction of a second and does not slow the next tests.
    static let bomb = "gzip-bomb?mib=64"

    @Test("a gzip bomb stops at the cap: one chunk past it counted, none kept past it, the session released")
    func gzipBomb() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let cap = RemoteProviderConfiguration.defaultMaximumBodySize
        let downloader = HTTPDownloader(maximumBodySize: cap, allowsHTTP: true)
        var request = URLRequest(url: server.url(Self.bomb))
        request.timeoutInterval = 10
        let error = await #expect(throws: FeedDownloadFailure.self) { try await downloader.download(request) }
        let transfer = downloader.lastTransfer
        print("gzip bomb: \(transfer.received) bytes counted, \(transfer.kept) kept (cap \(cap))")
        #expect(error == .tooLarge(received: transfer.received, encoding: "gzip"))
        #expect(transfer.received > cap)
        #expect(transfer.received <= cap + Self.chunk)
        #expect(transfer.kept <= cap)
        // The session ends and lets its delegate go once libcurl stops reading.
        #expect(try await Self.drained(downloader, within: 60))

        let cache = try Support.temporaryDirectory()
        let url = server.url(Self.bomb)
        try RemoteProviderFaultTests.seedCache(cache, for: url)
        let provider = RemoteAnnouncementProvider(
            url: url, configuration: Support.configuration(cache: cache, deadline: Support.patientDeadline))
        let result = await provider.fetchFeed(force: true)
        let failure = try #require(result.failure)
        #expect(failure.kind == .tooLarge)
        #expect(failure.message.contains("bytes after gzip decoding)"), "\(failure)")
        #expect(failure.message.contains("after gzip decoding"), "\(failure)")
        #expect(result.source == .cache)
        #expect(result.announcements.map(\.id) == ["cached"])
        #expect((result.bytesReceived ?? 0) <= cap + Self.chunk)
    }

    @Test("a request for identity refuses an encoded answer at its headers: no body byte is counted or kept")
    func encodedAnswerToIdentity() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let downloader = HTTPDownloader(maximumBodySize: 1 << 20, allowsHTTP: true)
        var request = URLRequest(url: server.url(Self.bomb))
        request.timeoutInterval = 10
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        await #expect(throws: FeedDownloadFailure.encoded("gzip")) { try await downloader.download(request) }
        #expect(downloader.lastTransfer.received == 0)
        #expect(downloader.lastTransfer.kept == 0)
        #expect(try await Self.drained(downloader, within: 60))

        // The same server honours identity when it compresses only what the request accepts.
        var plain = URLRequest(url: server.url("gzip-image"))
        plain.timeoutInterval = 10
        plain.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let response = try await downloader.download(plain)
        #expect(response.status == 200)
        #expect(response.headers.contentEncoding == nil)
        #expect(response.body.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("the message of an encoded answer names the coding and what to do")
    func encodedAnswerMessage() {
        let failure = FetchFailure(
            downloadError: FeedDownloadFailure.encoded("br"),
            configuration: RemoteFeedSupport.configuration(cache: nil))
        #expect(failure.kind == .network)
        #expect(failure.message.contains("Content-Encoding: br"))
        #expect(failure.message.contains("serve it without Content-Encoding"))
    }

    @Test("a body that never ends stops at the cap, and the transfer ends")
    func endlessBody() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let cap = RemoteProviderConfiguration.defaultMaximumBodySize
        let downloader = HTTPDownloader(maximumBodySize: cap, allowsHTTP: true)
        var request = URLRequest(url: server.url("endless"))
        request.timeoutInterval = 10
        let error = await #expect(throws: FeedDownloadFailure.self) { try await downloader.download(request) }
        let transfer = downloader.lastTransfer
        #expect(error == .tooLarge(received: transfer.received, encoding: nil))
        #expect(transfer.received <= cap + Self.chunk)
        #expect(transfer.kept <= cap)
        #expect(try await Self.drained(downloader, within: 60), "the cancellation lands and the session is released")
    }

    @Test("every transfer's session is released: a complete answer, a refused redirect, a cancelled request")
    func sessionsAreReleased() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let downloader = HTTPDownloader(maximumBodySize: 1 << 20, allowsHTTP: true)
        func request(_ path: String) -> URLRequest {
            var request = URLRequest(url: server.url(path))
            request.timeoutInterval = 10
            return request
        }
        #expect(try await downloader.download(request("feed")).status == 200)
        await #expect(throws: FeedDownloadFailure.forbiddenRedirect("file:///etc/passwd")) {
            try await downloader.download(request("redirect?to=file%3A%2F%2F%2Fetc%2Fpasswd"))
        }
        let hanging = Task { try await downloader.download(request("hang")) }
        #expect(try await OffPool.run { downloader.waitUntilActive(1, timeout: 60) }, "the request started")
        hanging.cancel()
        await #expect(throws: CancellationError.self) { try await hanging.value }
        #expect(try await Self.drained(downloader, within: 30))
    }

    @Test("a gzip-compressed feed is decoded and used")
    func gzipFeed() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let provider = RemoteAnnouncementProvider(
            url: server.url("gzip-feed"),
            configuration: Support.configuration(
                cache: try Support.temporaryDirectory(), deadline: Support.patientDeadline))
        let result = await provider.fetchFeed(force: true)
        #expect(result.failure == nil)
        #expect(result.source == .network)
        #expect(result.announcements.map(\.id) == ["fault-feed"])
        #expect(result.etag == #""v1""#)
    }

    @Test("a 9,000-byte ETag and a 2,000-byte Last-Modified are neither kept nor sent back")
    func hugeValidatorsAreNotKept() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let cache = try Support.temporaryDirectory()
        let url = server.url("huge-etag")
        let provider = RemoteAnnouncementProvider(
            url: url, configuration: Support.configuration(cache: cache, deadline: Support.patientDeadline))
        let result = await provider.fetchFeed(force: true)
        #expect(result.source == .network)
        #expect(result.announcements.map(\.id) == ["fault-feed"])
        #expect(result.etag == nil)
        #expect(result.lastModified == nil)
        guard case .loaded(let stored) = FeedCache(directory: cache, feedURL: url).load() else {
            Issue.record("the cache was not written")
            return
        }
        #expect(stored.body != nil)
        #expect(stored.etag == nil)
        #expect(stored.lastModified == nil)
    }

    @Test("a cached 9,000-byte ETag from an earlier version is not sent: the server does not answer 400")
    func oversizedCachedValidatorIsDropped() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let cache = try Support.temporaryDirectory()
        let url = server.url("conditional-400")
        try FeedCacheBoundsTests.writeRawCache(
            directory: cache, url: url, etag: #"""# + String(repeating: "e", count: 8998) + #"""#)
        let provider = RemoteAnnouncementProvider(
            url: url, configuration: Support.configuration(cache: cache, deadline: Support.patientDeadline))
        #expect(await provider.cachedFeed()?.etag == nil)
        let result = await provider.fetchFeed(force: true)
        #expect(result.failure == nil)
        #expect(result.status == 200)
        #expect(result.announcements.map(\.id) == ["fault-feed"])
    }

    @Test("after a 400 to a conditional request the next forced fetch is unconditional and recovers")
    func clientErrorToConditionalRequest() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let cache = try Support.temporaryDirectory()
        let url = server.url("conditional-400")
        try RemoteProviderFaultTests.seedCache(cache, for: url, etag: #""v0""#)
        let time = ManualTimeSource(now: Support.start)
        let configuration = Support.configuration(cache: cache, deadline: Support.patientDeadline)
        let provider = RemoteAnnouncementProvider(url: url, configuration: configuration, timeSource: time)

        let refused = await provider.fetchFeed(force: true)
        #expect(refused.status == 400)
        #expect(refused.source == .cache)
        #expect(refused.announcements.map(\.id) == ["cached"])
        let failure = try #require(refused.failure)
        #expect(failure.message.contains("conditional request"), "\(failure)")
        #expect(refused.etag == nil)
        // The validators are dropped on disk too (a relaunch sends none); the body stays usable.
        guard case .loaded(let stored) = FeedCache(directory: cache, feedURL: url).load() else {
            Issue.record("the cache was lost")
            return
        }
        #expect(stored.etag == nil)
        #expect(stored.body == Support.feed(["cached"]))

        // Not retried until forced, as after any 4xx; forced, the request goes without validators.
        #expect(await provider.fetchFeed().failure?.kind == .throttled)
        let recovered = await provider.fetchFeed(force: true)
        #expect(recovered.failure == nil)
        #expect(recovered.source == .network)
        #expect(recovered.status == 200)
        #expect(recovered.announcements.map(\.id) == ["fault-feed"])
        #expect(recovered.etag == #""v1""#)
    }

    @Test(
        "a redirect to another scheme is refused with a message that names it",
        arguments: ["file:///etc/passwd", "FILE:///etc/passwd", "ftp://127.0.0.1/feed", "javascript:alert(1)"])
    func redirectToAnotherScheme(_ target: String) async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let encoded = try #require(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let provider = RemoteAnnouncementProvider(
            url: server.url("redirect?to=\(encoded)"),
            configuration: Support.configuration(
                cache: try Support.temporaryDirectory(), deadline: Support.patientDeadline))
        let result = await provider.fetchFeed(force: true)
        let failure = try #require(result.failure)
        #expect(failure.kind == .configuration)
        #expect(failure.message.lowercased().contains(target.lowercased()), "\(failure)")
        #expect(failure.message.contains("only http and https redirects are followed"), "\(failure)")
        #expect(result.status == nil)
    }

    @Test("a redirect to a path on the same server, or to http when allowed, is followed")
    func allowedRedirects() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        for target in ["/feed", server.url("feed").absoluteString] {
            let encoded = try #require(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let provider = RemoteAnnouncementProvider(
                url: server.url("redirect?to=\(encoded)"),
                configuration: Support.configuration(cache: nil, deadline: Support.patientDeadline))
            let result = await provider.fetchFeed(force: true)
            #expect(result.failure == nil, "\(target)")
            #expect(result.announcements.map(\.id) == ["fault-feed"], "\(target)")
        }
    }

    @Test("a cache file past its limit (a 2 GiB sparse file) is deleted unread; the next request is unconditional")
    func hugeCacheFile() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let cache = try Support.temporaryDirectory()
        let url = server.url("conditional-400")
        let file = try #require(FeedCache(directory: cache, feedURL: url).fileURL)
        try RemoteProviderFaultTests.seedCache(cache, for: url, etag: #""v0""#)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()

        let provider = RemoteAnnouncementProvider(
            url: url, configuration: Support.configuration(cache: cache, deadline: Support.patientDeadline))
        #expect(await provider.cachedFeed() == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let result = await provider.fetchFeed(force: true)
        #expect(result.failure == nil, "a conditional request would have been answered 400")
        #expect(result.status == 200)
        #expect(result.announcements.map(\.id) == ["fault-feed"])
    }
}
