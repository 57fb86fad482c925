import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads a feed, the remote provider's ``FeedDownloading`` unless it is given another: each
/// request with a transfer of its own; no `URLCache`, no cookies, a body cap counted as the bytes
/// arrive, a limit on redirects, and redirects only to `https` (or `http` when allowed).
///
/// Which transfer:
/// - On Linux, when the app gave no session configuration (the default), a ``CurlTransfer``: libcurl
///   driven directly, on a thread of its own per request. FoundationNetworking runs every
///   `URLSession` of a process on one queue, where libcurl inflates any `Content-Encoding` it knows
///   whatever the request asked for, so a server that sends gzip bombs held every download of the
///   process (about 5 s per GiB); the package's own transfer refuses an encoded answer to an
///   `identity` request at its headers, with decoding off, and aborts a decoded body at its cap.
/// - With the app's session configuration (its protocol classes, proxies, headers: what only
///   `URLSession` applies), and on Apple platforms, an ``HTTPTransfer``: a `URLSession` of its own,
///   made from a copy of that configuration or an ephemeral one. The rest of this comment is about
///   that path.
///
/// `URLSession` has no body cap and cancellation lands late, so the transfer counts bytes itself,
/// stops keeping them past the cap, answers the caller at once and cancels. A compressed body is
/// counted as it is inflated (libcurl on Linux inflates every encoding it knows, and the delegate
/// runs as it does, see ``InlineDelegateQueue``): the caller's answer comes at the cap and nothing
/// past it is kept or queued.
///
/// On Linux the cancellation itself waits for libcurl to stop reading: FoundationNetworking runs
/// it on the session's work queue, which libcurl's read loop holds while the socket has data. An
/// uncompressed body is read faster than a network delivers it, so the loop soon ends; a gzip
/// bomb inflates far slower than it arrives, so libcurl inflates it to its end on a background
/// thread after the answer (measured: about 4.5 s of one core and 21 MB of FoundationNetworking's
/// own per-chunk objects per GiB, all released when it ends): FoundationNetworking has no way to
/// abort a transfer from inside libcurl's callbacks.
final class HTTPDownloader: FeedDownloading {
    let maximumBodySize: Int
    let maximumRedirects: Int
    let allowsHTTP: Bool
    private let counters = DownloaderCounters()
    /// The app's session configuration each transfer starts from; `nil` for an ephemeral one.
    private let baseConfiguration: LockedValue<URLSessionConfiguration>?

    /// A downloader; each transfer's session starts from a copy of `sessionConfiguration` (the
    /// app's headers, protocol classes, proxy and resource timeout), or an ephemeral one. Without
    /// one, on Linux, the transfers are the package's own over libcurl (``CurlTransfer``).
    init(
        maximumBodySize: Int, maximumRedirects: Int = 5, allowsHTTP: Bool,
        sessionConfiguration: URLSessionConfiguration? = nil
    ) {
        self.maximumBodySize = maximumBodySize
        self.maximumRedirects = maximumRedirects
        self.allowsHTTP = allowsHTTP
        baseConfiguration = sessionConfiguration.map { LockedValue(Self.copy($0)) }
    }

    /// A downloader with the body cap and the redirect schemes of `configuration`, its sessions made
    /// from `sessionConfiguration` when given.
    convenience init(
        configuration: RemoteProviderConfiguration, sessionConfiguration: URLSessionConfiguration? = nil
    ) {
        self.init(
            maximumBodySize: configuration.maximumBodySize, allowsHTTP: configuration.allowsHTTP,
            sessionConfiguration: sessionConfiguration)
    }

    /// The configuration of a transfer's session: a copy of the app's, or an ephemeral one, without
    /// a `URLCache` or cookies (the provider keeps its own cache and sends its own validators).
    func makeSessionConfiguration() -> URLSessionConfiguration {
        let configuration = baseConfiguration?.withLock { Self.copy($0) } ?? .ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return configuration
    }

    private static func copy(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        // `copy()` of a URLSessionConfiguration is always one.
        configuration.copy() as? URLSessionConfiguration ?? .ephemeral
    }

    /// The body bytes the last download received from the network (after decoding), and how many
    /// it kept.
    var lastTransfer: (received: Int, kept: Int) { counters.read { ($0.received, $0.kept) } }

    /// The body bytes the last download received, as ``lastTransfer`` counts them.
    var lastBytesReceived: Int { lastTransfer.received }

    /// The transfers started and not yet released (a ``CurlTransfer``'s thread and handle, an
    /// ``HTTPTransfer``'s session); a transfer answers its caller before it ends, so this may stay
    /// above zero for a while after the answer.
    var activeTransfers: Int { counters.read { $0.transfers } }

    /// Waits, blocking the calling thread, until no transfer is active or `timeout` seconds have
    /// passed; whether none is.
    func waitUntilIdle(timeout: TimeInterval) -> Bool {
        counters.wait(timeout: timeout) { $0.transfers == 0 }
    }

