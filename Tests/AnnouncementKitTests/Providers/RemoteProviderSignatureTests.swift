import AnnouncementKitTesting
import Foundation
import Testing

@testable import AnnouncementKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Signed feeds in the remote provider, with a scripted downloader and a manual clock: the signature
/// fetched after the feed, checked before the feed is decoded, and each refusal keeping the last good
/// feed. Signatures are the test stub's (``StubSignatureVerifier``), which is not cryptography.
@Suite("Remote provider with a signature policy", .timeLimit(.minutes(1)))
struct RemoteProviderSignatureTests {
    typealias Support = RemoteFeedSupport
    typealias Signed = SignedFeedSupport
    typealias Step = ScriptedDownloader.Step

    static let url = URL(string: "https://cdn.example.com/announcements.json?v=3")!
    static let signatureURL = URL(string: "https://cdn.example.com/announcements.json.sig?v=3")!
    static let body = Support.feed(["signed"])

    /// A provider with a policy (or none) over a scripted downloader, on a fresh cache directory.
    struct Fixture {
        let time = ManualTimeSource(now: RemoteFeedSupport.start)
        let downloader: ScriptedDownloader
        let configuration: RemoteProviderConfiguration
        let provider: RemoteAnnouncementProvider

        init(
            _ steps: [Step] = [], policy: FeedSignaturePolicy? = Signed.policy(), directory: URL? = nil,
            fallback: [Announcement] = []
        ) throws {
            downloader = ScriptedDownloader(steps)
            var configuration = RemoteProviderConfiguration(
                cacheDirectory: try directory ?? RemoteFeedSupport.temporaryDirectory(), fallback: fallback)
            configuration.signaturePolicy = policy
            self.configuration = configuration
            provider = RemoteAnnouncementProvider(
                url: RemoteProviderSignatureTests.url, configuration: configuration, timeSource: time,
                downloader: downloader, random: { 1 })
        }

        /// A new provider on the same cache, as after a relaunch, with `policy`.
        func relaunched(
            policy: FeedSignaturePolicy?, _ steps: [Step] = [], downloader: ScriptedDownloader? = nil
        ) -> RemoteAnnouncementProvider {
            var configuration = configuration
            configuration.signaturePolicy = policy
            return RemoteAnnouncementProvider(
                url: RemoteProviderSignatureTests.url, configuration: configuration, timeSource: time,
                downloader: downloader ?? ScriptedDownloader(steps))
        }

