import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The remote provider's decisions with a scripted downloader and a manual clock: what it caches,
/// when it asks, what it sends, and what it answers after each kind of failure. No network, no
/// server; the same outcomes as the nginx and fault-server suites.
@Suite("Remote provider logic with a scripted downloader", .timeLimit(.minutes(1)))
struct RemoteProviderLogicTests {
    typealias Support = RemoteFeedSupport
    typealias Step = ScriptedDownloader.Step

    static let url = URL(string: "https://cdn.example.com/announcements.json")!
    static let lastModified = "Wed, 15 Jan 2027 08:00:00 GMT"

    /// A provider on a fresh cache directory (or `directory`), with jitter fixed at `jitter`.
    struct Fixture {
        let time = ManualTimeSource(now: RemoteFeedSupport.start)
        let downloader: ScriptedDownloader
        let configuration: RemoteProviderConfiguration
        let provider: RemoteAnnouncementProvider

        init(
            _ steps: [Step], directory: URL? = nil, maximumBodySize: Int = 1 << 20, fallback: [Announcement] = [],
            jitter: Double = 1
        ) throws {
            downloader = ScriptedDownloader(steps)
            configuration = RemoteProviderConfiguration(
                cacheDirectory: try directory ?? RemoteFeedSupport.temporaryDirectory(),
                maximumBodySize: maximumBodySize, fallback: fallback)
            provider = RemoteAnnouncementProvider(
                url: RemoteProviderLogicTests.url, configuration: configuration, timeSource: time,
                downloader: downloader, random: { jitter })
        }

        /// A new provider on the same cache, as after a relaunch, with a downloader of its own.
        func relaunched(_ steps: [Step] = []) -> RemoteAnnouncementProvider {
            RemoteAnnouncementProvider(
                url: RemoteProviderLogicTests.url, configuration: configuration, timeSource: time,
                downloader: ScriptedDownloader(steps))
        }

        /// Fetches once with a `200` of `ids`, as an earlier session would have.
        func seed(_ ids: [String] = ["cached"], etag: String? = #""v1""#) async throws {
            downloader.append(.ok(Support.feed(ids), etag: etag, lastModified: RemoteProviderLogicTests.lastModified))
            let seeded = await provider.fetchFeed(force: true)
            try #require(seeded.source == .network && seeded.failure == nil, "\(seeded)")
        }
    }

