public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Announcements from a JSON feed on a web server or CDN, with a disk cache, conditional requests
/// and bounds on everything the network can do.
///
/// - A request is conditional (`If-None-Match`, `If-Modified-Since`) when a cached body exists; a
///   `304 Not Modified` reuses it. `Cache-Control: max-age`, `no-cache`, `no-store` and
///   `Retry-After` are honoured. Validators longer than 1 KiB (or not printable ASCII) are not
///   kept; a 4xx answer to a conditional request drops the validators, so the next request (when
///   the app forces one) is unconditional.
/// - The body is capped (default 1 MiB), counted after decoding gzip and the other encodings as it
///   arrives, each request has an idle timeout and the whole fetch an overall deadline; requests
///   are at least ``RemoteProviderConfiguration/minimumInterval`` apart. Redirects go to `https`
///   only (`http` too when allowed), never to another scheme such as `file:`.
/// - Concurrent calls share one request. After a failure the next request waits, with exponential
///   back-off and jitter (30 s, doubling, at most one hour); a 4xx other than 408 and 429 waits
///   until the app forces a fetch.
/// - It never throws: on a failure the result carries the last good cache, then
///   ``RemoteProviderConfiguration/fallback``, and says why (``FetchResult/failure``).
///
/// ```swift
/// let remote = RemoteAnnouncementProvider(url: URL(string: "https://cdn.example.com/announcements.json")!)
/// let atLaunch = await remote.cachedAnnouncements()   // no network
/// let fresh = await remote.fetchAnnouncements()        // conditional GET, or the cache while fresh
/// ```
public actor RemoteAnnouncementProvider: AnnouncementProviding {
    /// The feed's address.
    public nonisolated let url: URL
    /// How the feed is fetched, cached and bounded.
    public nonisolated let configuration: RemoteProviderConfiguration

    private let timeSource: any TimeSource
    private let random: @Sendable () -> Double
    private let cache: FeedCache
    private let downloader: HTTPDownloader
    private let decoder: FeedDecoder
    private let backoff = Backoff()

    private var loaded = false
    private var record = CachedFeed()
    private var decoded: FeedDecodingResult?
    private var inFlight: Task<FetchResult, Never>?

    /// Creates a provider for the feed at `url`.
    ///
    /// - Parameters:
    ///   - url: The feed; `https`, or `http` when the configuration allows it.
    ///   - configuration: Cache location, bounds, security options and fallback announcements.
    ///   - timeSource: The clock for freshness, back-off and the overall deadline.
    public init(
        url: URL, configuration: RemoteProviderConfiguration = RemoteProviderConfiguration(),
        timeSource: any TimeSource = SystemTimeSource()
    ) {
        self.init(url: url, configuration: configuration, timeSource: timeSource, random: { Double.random(in: 0...1) })
    }

    /// Creates a provider with a chosen source of jitter (a uniform number in `0...1`), for tests.
    init(
        url: URL, configuration: RemoteProviderConfiguration, timeSource: any TimeSource,
        random: @escaping @Sendable () -> Double
    ) {
        self.url = url
        self.configuration = configuration
        self.timeSource = timeSource
        self.random = random
        cache = FeedCache(
            directory: configuration.cacheDirectory, feedURL: url, maximumBodySize: configuration.maximumBodySize)
        downloader = HTTPDownloader(
            maximumBodySize: configuration.maximumBodySize, allowsHTTP: configuration.allowsHTTP)
        decoder = FeedDecoder(policy: configuration.actionPolicy)
    }

    /// The cached feed (or the fallback announcements) without touching the network; `nil` when
    /// there is neither.
    public func cachedAnnouncements() async -> FetchResult? {
        loadCacheIfNeeded()
        if decoded != nil { return makeResult(source: .cache) }
        if configuration.fallback.isEmpty { return nil }
        return makeResult(source: .fallback)
    }

    /// Fetches the feed, or answers from the cache while it is fresh, the minimum interval has not
    /// passed or a back-off is running. Concurrent calls share one request.
    ///
    /// - Parameter force: Skip the minimum interval, freshness and back-off (the request is still
    ///   conditional when a cache exists).
    public func fetchAnnouncements(force: Bool) async -> FetchResult {
        if let inFlight { return await inFlight.value }
        let task = Task { await self.performFetch(force: force) }
        inFlight = task
        let result = await task.value
        inFlight = nil
        return result
    }

    // MARK: - Fetching

    private func performFetch(force: Bool) async -> FetchResult {
        loadCacheIfNeeded()
        let now = timeSource.now
        let scheme = url.scheme?.lowercased()
        guard scheme == "https" || (scheme == "http" && configuration.allowsHTTP) else {
            let message =
                scheme == "http"
                ? "plain http is not allowed for \(url.absoluteString); use https or opt in with allowsHTTP"
                : "\(url.absoluteString) is not an http(s) URL"
            return makeResult(
                source: decoded == nil ? .fallback : .cache,
                failure: FetchFailure(kind: .configuration, message: message))
        }
        if !force, let early = answerWithoutNetwork(now: now) { return early }
        return await send(conditional: true, now: now)
    }

    /// The answer when no request may be sent yet: fresh cache, minimum interval, back-off.
    private func answerWithoutNetwork(now: Date) -> FetchResult? {
        if record.needsExplicitRequest {
            return makeFailureResult(
                FetchFailure(
                    kind: .throttled,
                    message: (record.lastFailure ?? "the server refused the request")
                        + "; not retried until the app forces a fetch"))
        }
        if let next = record.nextAttemptAt, next > now, next.timeIntervalSince(now) <= Self.longestWait {
            return makeFailureResult(
                FetchFailure(
                    kind: .throttled,
                    message: "backing off after \(record.failureCount) failure(s)"
                        + (record.lastFailure.map { " (last: \($0))" } ?? ""),
                    retryAfter: next))
        }
        // A fetch time in the future means the clock moved back: the cache counts as expired.
        guard decoded != nil, let fetchedAt = record.fetchedAt, fetchedAt <= now else { return nil }
        let age = now.timeIntervalSince(fetchedAt)
        let freshByServer = !record.noCache && age < (record.maxAge ?? 0)
        if age < configuration.minimumInterval || freshByServer {
            return makeResult(source: .notModified)
        }
        return nil
    }

    /// The longest wait a stored back-off may ask for; beyond it the clock has moved.
    private static let longestWait: TimeInterval = 24 * 3600

    private enum Outcome: Sendable {
        case response(HTTPDownloader.Response)
        case failed(any Error)
        case deadline
    }

    private func send(conditional: Bool, now: Date) async -> FetchResult {
        let (request, isConditional) = makeRequest(conditional: conditional)
        let outcome = await download(request, deadline: now.addingTimeInterval(configuration.deadline))
        let transfer = downloader.lastTransfer
        let finishedAt = timeSource.now
        switch outcome {
        case .response(let response):
            return await handle(
                response, conditional: conditional, isConditional: isConditional, at: finishedAt,
                bytes: transfer.received)
        case .deadline:
            return recordFailure(
                FetchFailure(
                    kind: .timeout,
                    message: "no complete answer within the \(Self.seconds(configuration.deadline)) deadline"),
                now: finishedAt, bytes: transfer.received)
        case .failed(let error):
            return recordFailure(
                Self.failure(for: error, configuration: configuration), now: finishedAt,
                bytes: transfer.received)
        }
    }

    /// The request, and whether it carries validators: only when a usable cached feed exists and
    /// a validator fit to send back (``HTTPHeaders/usableValidator(_:)``) is stored.
    private func makeRequest(conditional: Bool) -> (URLRequest, isConditional: Bool) {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.timeoutInterval = max(1, configuration.requestTimeout.rounded(.up))
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let etag = HTTPHeaders.usableValidator(record.etag)
        let lastModified = HTTPHeaders.usableValidator(record.lastModified)
        let isConditional = conditional && record.body != nil && decoded != nil && (etag ?? lastModified) != nil
        if isConditional {
            if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        }
        return (request, isConditional)
    }

    /// Races the download against the overall deadline; the loser is cancelled.
    private func download(_ request: URLRequest, deadline: Date) async -> Outcome {
        let downloader = self.downloader
        let timeSource = self.timeSource
        return await withTaskGroup(of: Outcome?.self) { group -> Outcome in
            group.addTask {
                do {
                    return .response(try await downloader.download(request))
                } catch {
                    return .failed(error)
                }
            }
            group.addTask {
                do {
                    try await timeSource.sleep(until: deadline)
                    return .deadline
                } catch {
                    return nil
                }
            }
            var first: Outcome = .failed(CancellationError())
            for await result in group {
                if let result {
                    first = result
                    break
                }
            }
            group.cancelAll()
            return first
        }
    }

    /// What a complete answer means for the cache and the result.
    private func handle(
        _ response: HTTPDownloader.Response, conditional: Bool, isConditional: Bool, at finishedAt: Date, bytes: Int
    ) async -> FetchResult {
        switch response.status {
        case 304:
            if isConditional, let etag = response.headers.etag, let stored = record.etag,
                !HTTPHeaders.weaklyMatch(etag, stored)
            {
                // The server's 304 is about another representation: fetch the body again.
                return await send(conditional: false, now: finishedAt)
            }
            guard isConditional else {
                // A 304 to a request without validators, or with no cached body: one unconditional retry.
                if conditional { return await send(conditional: false, now: finishedAt) }
                return recordFailure(
                    FetchFailure(kind: .httpStatus, message: "the server answered 304 to an unconditional request"),
                    now: finishedAt, bytes: bytes, status: 304)
            }
            record.fetchedAt = finishedAt
            applyCacheControl(response.headers)
            resetFailures()
            persist()
            return makeResult(source: .notModified, status: 304, bytes: bytes)
        case 200...299:
            let result: FeedDecodingResult
            do {
                result = try decoder.decode(response.body)
            } catch {
                return recordFailure(
                    FetchFailure(kind: .invalidFeed, message: "the feed was rejected: \(error.diagnostic.message)"),
                    now: finishedAt, bytes: bytes, status: response.status)
            }
            record.body = response.body
            record.etag = HTTPHeaders.usableValidator(response.headers.etag)
            record.lastModified = HTTPHeaders.usableValidator(response.headers.lastModified)
            record.fetchedAt = finishedAt
            applyCacheControl(response.headers)
            decoded = result
            resetFailures()
            persist(noStore: response.headers.noStore)
            return makeResult(source: .network, status: response.status, bytes: bytes)
        default:
            return recordStatusFailure(response, isConditional: isConditional, at: finishedAt, bytes: bytes)
        }
    }

    /// An error status: back-off (until forced after a 4xx other than 408 and 429), and after a 4xx
    /// to a conditional request the validators are dropped, so the next request goes without them.
    private func recordStatusFailure(
        _ response: HTTPDownloader.Response, isConditional: Bool, at finishedAt: Date, bytes: Int
    ) -> FetchResult {
        let status = response.status
        let reason = HTTPURLResponse.localizedString(forStatusCode: status)
        let retryAfter = response.headers.retryAfterInterval(now: finishedAt)
        let isClientError = (400...499).contains(status) && status != 408 && status != 429
        var message = "the server answered \(status) \(reason)"
        if let retryAfter { message += " (Retry-After: \(Self.seconds(retryAfter)))" }
        if isConditional && isClientError {
            // The validators may be what the server refuses (a header too large for it, say):
            // without them the next request is unconditional and can recover.
            record.etag = nil
            record.lastModified = nil
            message += " to a conditional request; the next request is sent without validators"
        }
        return recordFailure(
            FetchFailure(kind: .httpStatus, message: message), now: finishedAt, bytes: bytes,
            status: status, retryAfter: retryAfter, needsExplicitRequest: isClientError)
    }

    private static func failure(for error: any Error, configuration: RemoteProviderConfiguration) -> FetchFailure {
        switch error {
        case HTTPDownloader.Failure.tooLarge(let received, let encoding):
            let decoded = encoding.map { " after \($0) decoding" } ?? ""
            return FetchFailure(
                kind: .tooLarge,
                message: "the body passed the \(configuration.maximumBodySize)-byte cap "
                    + "(\(received) bytes\(decoded)); the download was stopped")
        case HTTPDownloader.Failure.tooManyRedirects(let count):
            return FetchFailure(kind: .network, message: "too many redirects (\(count)); check the feed URL")
        case HTTPDownloader.Failure.forbiddenRedirect(let target):
            let allowed = configuration.allowsHTTP ? "http and https" : "https"
            return FetchFailure(
                kind: .configuration,
                message: "the server redirected to \(target); only \(allowed) redirects are followed, "
                    + "so check the feed URL and the server's redirects")
        case HTTPDownloader.Failure.transport(let code, let message):
            if code == NSURLErrorTimedOut {
                return FetchFailure(
                    kind: .timeout,
                    message: "no data for \(seconds(configuration.requestTimeout)) (request timeout): \(message)")
            }
            return FetchFailure(kind: .network, message: "\(message) (URLError \(code))")
        default:
            return FetchFailure(kind: .cancelled, message: "the fetch was cancelled")
        }
    }

    private static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }

    // MARK: - State

    private func applyCacheControl(_ headers: HTTPHeaders) {
        record.maxAge = headers.maxAge
        record.noCache = headers.noCache
    }

    private func resetFailures() {
        record.failureCount = 0
        record.nextAttemptAt = nil
        record.needsExplicitRequest = false
        record.lastFailure = nil
    }

    private func recordFailure(
        _ failure: FetchFailure, now: Date, bytes: Int, status: Int? = nil, retryAfter: TimeInterval? = nil,
        needsExplicitRequest: Bool = false
    ) -> FetchResult {
        var failure = failure
        if failure.kind != .cancelled {
            record.failureCount += 1
            var delay = backoff.delay(afterFailures: record.failureCount, unit: random())
            if let retryAfter { delay = max(delay, min(retryAfter, Self.longestWait)) }
            let next = now.addingTimeInterval(delay)
            record.nextAttemptAt = next
            record.needsExplicitRequest = needsExplicitRequest
            record.lastFailure = failure.message
            failure.retryAfter = needsExplicitRequest ? nil : next
            persist()
        }
        var result = makeFailureResult(failure)
        result.status = status
        result.bytesReceived = bytes
        return result
    }

    private func loadCacheIfNeeded() {
        guard !loaded else { return }
        loaded = true
        guard case .loaded(let stored) = cache.load() else { return }
        record = stored
        guard let body = stored.body else { return }
        if let result = try? decoder.decode(body) {
            decoded = result
        } else {
            // A stored body that no longer decodes is as good as corrupt: start again.
            cache.remove()
            record = CachedFeed()
        }
    }

    private func persist(noStore: Bool = false) {
        if noStore {
            try? cache.store(record.withoutBody)
        } else {
            try? cache.store(record)
        }
    }

    private func makeFailureResult(_ failure: FetchFailure) -> FetchResult {
        makeResult(source: decoded == nil ? .fallback : .cache, failure: failure)
    }

    private func makeResult(
        source: FetchResult.Source, status: Int? = nil, bytes: Int? = nil, failure: FetchFailure? = nil
    ) -> FetchResult {
        if let decoded, source != .fallback {
            return FetchResult(
                announcements: decoded.announcements, defaultLocale: decoded.feed.defaultLocale, source: source,
                status: status, etag: record.etag, lastModified: record.lastModified, fetchedAt: record.fetchedAt,
                diagnostics: decoded.diagnostics, rejected: decoded.rejected, failure: failure, bytesReceived: bytes)
        }
        return FetchResult(
            announcements: configuration.fallback, defaultLocale: configuration.fallbackDefaultLocale,
            source: .fallback, status: status, failure: failure, bytesReceived: bytes)
    }
}
