import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The package's own transfer over libcurl (`CurlTransfer`, Linux, no session configuration)
/// against `scripts/fault-server.py`: bombs are stopped where they arise (at the headers, or in the
/// write callback at the cap) so nothing inflates after the answer, a cancellation answers at once,
/// redirects and transport errors keep the `URLSession` path's failures, and every transfer
/// releases its thread and handle.
///
/// Serialized for the same reason as ``RemoteProviderFaultTests``.
@Suite(
    "libcurl transfer against a faulty server", .serialized,
    .enabled(if: TestDependencies.runsFaultServerTests, "python3 is not installed"),
    .enabled(if: HTTPDownloader(maximumBodySize: 1, allowsHTTP: true).usesCurl, "URLSession downloads here"))
struct CurlTransferTests {
    /// A request for `path` on `server`, with a request timeout of `timeout` seconds.
    static func request(_ server: FaultServer, _ path: String, timeout: TimeInterval = 10) -> URLRequest {
        var request = URLRequest(url: server.url(path))
        request.timeoutInterval = timeout
        return request
    }

    /// Waits, off the concurrency pool, until `downloader` has no transfer left; whether it got there.
    static func idle(_ downloader: HTTPDownloader) async throws -> Bool {
        try await OffPool.run { downloader.waitUntilIdle(timeout: 60) }
    }

    @Test("the downloader chooses libcurl without a session configuration, URLSession with one")
    func selection() {
        #expect(HTTPDownloader(maximumBodySize: 1, allowsHTTP: true).usesCurl)
        let configured = HTTPDownloader(maximumBodySize: 1, allowsHTTP: true, sessionConfiguration: .ephemeral)
        #expect(!configured.usesCurl)
    }

