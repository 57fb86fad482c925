import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The image phase of one remote-provider fetch: downloads the images of the feed's announcements into
/// the image cache, a few at once, each conditional when a copy is cached, within the caps and
/// deadlines of ``ImagePrefetchLimits``.
///
/// - Each image URL must be `https` (or `http` when the feed's opt-in allows it).
/// - A body is capped per image, and all bodies of the phase together, by `Content-Length` first and
///   as the bytes arrive: each download reserves its cap from what is left of the total, and gives
///   back what it did not use.
/// - A download ends at its own deadline or the phase's, whichever is first; images not started by the
///   phase's deadline fail without a request.
/// - Each request asks for `Accept-Encoding: identity`; an answer with a `Content-Encoding` is refused
///   at its headers, before any body (images are compressed already).
/// - A body is kept only when it is a PNG, JPEG, GIF or WebP image whose header is complete and whose
///   size is within ``ImageHeader/maximumSide`` per side and ``ImageHeader/maximumPixels`` in all
///   (``ImageHeader``): a few bytes that claim gigabytes of pixels are refused before they are cached.
/// - A cached image still fresh by its `Cache-Control: max-age` (at most a week) is not asked for,
///   unless the fetch is forced; a `304` renews its freshness. `no-cache` asks every time; `no-store`
///   keeps the image in memory only.
/// - A failed download keeps the cached copy, if any (counted as cached).
struct ImagePrefetcher: Sendable {
    /// What happened to one image.
    enum Outcome: Sendable, Equatable {
        /// Downloaded with a `200` and cached.
        case fetched
        /// Served from the cache (confirmed with a `304`, or kept after a failed download).
        case cached
        /// Not available, and why; `limit` when a bound of ``ImagePrefetchLimits`` left it out.
        case failed(String, limit: ImageFetchSummary.Failure.Limit? = nil)
    }

    let limits: ImagePrefetchLimits
    let configuration: RemoteProviderConfiguration
    let downloader: any FeedDownloading
    let cache: AnnouncementImageCache
    let timeSource: any TimeSource

