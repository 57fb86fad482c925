public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
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
/// - After the server sends or confirms the feed, the images of its announcements are fetched into
///   the cache (512 KiB each, 4 MiB and 15 s in all by default, PNG, JPEG, GIF or WebP by their first
///   bytes, conditionally), for ``cachedImageData(for:)``; images no longer in the feed are removed.
///   A failed image leaves its announcement with text only and is tried again at the next fetch.
/// - With a ``RemoteProviderConfiguration/signaturePolicy``, each request for the feed is followed by
///   one for its detached signature, and a feed without a valid signature by a trusted key is refused
///   before it is decoded; the cache keeps the signature and is checked again when it is read.
/// - ``fetchFeed(force:)`` never throws: on a failure the result carries the last good cache, then
///   ``RemoteProviderConfiguration/fallback``, and says why (``FetchResult/failure``).
///   `fetchAnnouncements()` returns those announcements too, and throws
///   ``AnnouncementError`` only when there are none.
///
/// ```swift
/// let remote = RemoteAnnouncementProvider(url: URL(string: "https://cdn.example.com/announcements.json")!)
/// let atLaunch = await remote.cachedFeed()   // no network
/// let fresh = await remote.fetchFeed()       // conditional GET, or the cache while fresh
/// let simple = try await remote.fetchAnnouncements()
/// ```
public actor RemoteAnnouncementProvider: AnnouncementFeedProviding {
    /// The feed's address.
    package nonisolated let url: URL
    /// How the feed is fetched, cached and bounded.
    package nonisolated let configuration: RemoteProviderConfiguration

    // Internal rather than private where RemoteAnnouncementProvider+Response.swift reads them.
    let timeSource: any TimeSource
    let decoder: FeedDecoder
    private let random: @Sendable () -> Double
    private let cache: FeedCache
    /// The images fetched with the feed (see `RemoteAnnouncementProvider+Images.swift`).
    let imageCache: AnnouncementImageCache
    let downloader: any FeedDownloading
    private let backoff = Backoff()

    /// The cache record in use: the last good body, its validators, and the back-off state.
    var record = CachedFeed()
    /// The record's body, decoded; `nil` when there is none.
    var decoded: FeedDecodingResult?
    private var loaded = false
    private var inFlight: Task<FetchResult, Never>?
    /// Set by ``invalidateCache()``: the next unforced fetch asks the server even while the cache is fresh.
    private var isInvalidated = false

    /// Creates a provider for the feed at `url`.
    ///
    /// - Parameters:
    ///   - url: The feed; `https`, or `http` when the configuration allows it.
    ///   - configuration: Cache location, bounds, security options and fallback announcements.
    ///   - session: The app's session, whose configuration each request's session starts from (its
    ///     `httpAdditionalHeaders`, `protocolClasses`, proxy settings and resource timeout apply);
    ///     `nil` for an ephemeral one. The provider still sets its own request timeout and turns off
    ///     the `URLCache` and cookies. On Linux, `nil` and `URLSession.shared` (which carries nothing
    ///     of the app's) send the requests over the package's own libcurl transfer instead, which
    ///     no other download of the process can hold up (see `docs/serving-feeds.md`).
    ///   - timeSource: The clock for freshness, back-off and the overall deadline.
    public init(
        url: URL, configuration: RemoteProviderConfiguration = RemoteProviderConfiguration(),
        session: URLSession? = nil, timeSource: any TimeSource = SystemTimeSource()
    ) {
        self.init(
            url: url, configuration: configuration, timeSource: timeSource,
            downloader: HTTPDownloader(
                configuration: configuration,
                sessionConfiguration: session.flatMap { $0 === URLSession.shared ? nil : $0.configuration }))
    }

    /// Creates a provider for the feed at `url` that serves a fetched feed for `cacheDuration` seconds
    /// before asking the server again, as the announcement template writes it:
    /// `RemoteAnnouncementProvider(url: url, cacheDuration: 3600)`.
    ///
    /// `cacheDuration` is the configuration's ``RemoteProviderConfiguration/minimumInterval``; every
    /// other setting is the default (an `https` feed, a disk cache, bounded responses). A server's
    /// `Cache-Control: max-age` may keep the feed fresh longer.
    ///
    /// - Parameters:
    ///   - url: The feed, `https`.
    ///   - session: The app's session; each request's session starts from its configuration, as
    ///     ``init(url:configuration:session:timeSource:)`` describes.
    ///   - cacheDuration: How long a fetched feed is served without asking the server, in seconds.
    public init(url: URL, session: URLSession = .shared, cacheDuration: TimeInterval) {
        var configuration = RemoteProviderConfiguration()
        configuration.minimumInterval = max(0, cacheDuration)
        self.init(url: url, configuration: configuration, session: session)
    }

    /// Creates a provider with the real downloader and a chosen source of jitter (a uniform number
    /// in `0...1`), for tests.
    init(
        url: URL, configuration: RemoteProviderConfiguration, timeSource: any TimeSource,
        random: @escaping @Sendable () -> Double
    ) {
        self.init(
            url: url, configuration: configuration, timeSource: timeSource,
            downloader: HTTPDownloader(configuration: configuration), random: random)
    }

    /// Creates a provider that sends its requests with `downloader` (such as a scripted one in
    /// tests) and takes its jitter from `random` (a uniform number in `0...1`).
    package init(
        url: URL, configuration: RemoteProviderConfiguration, timeSource: any TimeSource = SystemTimeSource(),
        downloader: any FeedDownloading, random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.url = url
        self.configuration = configuration
        self.timeSource = timeSource
        self.random = random
        self.downloader = downloader
        cache = FeedCache(
            directory: configuration.cacheDirectory, feedURL: url, maximumBodySize: configuration.maximumBodySize)
        imageCache = AnnouncementImageCache(
            directory: configuration.cacheDirectory, feedURL: url, bound: configuration.imageLimits.cacheBound)
        decoder = FeedDecoder(policy: configuration.actionPolicy)
    }

    /// The cached feed (or the fallback announcements) without touching the network; `nil` when
    /// there is neither.
    public func cachedFeed() async -> FetchResult? {
        loadCacheIfNeeded()
        if decoded != nil { return makeResult(source: .cache) }
        if configuration.fallback.isEmpty { return nil }
        return makeResult(source: .fallback)
    }

    /// Fetches the feed, or answers from the cache while it is fresh, the minimum interval has not
    /// passed or a back-off is running. Concurrent calls share one request.
    ///
    /// After the server sent or confirmed the feed, the images of its announcements are fetched into
    /// the cache within ``RemoteProviderConfiguration/imageLimits`` (``FetchResult/images`` says what
    /// happened to them); an image still fresh by its `Cache-Control: max-age` is not asked for, and a
    /// failed image never costs its announcement.
    ///
    /// - Parameter force: Skip the minimum interval, freshness (the feed's and the images') and
    ///   back-off (the requests are still conditional when a cache exists).
    public func fetchFeed(force: Bool) async -> FetchResult {
        if let inFlight { return await inFlight.value }
        let task = Task { await self.performFetch(force: force) }
        inFlight = task
        let result = await task.value
        inFlight = nil
        return result
    }

    /// Makes the next fetch ask the server, as the announcement template's `invalidateCache()` does:
    /// the cached feed no longer counts as fresh, and the minimum interval is waived once.
    ///
    /// The cached body is kept: the request is conditional, so an unchanged feed costs a `304`, and
    /// if the server cannot be reached the last good feed is still served. A running back-off still
    /// holds (use `fetchFeed(force: true)` to skip it).
    public func invalidateCache() {
        isInvalidated = true
    }

    // MARK: - Fetching

    private func performFetch(force: Bool) async -> FetchResult {
        loadCacheIfNeeded()
        if let refused = FeedRequest.refusal(of: url, configuration: configuration) {
            return await withImages(makeFailureResult(refused))
        }
        let now = timeSource.now
        if !force, let early = answerWithoutNetwork(now: now) { return await withImages(early) }
        return await withImages(await send(conditional: true, now: now), force: force)
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
        guard !isInvalidated, decoded != nil, let fetchedAt = record.fetchedAt, fetchedAt <= now else { return nil }
        let age = now.timeIntervalSince(fetchedAt)
        let freshByServer = !record.noCache && age < (record.maxAge ?? 0)
        if age < configuration.minimumInterval || freshByServer {
            return makeResult(source: .notModified)
        }
        return nil
    }

    /// The longest wait a stored back-off may ask for; beyond it the clock has moved.
    static let longestWait: TimeInterval = 24 * 3600

    /// Sends one request, conditional when `conditional` allows and the cache has validators, within
    /// the overall deadline from `now`, and says what its outcome means.
    func send(conditional: Bool, now: Date) async -> FetchResult {
        isInvalidated = false
        let request = FeedRequest(
            url: url, configuration: configuration, cached: record, conditional: conditional && decoded != nil)
        let deadline = now.addingTimeInterval(configuration.deadline)
        let outcome = await DeadlineRace.run(
            request.urlRequest, with: downloader, deadline: deadline, timeSource: timeSource)
        let bytes = downloader.lastBytesReceived
        let finishedAt = timeSource.now
        switch outcome {
        case .response(let response):
            return await handle(
                response, to: request, conditional: conditional, at: finishedAt, deadline: deadline, bytes: bytes)
        case .deadline:
            return recordFailure(.deadlinePassed(configuration), now: finishedAt, bytes: bytes)
        case .failed(let error):
            return recordFailure(
                FetchFailure(downloadError: error, configuration: configuration), now: finishedAt, bytes: bytes)
        }
    }

    // MARK: - Cache and back-off

    private func loadCacheIfNeeded() {
        guard !loaded else { return }
        loaded = true
        guard case .loaded(let stored) = cache.load() else { return }
        guard cachedRecordIsTrusted(stored) else {
            // A body its stored signature does not accept (changed on disk, or written without a
            // policy) is refused as a damaged file is: removed, and the next request is unconditional.
            cache.remove()
            return
        }
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

    /// Writes the record to disk; without its body and validators after `Cache-Control: no-store`.
    func persist(noStore: Bool = false) {
        if noStore {
            try? cache.store(record.withoutBody)
        } else {
            try? cache.store(record)
        }
    }

    /// Keeps the freshness the server gave with its answer.
    func applyCacheControl(_ headers: HTTPHeaders) {
        record.maxAge = headers.maxAge
        record.noCache = headers.noCache
    }

    /// Forgets the back-off after a success.
    func resetFailures() {
        record.failureCount = 0
        record.nextAttemptAt = nil
        record.needsExplicitRequest = false
        record.lastFailure = nil
    }

    /// Starts or lengthens the back-off after `failure` (unless it is a cancellation), at least
    /// `retryAfter` long, and answers with the cache or the fallback.
    func recordFailure(
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

    /// The cached feed when there is one, otherwise the fallback, with `failure`.
    private func makeFailureResult(_ failure: FetchFailure) -> FetchResult {
        makeResult(source: decoded == nil ? .fallback : .cache, failure: failure)
    }

    /// The decoded feed as a result from `source`, or the fallback announcements when there is no
    /// feed or `source` is `fallback`.
    func makeResult(
        source: FetchResult.Source, status: Int? = nil, bytes: Int? = nil, failure: FetchFailure? = nil
    ) -> FetchResult {
        if let decoded, source != .fallback {
            return FetchResult(
                announcements: decoded.announcements, defaultLocale: decoded.feed.defaultLocale, source: source,
                status: status, etag: record.etag, lastModified: record.lastModified, fetchedAt: record.fetchedAt,
                diagnostics: decoded.diagnostics, rejected: decoded.rejected, failure: failure, bytesReceived: bytes,
                limits: decoded.feed.limits)
        }
        return FetchResult(
            announcements: configuration.fallback, defaultLocale: configuration.fallbackDefaultLocale,
            source: .fallback, status: status, failure: failure, bytesReceived: bytes)
    }
}