    @Test("a feed's 1 GiB gzip bomb is aborted at the cap as it inflates: the thread ends, nothing inflates on")
    func feedBombAbortsAtTheCap() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let cap = RemoteProviderConfiguration.defaultMaximumBodySize
        let downloader = HTTPDownloader(maximumBodySize: cap, allowsHTTP: true)
        let error = await #expect(throws: FeedDownloadFailure.self) {
            try await downloader.download(Self.request(server, "gzip-bomb?mib=1024"))
        }
        let transfer = downloader.lastTransfer
        #expect(error == .tooLarge(received: transfer.received, encoding: "gzip"))
        #expect(transfer.received > cap)
        #expect(transfer.received <= cap + RemoteProviderBoundsTests.chunk)
        #expect(transfer.kept <= cap)
        // The write callback aborted the transfer: the thread and its handle are released without
        // inflating the other 1023 MiB.
        #expect(try await Self.idle(downloader))
        #expect(downloader.lastTransfer.received == transfer.received, "nothing was counted after the answer")
    }

    @Test("a cancellation in the middle of a body answers at once; the thread and handle are released")
    func cancellationMidBody() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let downloader = HTTPDownloader(maximumBodySize: 1 << 20, allowsHTTP: true)
        // 100,000 bytes announced, one a second.
        let download = Task { try await downloader.download(Self.request(server, "trickle")) }
        let started = try await OffPool.run { downloader.waitUntilReceived(1, timeout: 60) }
        #expect(started, "the body began")
        download.cancel()
        await #expect(throws: CancellationError.self) { try await download.value }
        #expect(try await Self.idle(downloader))
        #expect(downloader.lastTransfer.received < 100_000)
    }

    @Test("a redirect chain is checked at every hop: a relative hop is followed, the forbidden target named")
    func redirectChain() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let downloader = HTTPDownloader(maximumBodySize: 1 << 20, allowsHTTP: false)
        func encoded(_ text: String) throws -> String {
            try #require(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        }
        // http is not allowed: the first hop's relative target is on the same server, and refused with it.
        let viaRelative = "redirect?to=\(try encoded("/redirect?to=\(try encoded("ftp://127.0.0.1/feed"))"))"
        let allowing = HTTPDownloader(maximumBodySize: 1 << 20, allowsHTTP: true)
        await #expect(throws: FeedDownloadFailure.forbiddenRedirect("ftp://127.0.0.1/feed")) {
            try await allowing.download(Self.request(server, viaRelative))
        }
        await #expect(throws: FeedDownloadFailure.forbiddenRedirect("javascript:alert(1)")) {
            try await allowing.download(Self.request(server, "redirect?to=\(try encoded("javascript:alert(1)"))"))
        }
        let toPlainHTTP = "redirect?to=\(try encoded(server.url("feed").absoluteString))"
        await #expect(throws: FeedDownloadFailure.forbiddenRedirect(server.url("feed").absoluteString)) {
            try await downloader.download(Self.request(server, toPlainHTTP))
        }
        let notAURL = "redirect?to=\(try encoded("http://exa mple.com/[feed"))"
        do {
            _ = try await allowing.download(Self.request(server, notAURL))
            Issue.record("a Location that is not a URL was followed")
        } catch FeedDownloadFailure.transport(let code, let message) {
            #expect(code == NSURLErrorBadServerResponse)
            #expect(message.contains("not a URL"), "\(message)")
        }
        #expect(try await Self.idle(allowing))
        #expect(try await Self.idle(downloader))
    }

    @Test("transport errors keep their URLError codes: refused connection -1004, no data within the timeout -1001")
    func transportErrors() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let downloader = HTTPDownloader(maximumBodySize: 1 << 20, allowsHTTP: true)
        var refused = URLRequest(url: URL(string: "http://127.0.0.1:\(try LoopbackPort.free())/feed")!)
        refused.timeoutInterval = 10
        do {
            _ = try await downloader.download(refused)
            Issue.record("a closed port answered")
        } catch FeedDownloadFailure.transport(let code, _) {
            #expect(code == NSURLErrorCannotConnectToHost)
        }
        // The server accepts and never answers: the idle timeout (under a byte a second for 1 s) ends it.
        do {
            _ = try await downloader.download(Self.request(server, "hang", timeout: 1))
            Issue.record("a hanging server answered")
        } catch FeedDownloadFailure.transport(let code, let message) {
            #expect(code == NSURLErrorTimedOut, "\(message)")
        }
        #expect(try await Self.idle(downloader))
    }

    @Test("the request's headers are sent, and the package's User-Agent when the request has none")
    func requestHeaders() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let downloader = HTTPDownloader(maximumBodySize: 1 << 20, allowsHTTP: true)
        var keyed = Self.request(server, "require-header?name=X-Feed-Key&value=k-123")
        keyed.setValue("k-123", forHTTPHeaderField: "X-Feed-Key")
        #expect(try await downloader.download(keyed).status == 200)
        #expect(
            try await downloader.download(Self.request(server, "require-header?name=X-Feed-Key&value=k-123")).status
                == 401)
        let agent = RemoteProviderConfiguration.defaultUserAgent
        let userAgent = try #require(agent.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let byDefault = Self.request(server, "require-header?name=User-Agent&value=\(userAgent)")
        #expect(try await downloader.download(byDefault).status == 200)
        var own = Self.request(server, "require-header?name=User-Agent&value=Demo%2F2")
        own.setValue("Demo/2", forHTTPHeaderField: "User-Agent")
        #expect(try await downloader.download(own).status == 200)
    }

    @Test("headers that never end stop at 256 KiB with a message")
    func endlessHeaders() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let downloader = HTTPDownloader(maximumBodySize: 1 << 20, allowsHTTP: true)
        do {
            _ = try await downloader.download(Self.request(server, "endless-headers"))
            Issue.record("endless headers were answered")
        } catch FeedDownloadFailure.transport(let code, let message) {
            #expect(code == NSURLErrorBadServerResponse)
            #expect(message.contains("response headers passed 262144 bytes"), "\(message)")
        }
        #expect(try await Self.idle(downloader))
    }

    @Test("every transfer releases its thread and handle: answers, refusals, caps, errors and cancellations at once")
    func everyTransferIsReleased() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let downloader = HTTPDownloader(maximumBodySize: 1 << 20, allowsHTTP: true)
        var identity = Self.request(server, "gzip-bomb?mib=1024")
        identity.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let requests = [
            Self.request(server, "feed"), identity, Self.request(server, "gzip-bomb?mib=1024"),
            Self.request(server, "endless"), Self.request(server, "redirect?to=file%3A%2F%2F%2Fetc%2Fpasswd"),
            Self.request(server, "redirect-loop"), Self.request(server, "truncated"),
            Self.request(server, "huge-declared"),
        ]
        await withTaskGroup(of: Void.self) { group in
            for request in requests + requests {
                group.addTask { _ = try? await downloader.download(request, maximumBodySize: 1 << 20) }
            }
        }
        let hanging = (0..<4).map { _ in Task { try await downloader.download(Self.request(server, "hang")) } }
        #expect(try await OffPool.run { downloader.waitUntilActive(4, timeout: 60) }, "the hanging requests started")
        for task in hanging { task.cancel() }
        for task in hanging { await #expect(throws: CancellationError.self) { try await task.value } }
        #expect(try await Self.idle(downloader))
        #expect(downloader.activeTransfers == 0)
    }
}
