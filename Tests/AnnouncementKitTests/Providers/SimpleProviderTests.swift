import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// The template's `AnnouncementProviding`: the mock, the errors, simple providers seen as feed
/// providers, and the simple `fetchAnnouncements()` of the feed providers.
@Suite("Simple providers and AnnouncementError", .timeLimit(.minutes(1)))
struct SimpleProviderTests {
    typealias Step = ScriptedDownloader.Step

    func item(_ id: String) -> Announcement {
        Announcement(id: id, title: "Title \(id)", message: "m")
    }

    @Test("MockAnnouncementProvider returns its announcements, or throws fetchFailed when it should fail")
    func mock() async throws {
        var mock = MockAnnouncementProvider(announcements: [item("a")])
        #expect(try await mock.fetchAnnouncements().map(\.id) == ["a"])
        mock.shouldFail = true
        await #expect(throws: AnnouncementError.fetchFailed) { try await mock.fetchAnnouncements() }
        let failing = MockAnnouncementProvider(announcements: [], shouldFail: true)
        await #expect(throws: AnnouncementError.fetchFailed) { try await failing.fetchAnnouncements() }
    }

    @Test("AnnouncementError describes itself as the template does")
    func errorDescriptions() {
        #expect(AnnouncementError.fetchFailed.errorDescription == "Failed to fetch announcements from server.")
        #expect(AnnouncementError.decodingFailed.errorDescription == "Failed to decode announcement data.")
        #expect(AnnouncementError.decodingFailed.localizedDescription == "Failed to decode announcement data.")
    }

    @Test("a simple provider as a feed provider: its answer is local; after a throw, its last answer is the cache")
    func adapter() async throws {
        let provider = SwitchingProvider([item("a"), item("b")])
        let adapter = ThrowingProviderAdapter(provider)
        #expect(await adapter.cachedFeed() == nil)
        let first = await adapter.fetchFeed(force: true)
        #expect(first.source == .local && first.failure == nil)
        #expect(first.announcements.map(\.id) == ["a", "b"])
        provider.fails = true
        let failed = await adapter.fetchFeed()
        #expect(failed.source == .cache)
        #expect(failed.announcements.map(\.id) == ["a", "b"])
        let failure = try #require(failed.failure)
        #expect(failure.kind == .network)
        #expect(failure.message.contains("AnnouncementError.fetchFailed"), "\(failure)")
        #expect(failure.message.contains("Failed to fetch announcements from server."), "\(failure)")
        #expect(await adapter.cachedFeed()?.announcements.map(\.id) == ["a", "b"])
        #expect(await adapter.cachedFeed()?.source == .cache)
        #expect(try await adapter.fetchAnnouncements().map(\.id) == ["a", "b"], "the last answer is an answer")
    }

    @Test("a simple provider that never answered gives an empty fallback; decodingFailed is an invalid feed")
    func adapterWithoutAnswer() async throws {
        let adapter = ThrowingProviderAdapter(MockAnnouncementProvider(announcements: [item("a")], shouldFail: true))
        let result = await adapter.fetchFeed()
        #expect(result.source == .fallback && result.announcements.isEmpty)
        #expect(result.failure?.kind == .network)
        await #expect(throws: AnnouncementError.fetchFailed) { try await adapter.fetchAnnouncements() }
        let decoding = SwitchingProvider([], error: .decodingFailed)
        decoding.fails = true
        let undecodable = ThrowingProviderAdapter(decoding)
        #expect(await undecodable.fetchFeed().failure?.kind == .invalidFeed)
        await #expect(throws: AnnouncementError.decodingFailed) { try await undecodable.fetchAnnouncements() }
    }

    @Test("a feed provider is used as it is; a simple one is wrapped")
    func feedProviderForProvider() {
        let local = LocalAnnouncementProvider(announcements: [item("a")])
        #expect(ThrowingProviderAdapter.feedProvider(for: local) is LocalAnnouncementProvider)
        let mock = MockAnnouncementProvider(announcements: [])
        #expect(ThrowingProviderAdapter.feedProvider(for: mock) is ThrowingProviderAdapter)
    }