    /// Downloads the images at `urls` (distinct, in feed order) and says what happened to each; with
    /// `revalidating` (a forced fetch) even the images still fresh are asked for, conditionally. Only the
    /// images that need a request count toward ``ImagePrefetchLimits/maximumImages``: one still fresh in
    /// the cache, or whose URL is refused, is settled without one.
    func run(_ urls: [URL], revalidating: Bool = false) async -> ImageFetchSummary {
        let phaseEnd = timeSource.now.addingTimeInterval(limits.deadline)
        let budget = ImageBudget(total: limits.totalCap)
        var outcomes = [Outcome](repeating: .failed(""), count: urls.count)
        var requested: [Int] = []
        for (index, url) in urls.enumerated() {
            if let settled = settledWithoutRequest(url, revalidating: revalidating) {
                outcomes[index] = settled
            } else if requested.count < max(0, limits.maximumImages) {
                requested.append(index)
            } else {
                outcomes[index] = availability(
                    of: url, otherwise: "past the \(limits.maximumImages)-request limit of one fetch's images",
                    limit: .requests)
            }
        }
        await withTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            func startNext() {
                guard next < requested.count else { return }
                let index = requested[next]
                group.addTask {
                    (index, await fetch(urls[index], phaseEnd: phaseEnd, budget: budget, revalidating: revalidating))
                }
                next += 1
            }
            while next < requested.count && next < limits.concurrency { startNext() }
            for await (index, outcome) in group {
                outcomes[index] = outcome
                startNext()
            }
        }
        return Self.summary(urls, outcomes)
    }

    /// What happens to the image at `url` without a request: `cached` when the copy is still fresh (and
    /// the fetch does not revalidate), the copy or the refusal when the URL may not be asked for; `nil`
    /// when it needs a request.
    private func settledWithoutRequest(_ url: URL, revalidating: Bool) -> Outcome? {
        if let refused = FeedRequest.refusal(of: url, configuration: configuration) {
            return availability(of: url, otherwise: refused.message)
        }
        if !revalidating, cache.entry(for: url)?.isFresh(at: timeSource.now) == true { return .cached }
        return nil
    }

    /// What is in the cache for `urls`, without a request and without reading the files: each image
    /// cached or failed.
    func summaryWithoutNetwork(_ urls: [URL]) -> ImageFetchSummary {
        Self.summary(urls, urls.map { cache.contains($0) ? .cached : .failed("not fetched yet") })
    }

    /// `cached` when the cache has a copy of `url`, otherwise `failed(reason, limit)`.
    private func availability(
        of url: URL, otherwise reason: String, limit: ImageFetchSummary.Failure.Limit? = nil
    ) -> Outcome {
        cache.contains(url) ? .cached : .failed(reason, limit: limit)
    }

    private static func summary(_ urls: [URL], _ outcomes: [Outcome]) -> ImageFetchSummary {
        var summary = ImageFetchSummary()
        for (url, outcome) in zip(urls, outcomes) {
            switch outcome {
            case .fetched: summary.fetched += 1
            case .cached: summary.cached += 1
            case .failed(let reason, let limit):
                summary.failed += 1
                summary.failures.append(ImageFetchSummary.Failure(url: url, reason: reason, limit: limit))
            }
        }
        return summary
    }

    /// Downloads one image, conditionally when a copy is cached; a copy still fresh is used without a
    /// request unless `revalidating`.
    func fetch(_ url: URL, phaseEnd: Date, budget: ImageBudget, revalidating: Bool = false) async -> Outcome {
        let cached = cache.entry(for: url)
        func unavailable(_ reason: String, limit: ImageFetchSummary.Failure.Limit? = nil) -> Outcome {
            cached == nil ? .failed(reason, limit: limit) : .cached
        }
        if let refused = FeedRequest.refusal(of: url, configuration: configuration) {
            return unavailable(refused.message)
        }
        let now = timeSource.now
        if !revalidating, cached?.isFresh(at: now) == true { return .cached }
        guard now < phaseEnd else {
            return unavailable(
                "the image phase's \(FetchFailure.seconds(limits.deadline)) deadline passed first", limit: .deadline)
        }
        guard let reservation = budget.reserve(limits.imageCap) else {
            return unavailable(
                "the \(limits.totalCap)-byte total for the images of one fetch was spent", limit: .totalSize)
        }
        let deadline = min(now.addingTimeInterval(limits.imageDeadline), phaseEnd)
        let outcome = await DeadlineRace.run(
            request(for: url, cached: cached), with: downloader, deadline: deadline, timeSource: timeSource,
            maximumBodySize: reservation)
        switch outcome {
        case .response(let response):
            budget.settle(reserved: reservation, used: min(response.body.count, reservation))
            return accept(response, for: url, cached: cached, cap: reservation)
        case .deadline:
            budget.settle(reserved: reservation, used: reservation)
            let which = deadline < phaseEnd ? "its" : "the image phase's"
            let seconds = deadline < phaseEnd ? limits.imageDeadline : limits.deadline
            return unavailable(
                "no complete answer within \(which) \(FetchFailure.seconds(seconds)) deadline", limit: .deadline)
        case .failed(FeedDownloadFailure.encoded(let coding)):
            budget.settle(reserved: reservation, used: 0)
            return unavailable(FetchFailure.encodedMessage(coding))
        case .failed(FeedDownloadFailure.tooLarge(let received, _)):
            budget.settle(reserved: reservation, used: reservation)
            return unavailable(tooLarge(received: received, cap: reservation), limit: sizeLimit(cap: reservation))
        case .failed(let error):
            budget.settle(reserved: reservation, used: 0)
            return unavailable(FetchFailure(downloadError: error, configuration: configuration).message)
        }
    }

    /// The GET request for the image at `url`, with the validators of `cached` when there is a copy.
    func request(for url: URL, cached: CachedImage?) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.timeoutInterval = max(1, min(configuration.requestTimeout, limits.imageDeadline).rounded(.up))
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("image/png, image/jpeg, image/gif, image/webp", forHTTPHeaderField: "Accept")
        // Images are compressed already; an encoded answer is refused at its headers (HTTPTransfer).
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if let cached {
            if let etag = HTTPHeaders.usableValidator(cached.etag) {
                request.setValue(etag, forHTTPHeaderField: "If-None-Match")
            }
            if let lastModified = HTTPHeaders.usableValidator(cached.lastModified) {
                request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
            }
        }
        return request
    }

    /// What a complete answer means: a `304` confirms the copy, a `2xx` with an image's bytes within
    /// `cap` replaces it, anything else leaves it.
    private func accept(_ response: FeedResponse, for url: URL, cached: CachedImage?, cap: Int) -> Outcome {
        func unavailable(_ reason: String, limit: ImageFetchSummary.Failure.Limit? = nil) -> Outcome {
            cached == nil ? .failed(reason, limit: limit) : .cached
        }
        switch response.status {
        case 304:
            guard let cached else { return .failed("the server answered 304 Not Modified, and no copy is cached") }
            renew(cached, confirmedBy: response.headers)
            return .cached
        case 200...299:
            // The downloader stops at the cap and refuses an encoded answer; this holds both for any downloader.
            if let coding = response.headers.contentEncoding.flatMap(HTTPDownloader.contentEncoding) {
                return unavailable(FetchFailure.encodedMessage(coding))
            }
            guard response.body.count <= cap else {
                return unavailable(tooLarge(received: response.body.count, cap: cap), limit: sizeLimit(cap: cap))
            }
            if case .failure(let refusal) = ImageHeader.check(response.body) {
                return unavailable(refusal.description)
            }
            let headers = response.headers
            let image = CachedImage(
                url: url, etag: headers.etag, lastModified: headers.lastModified, fetchedAt: timeSource.now,
                maxAge: headers.maxAge, noCache: headers.noCache, body: response.body)
            do {
                try cache.store(image, onDisk: !headers.noStore)
            } catch {
                return unavailable("the image could not be cached: \(error.localizedDescription)")
            }
            return .fetched
        default:
            let status = response.status
            return unavailable(
                "the server answered \(status) \(HTTPURLResponse.localizedString(forStatusCode: status))")
        }
    }

    /// Records that the server confirmed `cached` with a `304` carrying `headers`: a new `ETag` or
    /// `Last-Modified` replaces the old one, and the confirmation starts its freshness again. The file is
    /// written again only when that changes something a later fetch reads (a `max-age` to restart, a
    /// `no-cache` or validator that changed); a failed write leaves the older copy, which still shows.
    private func renew(_ cached: CachedImage, confirmedBy headers: HTTPHeaders) {
        var renewed = cached
        renewed.etag = HTTPHeaders.usableValidator(headers.etag) ?? cached.etag
        renewed.lastModified = HTTPHeaders.usableValidator(headers.lastModified) ?? cached.lastModified
        renewed.maxAge = headers.maxAge
        renewed.noCache = headers.noCache
        renewed.fetchedAt = timeSource.now
        // Without a max-age the new fetch time changes nothing a later fetch reads.
        var sameTime = renewed
        sameTime.fetchedAt = cached.fetchedAt
        guard renewed.maxAge != nil || sameTime != cached || headers.noStore else { return }
        try? cache.store(renewed, onDisk: !headers.noStore)
    }

    /// Which bound a body past `cap` passed: the image's own cap, or what was left of the phase's total.
    private func sizeLimit(cap: Int) -> ImageFetchSummary.Failure.Limit {
        cap < limits.imageCap ? .totalSize : .imageSize
    }

    /// Why a body past `cap` was refused: the image's own cap, or what was left of the phase's total.
    private func tooLarge(received: Int, cap: Int) -> String {
        if cap < limits.imageCap {
            return "the \(limits.totalCap)-byte total for the images of one fetch was reached "
                + "(\(received) bytes of this image, \(cap) left)"
        }
        return "the image passed the \(limits.imageCap)-byte cap (\(received) bytes); the download was stopped"
    }
}

/// What is left of the image bytes one fetch may download, shared by its concurrent downloads: each
/// reserves its cap before it starts and gives back what it did not use.
final class ImageBudget: Sendable {
    private let remaining: LockedValue<Int>

    /// A budget of `total` bytes.
    init(total: Int) {
        remaining = LockedValue(total)
    }

    /// Reserves up to `cap` bytes: the cap, or what is left when that is less; `nil` when nothing is left.
    func reserve(_ cap: Int) -> Int? {
        remaining.withLock { left in
            guard left > 0 else { return nil }
            let reserved = min(cap, left)
            left -= reserved
            return reserved
        }
    }

    /// Gives back the part of a reservation of `reserved` bytes that `used` did not take.
    func settle(reserved: Int, used: Int) {
        remaining.withLock { $0 += max(0, reserved - max(0, used)) }
    }

    /// The bytes left.
    var left: Int { remaining.withLock { $0 } }
}