    /// Waits, blocking the calling thread, until at least `count` transfers are active or `timeout`
    /// seconds have passed; whether they are.
    func waitUntilActive(_ count: Int, timeout: TimeInterval) -> Bool {
        counters.wait(timeout: timeout) { $0.transfers >= count }
    }

    /// Waits, blocking the calling thread, until the current download has received at least `bytes`
    /// body bytes (as ``lastTransfer`` counts them) or `timeout` seconds have passed; whether it has.
    func waitUntilReceived(_ bytes: Int, timeout: TimeInterval) -> Bool {
        counters.wait(timeout: timeout) { $0.received >= bytes }
    }

    /// Whether the requests go over the package's own libcurl transfer (``CurlTransfer``): on Linux,
    /// when the app gave no session configuration.
    var usesCurl: Bool {
        #if os(Linux) && canImport(CCurlShim)
            baseConfiguration == nil
        #else
            false
        #endif
    }

    /// Sends `request` and waits for the whole answer; throws ``FeedDownloadFailure`` or
    /// `CancellationError`.
    func download(_ request: URLRequest) async throws -> FeedResponse {
        counters.update {
            $0.received = 0
            $0.kept = 0
        }
        return try await send(request, maximumBodySize: maximumBodySize, recordsStatistics: true)
    }

    /// Sends `request` with a body cap of the lower of `maximumBodySize` and the downloader's own;
    /// the statistics of ``lastTransfer`` are left to the feed's downloads.
    func download(_ request: URLRequest, maximumBodySize cap: Int) async throws -> FeedResponse {
        try await send(request, maximumBodySize: min(max(0, cap), maximumBodySize), recordsStatistics: false)
    }

    private func send(_ request: URLRequest, maximumBodySize cap: Int, recordsStatistics: Bool) async throws
        -> FeedResponse
    {
        #if os(Linux) && canImport(CCurlShim)
            if usesCurl {
                let transfer = CurlTransfer(
                    downloader: self, maximumBodySize: cap, recordsStatistics: recordsStatistics)
                return try await transfer.run(request)
            }
        #endif
        transferStarted()
        let transfer = HTTPTransfer(downloader: self, maximumBodySize: cap, recordsStatistics: recordsStatistics)
        return try await transfer.run(request)
    }

    /// Called as a transfer starts.
    func transferStarted() {
        counters.update { $0.transfers += 1 }
    }

    /// Called by a transfer that has released its thread and handle, or its session.
    func transferEnded() {
        counters.update { $0.transfers -= 1 }
    }

    /// Records the progress of the current download.
    func record(received: Int, kept: Int) {
        counters.update {
            $0.received = received
            $0.kept = kept
        }
    }

    /// The redirect target to refuse, or `nil` to follow `request`.
    ///
    /// The `Location` header is checked as the server sent it: FoundationNetworking on Linux turns
    /// a target without a host, such as `file:///etc/passwd` or `javascript:…`, into a path on the
    /// current server (`http://host/etc/passwd`), so the new request alone would pass and end in a
    /// misleading 404.
    func refusedRedirect(location: String?, _ request: URLRequest) -> String? {
        let targets = [location.flatMap { URL(string: $0) }, request.url].compactMap { $0 }
        for url in targets {
            guard let scheme = url.scheme?.lowercased() else { continue }  // relative: on this server
            if scheme == "https" || (scheme == "http" && allowsHTTP) { continue }
            return Self.shortened(url.absoluteString)
        }
        return nil
    }

    /// A server's text cut to 200 characters for a message.
    static func shortened(_ text: String) -> String {
        text.count <= 200 ? text : String(text.prefix(200)) + "…"
    }

    /// The content coding of a `Content-Encoding` value, lower-cased; `nil` for none or `identity`.
    static func contentEncoding(_ value: String) -> String? {
        let coding = value.trimmingCharacters(in: .whitespaces).lowercased()
        return coding.isEmpty || coding == "identity" ? nil : shortened(coding)
    }
}

/// The counts of an ``HTTPDownloader`` (its ``HTTPDownloader/lastTransfer`` and
/// ``HTTPDownloader/activeTransfers``), with waits for a condition on them that each change wakes.
private final class DownloaderCounters: @unchecked Sendable {
    struct Counts {
        var received = 0
        var kept = 0
        var transfers = 0
    }

    private let condition = NSCondition()
    private var counts = Counts()

    /// Reads the counts.
    func read<Result>(_ body: (Counts) -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body(counts)
    }

    /// Changes the counts and wakes the waiters.
    func update(_ body: (inout Counts) -> Void) {
        condition.lock()
        body(&counts)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `isSatisfied` holds of the counts or `timeout` seconds pass; whether it holds.
    func wait(timeout: TimeInterval, until isSatisfied: (Counts) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !isSatisfied(counts) {
            if !condition.wait(until: deadline) { return isSatisfied(counts) }
        }
        return true
    }
}