    @Test("a 200 with a valid feed is used and cached: a relaunch has it without the network")
    func acceptedAndCached() async throws {
        let body = Support.feed(["a", "b"])
        let fixture = try Fixture([.ok(body, etag: #""v1""#, lastModified: Self.lastModified)])
        let result = await fixture.provider.fetchFeed()
        #expect(result.source == .network)
        #expect(result.status == 200)
        #expect(result.announcements.map(\.id) == ["a", "b"])
        #expect(result.etag == #""v1""#)
        #expect(result.lastModified == Self.lastModified)
        #expect(result.fetchedAt == Support.start)
        #expect(result.bytesReceived == body.count)
        #expect(result.failure == nil)

        let request = try #require(fixture.downloader.requests.first)
        #expect(request.httpMethod == "GET")
        #expect(request.ifNoneMatch == nil && request.ifModifiedSince == nil, "nothing cached: unconditional")
        #expect(request.value(forHTTPHeaderField: "User-Agent") == RemoteProviderConfiguration.defaultUserAgent)
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.timeoutInterval == fixture.configuration.requestTimeout)

        let atLaunch = try #require(await fixture.relaunched().cachedFeed())
        #expect(atLaunch.source == .cache)
        #expect(atLaunch.announcements.map(\.id) == ["a", "b"])
        #expect(atLaunch.etag == #""v1""#)
    }

    @Test("no request while fresh; then a conditional request, and its 304 serves the cached body")
    func notModifiedFromCache() async throws {
        let fixture = try Fixture([])
        try await fixture.seed(["a"])

        fixture.time.advance(by: 60)
        let fresh = await fixture.provider.fetchFeed()
        #expect(fresh.source == .notModified)
        #expect(fresh.bytesReceived == nil)
        #expect(fixture.downloader.requests.count == 1, "within the minimum interval: no request")

        fixture.time.advance(by: 16 * 60)
        fixture.downloader.append(.notModified(etag: #"W/"v1""#))
        let revalidated = await fixture.provider.fetchFeed()
        #expect(revalidated.source == .notModified)
        #expect(revalidated.status == 304)
        #expect(revalidated.bytesReceived == 0)
        #expect(revalidated.announcements.map(\.id) == ["a"])
        #expect(revalidated.fetchedAt == fixture.time.now)
        #expect(revalidated.failure == nil)
        let request = try #require(fixture.downloader.requests.last)
        #expect(request.ifNoneMatch == #""v1""#)
        #expect(request.ifModifiedSince == Self.lastModified)
    }

    @Test("invalidateCache makes the next fetch ask the server (conditionally) while the cache is fresh, once")
    func invalidateCache() async throws {
        let fixture = try Fixture([])
        try await fixture.seed(["a"])
        fixture.time.advance(by: 60)
        await fixture.provider.invalidateCache()
        fixture.downloader.append(.ok(Support.feed(["a", "b"]), etag: #""v2""#))
        let refreshed = await fixture.provider.fetchFeed()
        #expect(refreshed.source == .network)
        #expect(refreshed.announcements.map(\.id) == ["a", "b"])
        #expect(fixture.downloader.requests.count == 2, "fresh, within the minimum interval, and still asked")
        #expect(fixture.downloader.requests.last?.ifNoneMatch == #""v1""#, "the cached body is kept: conditional")

        fixture.time.advance(by: 60)
        let fresh = await fixture.provider.fetchFeed()
        #expect(fresh.source == .notModified)
        #expect(fixture.downloader.requests.count == 2, "the invalidation is used up by one request")
    }

    @Test("the template's RemoteAnnouncementProvider(url:cacheDuration:) serves the feed that long without asking")
    func templateCacheDuration() {
        let provider = RemoteAnnouncementProvider(url: Self.url, cacheDuration: 3600)
        #expect(provider.url == Self.url)
        #expect(provider.configuration.minimumInterval == 3600)
        #expect(provider.configuration.allowsHTTP == false)
        #expect(RemoteAnnouncementProvider(url: Self.url, cacheDuration: -5).configuration.minimumInterval == 0)
    }

    @Test("Cache-Control: max-age keeps the feed fresh past the minimum interval; no-store keeps it off the disk")
    func cacheControl() async throws {
        let fixture = try Fixture([.ok(Support.feed(["a"]), etag: #""v1""#, cacheControl: "public, max-age=3600")])
        #expect(await fixture.provider.fetchFeed().source == .network)
        fixture.time.advance(by: 1800)
        #expect(await fixture.provider.fetchFeed().source == .notModified)
        #expect(fixture.downloader.requests.count == 1, "fresh by max-age: no request")

        fixture.time.advance(by: 1800)
        fixture.downloader.append(.ok(Support.feed(["b"]), cacheControl: "no-store"))
        let unstored = await fixture.provider.fetchFeed()
        #expect(unstored.source == .network)
        #expect(unstored.announcements.map(\.id) == ["b"])
        #expect(fixture.downloader.requests.count == 2)
        #expect(await fixture.relaunched().cachedFeed() == nil, "no-store: nothing on disk to relaunch with")
    }

    @Test("a 304 about another representation gets one unconditional retry; a 304 to that is a failure")
    func unexpectedNotModified() async throws {
        let fixture = try Fixture([])
        try await fixture.seed()
        fixture.downloader.append(.notModified(etag: #""other""#), .notModified())
        let result = await fixture.provider.fetchFeed(force: true)
        #expect(result.failure?.kind == .httpStatus)
        #expect(result.failure?.message.contains("304 to an unconditional request") == true)
        #expect(result.source == .cache)
        #expect(result.announcements.map(\.id) == ["cached"])
        let requests = fixture.downloader.requests
        #expect(requests.count == 3, "the seed, the conditional request, one retry")
        #expect(requests.last?.ifNoneMatch == nil && requests.last?.ifModifiedSince == nil)
    }

    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        let kind: FetchFailure.Kind
        let message: String
        let status: Int?
        let step: @Sendable (ManualTimeSource) -> Step
        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "500", kind: .httpStatus, message: "500", status: 500) { _ in .status(500) },
        Fault(name: "past the deadline", kind: .timeout, message: "30 s deadline", status: nil) {
            .hang(advancing: $0, by: 31)
        },
        Fault(name: "request timeout", kind: .timeout, message: "request timeout", status: nil) { _ in
            .fail(.transport(code: NSURLErrorTimedOut, message: "timed out"), bytes: 0)
        },
        Fault(name: "connection refused", kind: .network, message: "URLError -1004", status: nil) { _ in
            .fail(.transport(code: NSURLErrorCannotConnectToHost, message: "refused"), bytes: 0)
        },
        Fault(name: "too many redirects", kind: .network, message: "too many redirects", status: nil) { _ in
            .fail(.tooManyRedirects(6), bytes: 0)
        },
        Fault(name: "redirect to file:", kind: .configuration, message: "only https redirects", status: nil) { _ in
            .fail(.forbiddenRedirect("file:///etc/passwd"), bytes: 0)
        },
        Fault(name: "invalid JSON", kind: .invalidFeed, message: "the feed was rejected", status: 200) { _ in
            .ok(Data("{".utf8))
        },
    ]

    @Test("a failure serves the cached feed, says why, starts a back-off and keeps the cache", arguments: faults)
    func failureServesCache(_ fault: Fault) async throws {
        let fixture = try Fixture([])
        try await fixture.seed()
        fixture.time.advance(by: 3600)
        fixture.downloader.append(fault.step(fixture.time))
        let result = await fixture.provider.fetchFeed()
        #expect(result.source == .cache)
        #expect(result.announcements.map(\.id) == ["cached"])
        #expect(result.fetchedAt == Support.start)
        #expect(result.status == fault.status)
        let failure = try #require(result.failure)
        #expect(failure.kind == fault.kind)
        #expect(failure.message.contains(fault.message), "\(failure)")
        #expect(failure.retryAfter == fixture.time.now.addingTimeInterval(30))
        #expect(fixture.downloader.remainingSteps == 0)
        #expect(await fixture.relaunched().cachedFeed()?.announcements.map(\.id) == ["cached"])
    }

    @Test("a 4xx to a conditional request drops the validators: the next forced request goes without them")
    func clientErrorDropsValidators() async throws {
        let fixture = try Fixture([])
        try await fixture.seed()
        fixture.downloader.append(.status(400))
        let refused = await fixture.provider.fetchFeed(force: true)
        #expect(refused.status == 400)
        #expect(refused.source == .cache)
        #expect(refused.announcements.map(\.id) == ["cached"])
        #expect(refused.etag == nil && refused.lastModified == nil)
        let failure = try #require(refused.failure)
        #expect(failure.message.contains("to a conditional request"), "\(failure)")
        #expect(failure.retryAfter == nil, "after a 4xx only a forced fetch asks again")
        #expect(fixture.downloader.requests.last?.ifNoneMatch == #""v1""#)
        #expect(await fixture.relaunched().cachedFeed()?.etag == nil, "dropped on disk too")

        fixture.time.advance(by: 7200)
        let held = await fixture.provider.fetchFeed()
        #expect(held.failure?.kind == .throttled)
        #expect(held.failure?.message.contains("forces a fetch") == true)
        #expect(fixture.downloader.requests.count == 2)

        fixture.downloader.append(.ok(Support.feed(["new"]), etag: #""v2""#))
        let recovered = await fixture.provider.fetchFeed(force: true)
        #expect(recovered.source == .network)
        #expect(recovered.announcements.map(\.id) == ["new"])
        #expect(recovered.etag == #""v2""#)
        let request = try #require(fixture.downloader.requests.last)
        #expect(request.ifNoneMatch == nil && request.ifModifiedSince == nil)
    }

    @Test("a body past the cap is refused, whether the downloader stops it or hands it over whole")
    func oversizedBody() async throws {
        let cap = 1000
        let fixture = try Fixture([], maximumBodySize: cap)
        try await fixture.seed()

        fixture.downloader.append(.fail(.tooLarge(received: cap + 16_384, encoding: "gzip"), bytes: cap + 16_384))
        let stopped = await fixture.provider.fetchFeed(force: true)
        #expect(stopped.failure?.kind == .tooLarge)
        #expect(stopped.failure?.message.contains("\(cap)-byte cap") == true)
        #expect(stopped.failure?.message.contains("after gzip decoding") == true)
        #expect(stopped.bytesReceived == cap + 16_384)
        #expect(stopped.source == .cache)
        #expect(stopped.announcements.map(\.id) == ["cached"])

        let ids = (0..<40).map { "item-\($0)" }
        let big = Support.feed(ids)
        try #require(big.count > cap)
        fixture.downloader.append(.ok(big, etag: #""big""#))
        let handedOver = await fixture.provider.fetchFeed(force: true)
        #expect(handedOver.failure?.kind == .tooLarge)
        #expect(handedOver.failure?.message.contains("refused") == true)
        #expect(handedOver.source == .cache)
        #expect(handedOver.announcements.map(\.id) == ["cached"])
        #expect(handedOver.etag == #""v1""#)
        #expect(await fixture.relaunched().cachedFeed()?.announcements.map(\.id) == ["cached"])
    }

    @Test("the back-off doubles with each failure, holds off unforced fetches, survives a relaunch, ends on success")
    func backoff() async throws {
        let fixture = try Fixture([.status(500)])
        let first = await fixture.provider.fetchFeed()
        #expect(first.failure?.retryAfter == Support.start.addingTimeInterval(30))

        fixture.time.advance(by: 29)
        let held = await fixture.provider.fetchFeed()
        #expect(held.failure?.kind == .throttled)
        #expect(held.failure?.retryAfter == Support.start.addingTimeInterval(30))
        #expect(held.bytesReceived == nil)
        #expect(await fixture.relaunched().fetchFeed().failure?.kind == .throttled)
        #expect(fixture.downloader.requests.count == 1)

        fixture.time.advance(by: 1)
        fixture.downloader.append(.status(503))
        let second = await fixture.provider.fetchFeed()
        #expect(second.failure?.retryAfter == fixture.time.now.addingTimeInterval(60))

        fixture.time.advance(by: 60)
        fixture.downloader.append(.ok(Support.feed(["a"])), .status(500))
        #expect(await fixture.provider.fetchFeed().failure == nil)
        fixture.time.advance(by: 16 * 60)
        let afterSuccess = await fixture.provider.fetchFeed()
        #expect(afterSuccess.failure?.retryAfter == fixture.time.now.addingTimeInterval(30), "counting from one again")
        #expect(fixture.downloader.requests.count == 4)
    }

    @Test("jitter takes the back-off down to half a step; Retry-After lengthens it")
    func jitterAndRetryAfter() async throws {
        let jittered = try Fixture([.status(500)], jitter: 0)
        #expect(
            await jittered.provider.fetchFeed().failure?.retryAfter == Support.start.addingTimeInterval(15))

        let unavailable = try Fixture([.status(503, retryAfter: "120")])
        let result = await unavailable.provider.fetchFeed()
        #expect(result.failure?.retryAfter == Support.start.addingTimeInterval(120))
        #expect(result.failure?.message.contains("Retry-After: 120 s") == true)
        unavailable.time.advance(by: 119)
        #expect(await unavailable.provider.fetchFeed().failure?.kind == .throttled)
        #expect(unavailable.downloader.requests.count == 1)
    }

    @Test("with no cache the fallback announcements are served, with the failure")
    func fallback() async throws {
        let local = Announcement(id: "local", title: "t", message: "m")
        let fixture = try Fixture([.status(500)], fallback: [local])
        #expect(await fixture.provider.cachedFeed()?.source == .fallback)
        let result = await fixture.provider.fetchFeed()
        #expect(result.source == .fallback)
        #expect(result.announcements.map(\.id) == ["local"])
        #expect(result.status == 500)
        #expect(result.failure?.kind == .httpStatus)

        let bare = try Fixture([.fail(.transport(code: NSURLErrorNotConnectedToInternet, message: "offline"), bytes: 0)]
        )
        #expect(await bare.provider.cachedFeed() == nil)
        let nothing = await bare.provider.fetchFeed()
        #expect(nothing.source == .fallback)
        #expect(nothing.announcements.isEmpty)
        #expect(nothing.failure?.kind == .network)
    }

    @Test("plain http without allowsHTTP is refused before any request")
    func plainHTTPRefused() async throws {
        let downloader = ScriptedDownloader()
        let provider = RemoteAnnouncementProvider(
            url: URL(string: "http://cdn.example.com/feed.json")!,
            configuration: RemoteProviderConfiguration(cacheDirectory: nil), downloader: downloader)
        let result = await provider.fetchFeed(force: true)
        #expect(result.failure?.kind == .configuration)
        #expect(result.failure?.message.contains("plain http is not allowed") == true)
        #expect(result.source == .fallback)
        #expect(downloader.requests.isEmpty)
    }
}
