import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads a feed, the remote provider's ``FeedDownloading`` unless it is given another: each
/// request with a `URLSession` of its own (an ``HTTPTransfer``): ephemeral, or a copy of the app's
/// session configuration when it gave one; no `URLCache`, no cookies, a body cap counted as the
/// bytes arrive, a limit on redirects, and redirects only to `https` (or `http` when allowed).
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
    private let statistics = LockedValue((received: 0, kept: 0))
    private let transfers = LockedValue(0)
    /// The app's session configuration each transfer starts from; `nil` for an ephemeral one.
    private let baseConfiguration: LockedValue<URLSessionConfiguration>?

    /// A downloader; each transfer's session starts from a copy of `sessionConfiguration` (the
    /// app's headers, protocol classes, proxy and resource timeout), or an ephemeral one.
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
    var lastTransfer: (received: Int, kept: Int) { statistics.withLock { $0 } }

    /// The body bytes the last download received, as ``lastTransfer`` counts them.
    var lastBytesReceived: Int { lastTransfer.received }

    /// The transfers started and not yet released by their sessions; a transfer answers its
    /// caller before it ends, so this may stay above zero for a while after the answer.
    var activeTransfers: Int { transfers.withLock { $0 } }

    /// Sends `request` and waits for the whole answer; throws ``FeedDownloadFailure`` or
    /// `CancellationError`.
    func download(_ request: URLRequest) async throws -> FeedResponse {
        statistics.withLock { $0 = (0, 0) }
        transfers.withLock { $0 += 1 }
        let transfer = HTTPTransfer(downloader: self, maximumBodySize: maximumBodySize)
        return try await transfer.run(request)
    }

    /// Sends `request` with a body cap of the lower of `maximumBodySize` and the downloader's own;
    /// the statistics of ``lastTransfer`` are left to the feed's downloads.
    func download(_ request: URLRequest, maximumBodySize cap: Int) async throws -> FeedResponse {
        transfers.withLock { $0 += 1 }
        let transfer = HTTPTransfer(
            downloader: self, maximumBodySize: min(max(0, cap), maximumBodySize), recordsStatistics: false)
        return try await transfer.run(request)
    }

    /// Called by a transfer its session has released.
    func transferEnded() {
        transfers.withLock { $0 -= 1 }
    }

    /// Records the progress of the current download.
    func record(received: Int, kept: Int) {
        statistics.withLock { $0 = (received, kept) }
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