    @Test("the combined provider takes simple providers: one that throws does not stop the others")
    func combinedWithSimpleProviders() async throws {
        let combined = CombinedAnnouncementProvider(providers: [
            MockAnnouncementProvider(announcements: [item("remote")], shouldFail: true),
            MockAnnouncementProvider(announcements: [item("local"), item("shared")]),
            LocalAnnouncementProvider(announcements: [item("shared"), item("last")]),
        ])
        #expect(try await combined.fetchAnnouncements().map(\.id) == ["local", "shared", "last"])
        let result = await combined.fetchFeed()
        #expect(result.announcements.map(\.id) == ["local", "shared", "last"])
        #expect(result.failure?.kind == .network, "the failing provider is reported")
    }

    @Test("the combined provider skips failing providers, as the template's: all failing is an empty list")
    func combinedFailures() async throws {
        let empty = CombinedAnnouncementProvider(providers: [
            MockAnnouncementProvider(announcements: [item("remote")], shouldFail: true),
            MockAnnouncementProvider(announcements: []),
        ])
        #expect(try await empty.fetchAnnouncements().isEmpty, "an empty answer is an answer")
        let failing = CombinedAnnouncementProvider(providers: [
            MockAnnouncementProvider(announcements: [item("a")], shouldFail: true),
            MockAnnouncementProvider(announcements: [item("b")], shouldFail: true),
        ])
        #expect(try await failing.fetchAnnouncements().isEmpty)
        #expect(await failing.fetchFeed().failure != nil, "fetchFeed() says why")
        #expect(try await CombinedAnnouncementProvider(providers: []).fetchAnnouncements().isEmpty)
    }

    @Test("the local provider's fetchAnnouncements() returns its announcements")
    func localSimpleFetch() async throws {
        let local = LocalAnnouncementProvider(announcements: [item("a"), item("b")])
        #expect(try await local.fetchAnnouncements().map(\.id) == ["a", "b"])
    }

    @Test("the remote provider's fetchAnnouncements() throws fetchFailed when a failure leaves nothing")
    func remoteFetchFailed() async throws {
        let fixture = try RemoteProviderLogicTests.Fixture([.status(503)])
        await #expect(throws: AnnouncementError.fetchFailed) { try await fixture.provider.fetchAnnouncements() }
        // The back-off that follows answers without a request, and still has nothing.
        await #expect(throws: AnnouncementError.fetchFailed) { try await fixture.provider.fetchAnnouncements() }
        #expect(fixture.downloader.requests.count == 1)
    }

    @Test("the remote provider's fetchAnnouncements() throws decodingFailed for an unreadable feed and no cache")
    func remoteDecodingFailed() async throws {
        let fixture = try RemoteProviderLogicTests.Fixture([.ok(Data("not json".utf8))])
        await #expect(throws: AnnouncementError.decodingFailed) { try await fixture.provider.fetchAnnouncements() }
    }

    @Test("the remote provider's fetchAnnouncements() returns the cache or the fallback after a failure")
    func remoteServesCacheOrFallback() async throws {
        let cached = try RemoteProviderLogicTests.Fixture([])
        try await cached.seed(["cached"])
        await cached.provider.invalidateCache()
        cached.downloader.append(.status(500))
        #expect(try await cached.provider.fetchAnnouncements().map(\.id) == ["cached"])
        #expect(cached.downloader.requests.count == 2)
        let fallback = try RemoteProviderLogicTests.Fixture([.ok(Data("{}".utf8))], fallback: [item("fallback")])
        #expect(try await fallback.provider.fetchAnnouncements().map(\.id) == ["fallback"])
        #expect(await fallback.provider.fetchFeed().failure?.kind == .throttled, "the failure stays in the result")
    }
}