        /// Fetches once: the signed body (`etag` `"v1"`) and its signature (`"s1"`).
        func seed(_ body: Data = RemoteProviderSignatureTests.body, by key: FeedPublicKey = Signed.key) async throws {
            downloader.append(.ok(body, etag: #""v1""#), .ok(Signed.signatureFile(of: body, by: key), etag: #""s1""#))
            let seeded = await provider.fetchFeed(force: true)
            try #require(seeded.source == .network && seeded.failure == nil, "\(seeded)")
        }

        /// The record on disk.
        var stored: CachedFeed? {
            guard
                case .loaded(let record) = FeedCache(
                    directory: configuration.cacheDirectory, feedURL: RemoteProviderSignatureTests.url
                ).load()
            else { return nil }
            return record
        }
    }

    /// Expects `result` to be the seeded feed from the cache, refused for `reason`.
    static func expectRefused(
        _ result: FetchResult, _ reason: FeedSignatureError.Kind, at now: Date,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.source == .cache, sourceLocation: sourceLocation)
        #expect(result.announcements.map(\.id) == ["signed"], sourceLocation: sourceLocation)
        #expect(
            result.failure?.kind == .signature, "\(String(describing: result.failure))", sourceLocation: sourceLocation)
        #expect(result.failure?.signatureReason == reason, sourceLocation: sourceLocation)
        #expect(
            result.failure?.message.contains("the feed was refused (\(reason.rawValue))") == true,
            sourceLocation: sourceLocation)
        #expect(
            result.failure?.retryAfter == now.addingTimeInterval(30), "backs off as an invalid feed",
            sourceLocation: sourceLocation)
    }

    @Test("a valid signature: the feed is used, the signature fetched after it (query kept) and cached with it")
    func validSignatureAccepted() async throws {
        let signature = Signed.signatureFile(of: Self.body)
        let fixture = try Fixture([.ok(Self.body, etag: #""v1""#), .ok(signature, etag: #""s1""#)])
        let result = await fixture.provider.fetchFeed()
        #expect(result.source == .network)
        #expect(result.failure == nil)
        #expect(result.announcements.map(\.id) == ["signed"])
        #expect(result.bytesReceived == Self.body.count + signature.count)
        let requests = fixture.downloader.requests
        #expect(requests.map(\.url) == [Self.url, Self.signatureURL])
        #expect(requests[1].ifNoneMatch == nil, "no signature cached: unconditional")
        #expect(requests[1].value(forHTTPHeaderField: "User-Agent") == RemoteProviderConfiguration.defaultUserAgent)

        let stored = try #require(fixture.stored)
        #expect(stored.signature == signature)
        #expect(stored.signatureETag == #""s1""#)
        let atLaunch = try #require(await fixture.relaunched(policy: Signed.policy()).cachedFeed())
        #expect(atLaunch.source == .cache)
        #expect(atLaunch.announcements.map(\.id) == ["signed"])

        // Both unchanged: each request conditional with its own validators, both answered 304.
        fixture.downloader.append(.notModified(etag: #""v1""#), .notModified(etag: #""s1""#))
        let revalidated = await fixture.provider.fetchFeed(force: true)
        #expect(revalidated.source == .notModified)
        #expect(revalidated.status == 304)
        #expect(revalidated.failure == nil)
        #expect(fixture.downloader.requests.suffix(2).map(\.ifNoneMatch) == [#""v1""#, #""s1""#])
    }

    @Test("a 304 for the feed checks the cached body only against a signature other than the one that accepted it")
    func notModifiedChecksOnlyANewSignature() async throws {
        let verifier = CountingSignatureVerifier()
        let fixture = try Fixture(policy: FeedSignaturePolicy(trustedKeys: [Signed.key], verifier: verifier))
        try await fixture.seed()
        #expect(verifier.checks == 1, "the new feed is checked once")
        // Both unchanged: the stored signature accepted the stored body; nothing to check again.
        fixture.downloader.append(.notModified(etag: #""v1""#), .notModified(etag: #""s1""#))
        let unchanged = await fixture.provider.fetchFeed(force: true)
        #expect(unchanged.source == .notModified && unchanged.failure == nil)
        #expect(verifier.checks == 1)
        // The same bytes served again with a new ETag: still the signature that accepted the body.
        let file = Signed.signatureFile(of: Self.body)
        fixture.downloader.append(.notModified(etag: #""v1""#), .ok(file, etag: #""s2""#))
        _ = await fixture.provider.fetchFeed(force: true)
        #expect(verifier.checks == 1)
        // Another signature (by the same key, of other bytes): checked, and refused.
        fixture.downloader.append(
            .notModified(etag: #""v1""#), .ok(Signed.signatureFile(of: Data("other".utf8)), etag: #""s3""#))
        let refused = await fixture.provider.fetchFeed(force: true)
        #expect(verifier.checks == 2)
        #expect(refused.failure?.signatureReason == .badSignature)
    }

    @Test("one changed byte: refused before decoding (badSignature), the last good feed and its validators kept")
    func tamperedByteRefused() async throws {
        let fixture = try Fixture()
        try await fixture.seed()
        // Not even JSON: refused for its signature, never handed to the decoder.
        var tampered = Self.body
        tampered[tampered.count - 1] = UInt8(ascii: "x")
        fixture.downloader.append(.ok(tampered, etag: #""v2""#), .notModified(etag: #""s1""#))
        let result = await fixture.provider.fetchFeed(force: true)
        Self.expectRefused(result, .badSignature, at: fixture.time.now)
        #expect(result.status == 200)
        #expect(result.failure?.message.contains("sign the feed again") == true)
        let stored = try #require(fixture.stored)
        #expect(stored.body == Self.body)
        #expect(stored.etag == #""v1""#, "the refused feed's validators are not kept")
        #expect(stored.signatureETag == #""s1""#)
        #expect(stored.failureCount == 1)
        // The next request still asks for the changed feed with the good feed's validators.
        fixture.downloader.append(.ok(tampered, etag: #""v2""#), .notModified(etag: #""s1""#))
        _ = await fixture.provider.fetchFeed(force: true)
        #expect(fixture.downloader.requests.suffix(2).first?.ifNoneMatch == #""v1""#)
    }

    @Test(
        "each wrong signature is refused with its reason: truncated, another key, too large, 404, server error",
        arguments: [
            (
                "truncated", FeedSignatureError.Kind.malformedSignature,
                Step.ok(Signed.signatureFile(of: body).prefix(60))
            ),
            ("wrong key", .unknownKey, .ok(Signed.signatureFile(of: body, by: Signed.strangerKey))),
            ("5 MB", .malformedSignature, .ok(Data(repeating: 0x20, count: 5_000_000))),
            ("404", .missing, .status(404)),
            ("503", .missing, .status(503)),
        ])
    func wrongSignatures(name: String, reason: FeedSignatureError.Kind, signature: Step) async throws {
        let fixture = try Fixture()
        try await fixture.seed()
        let changed = Support.feed(["changed"])
        fixture.downloader.append(.ok(changed, etag: #""v2""#), signature)
        let result = await fixture.provider.fetchFeed(force: true)
        Self.expectRefused(result, reason, at: fixture.time.now)
        #expect(fixture.stored?.body == Self.body, "\(name): the cache is not overwritten")
        #expect(fixture.downloader.remainingSteps == 0)
    }

    @Test(
        "a missing signature (404) without a cache: the fallback, and a normal back-off, not a wait for a forced fetch")
    func missingWithoutCache() async throws {
        let fallback = [Announcement(id: "local", title: "Local", message: "Local")]
        let fixture = try Fixture([.ok(Self.body, etag: #""v1""#), .status(404)], fallback: fallback)
        let result = await fixture.provider.fetchFeed()
        #expect(result.source == .fallback)
        #expect(result.announcements.map(\.id) == ["local"])
        #expect(result.failure?.signatureReason == .missing)
        #expect(result.failure?.message.contains("announce sign") == true)
        #expect(result.failure?.retryAfter == Support.start.addingTimeInterval(30))
        #expect(fixture.stored?.body == nil)

        // Once the back-off has run out, an unforced fetch asks again; the signature is there now.
        fixture.time.advance(by: 31)
        fixture.downloader.append(.ok(Self.body, etag: #""v1""#), .ok(Signed.signatureFile(of: Self.body)))
        let healed = await fixture.provider.fetchFeed()
        #expect(healed.source == .network)
        #expect(healed.failure == nil)
    }

    @Test("key rotation: with both keys trusted, a feed re-signed by the new key is accepted")
    func keyRotation() async throws {
        let fixture = try Fixture(policy: Signed.policy([Signed.key, Signed.newKey]))
        try await fixture.seed()
        let next = Support.feed(["rotated"])
        fixture.downloader.append(.ok(next, etag: #""v2""#), .ok(Signed.signatureFile(of: next, by: Signed.newKey)))
        let result = await fixture.provider.fetchFeed(force: true)
        #expect(result.source == .network)
        #expect(result.failure == nil)
        #expect(result.announcements.map(\.id) == ["rotated"])
        // An app that trusts only the old key refuses the re-signed feed it finds in its cache.
        #expect(await fixture.relaunched(policy: Signed.policy([Signed.key])).cachedFeed() == nil)
    }

    @Test("a 304 on the feed with a new signature: the cached body is checked again; valid is kept, invalid refused")
    func notModifiedWithChangedSignature() async throws {
        let fixture = try Fixture(policy: Signed.policy([Signed.key, Signed.newKey]))
        try await fixture.seed()
        let resigned = Signed.signatureFile(of: Self.body, by: Signed.newKey)
        fixture.downloader.append(.notModified(etag: #""v1""#), .ok(resigned, etag: #""s2""#))
        let valid = await fixture.provider.fetchFeed(force: true)
        #expect(valid.source == .notModified)
        #expect(valid.failure == nil)
        #expect(fixture.stored?.signature == resigned)
        #expect(fixture.stored?.signatureETag == #""s2""#)

        let other = Signed.signatureFile(of: Support.feed(["other"]), by: Signed.newKey)
        fixture.downloader.append(.notModified(etag: #""v1""#), .ok(other, etag: #""s3""#))
        let invalid = await fixture.provider.fetchFeed(force: true)
        Self.expectRefused(invalid, .badSignature, at: fixture.time.now)
        #expect(invalid.status == 304)
        #expect(fixture.stored?.signature == resigned, "the refused signature is not kept")
        #expect(fixture.stored?.signatureETag == #""s2""#)
        #expect(fixture.downloader.requests.last?.ifNoneMatch == #""s2""#)
    }

    @Test("the signature's download shares the fetch's deadline: a hanging .sig is a timeout, the cache kept")
    func signatureWithinDeadline() async throws {
        let fixture = try Fixture()
        try await fixture.seed()
        fixture.downloader.append(.ok(Support.feed(["late"]), etag: #""v2""#), .hang(advancing: fixture.time, by: 31))
        let result = await fixture.provider.fetchFeed(force: true)
        #expect(result.source == .cache)
        #expect(result.announcements.map(\.id) == ["signed"])
        #expect(result.failure?.kind == .timeout)
        #expect(result.failure?.message.contains("signature file") == true)
        #expect(fixture.stored?.body == Self.body)
    }

    @Test("the signature is requested with the 4 KiB cap, over the provider's downloader")
    func signatureCap() async throws {
        let downloader = RoutedDownloader()
        downloader.route(Self.url, .ok(Self.body))
        downloader.route(Self.signatureURL, .ok(Signed.signatureFile(of: Self.body)))
        var configuration = RemoteProviderConfiguration(cacheDirectory: nil)
        configuration.signaturePolicy = Signed.policy()
        let provider = RemoteAnnouncementProvider(url: Self.url, configuration: configuration, downloader: downloader)
        #expect(await provider.fetchFeed().failure == nil)
        #expect(downloader.requests(to: Self.signatureURL).map(\.cap) == [FeedSignatureFile.maximumSize])
    }

    @Test("without a policy: no .sig request, no signature kept, and a signed cache reads as before")
    func noPolicy() async throws {
        let fixture = try Fixture([.ok(Self.body, etag: #""v1""#)], policy: nil)
        let result = await fixture.provider.fetchFeed()
        #expect(result.source == .network)
        #expect(fixture.downloader.requests.map(\.url) == [Self.url])
        #expect(fixture.stored?.signature == nil)

        let signed = try Fixture()
        try await signed.seed()
        let unsigned = signed.relaunched(policy: nil)
        #expect(await unsigned.cachedFeed()?.announcements.map(\.id) == ["signed"])
    }
}
