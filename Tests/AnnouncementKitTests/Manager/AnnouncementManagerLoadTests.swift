import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// What `loadAnnouncements()` waits for, and how the manager takes providers written to the
/// template's `AnnouncementProviding`.
@MainActor
@Suite("AnnouncementManager loading", .timeLimit(.minutes(1)))
struct AnnouncementManagerLoadTests {
    let start = Date(timeIntervalSince1970: 1_796_385_600)

    func item(_ id: String, priority: Int = 0) -> Announcement {
        Announcement(id: id, title: "Title \(id)", message: "m", priority: priority)
    }

    func makeManager(_ provider: any AnnouncementProviding, time: ManualTimeSource? = nil) -> AnnouncementManager {
        AnnouncementManager(
            provider: provider, context: AnnouncementContext(platform: "iOS", locale: "en"),
            store: InMemoryAnnouncementStateStore(), timeSource: time ?? ManualTimeSource(now: start),
            configuration: .init(refreshInterval: 600, localTimeZone: TimeZone(identifier: "UTC")!))
    }

    @Test("a simple provider's answer is active as soon as loadAnnouncements() returns")
    func simpleProviderAnswerIsActive() async {
        let manager = makeManager(MockAnnouncementProvider(announcements: [item("low"), item("high", priority: 5)]))
        await manager.loadAnnouncements()
        manager.stop()
        #expect(manager.activeAnnouncement?.id == "high")
        #expect(manager.allAnnouncements.map(\.id) == ["low", "high"])
        #expect(manager.lastFetchResult?.source == .local)
        #expect(manager.lastFetchResult?.failure == nil)
    }

    @Test("a simple provider that throws leaves nothing loaded and reports the failure")
    func failingMockLoadsNothing() async throws {
        let manager = makeManager(MockAnnouncementProvider(announcements: [item("a")], shouldFail: true))
        let events = manager.events
        await manager.loadAnnouncements()
        manager.stop()
        #expect(manager.activeAnnouncement == nil)
        #expect(manager.allAnnouncements.isEmpty)
        let failure = try #require(manager.lastFetchResult?.failure)
        #expect(manager.lastFetchResult?.source == .fallback)
        #expect(failure.kind == .network)
        #expect(failure.message.contains("fetchFailed"), "\(failure)")
        for await event in events {
            guard case .fetchFailed(let reported) = event else { continue }
            #expect(reported == failure)
            break
        }
    }

    @Test("when a simple provider throws, the manager keeps the announcements it had")
    func throwingProviderKeepsPrevious() async {
        let provider = SwitchingProvider([item("a", priority: 1), item("b")], error: .decodingFailed)
        let manager = makeManager(provider)
        await manager.loadAnnouncements()
        manager.stop()
        #expect(manager.activeAnnouncement?.id == "a")
        provider.fails = true
        let result = await manager.refresh()
        #expect(provider.calls == 2)
        #expect(result.source == .cache)
        #expect(result.failure?.kind == .invalidFeed)
        #expect(manager.allAnnouncements.map(\.id) == ["a", "b"])
        #expect(manager.activeAnnouncement?.id == "a")
    }

    @Test("the background refresh starts after the first fetch and waits one refresh interval")
    func refreshLoopWaitsOneInterval() async throws {
        let time = ManualTimeSource(now: start)
        let provider = StubAnnouncementProvider([item("a")])
        let manager = makeManager(provider, time: time)
        await manager.loadAnnouncements()
        #expect(provider.fetchCount == 1)
        #expect(manager.refreshesInBackground)
        try await time.waitForSleeper(until: start.addingTimeInterval(600))
        #expect(provider.fetchCount == 1, "no second fetch before the interval")
        #expect(time.advance(by: 600) == 1)
        try await provider.waitForFetches(2)
        #expect(provider.fetchCount == 2)
        #expect(provider.forceFlags == [false, false])
        manager.stop()
    }

    @Test("a second loadAnnouncements() only refreshes")
    func secondLoadRefreshes() async {
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: [item("cached")], source: .cache),
            next: FetchResult(announcements: [item("fresh")], source: .network, status: 200))
        let manager = makeManager(provider)
        await manager.loadAnnouncements()
        provider.next = FetchResult(announcements: [item("newer")], source: .network, status: 200)
        await manager.loadAnnouncements()
        manager.stop()
        #expect(provider.cachedReadCount == 1)
        #expect(provider.fetchCount == 2)
        #expect(manager.activeAnnouncement?.id == "newer")
    }

    @Test("stop() during the first fetch: the load still applies it, and no background refresh starts")
    func stopDuringFirstFetch() async throws {
        let time = ManualTimeSource(now: start)
        let provider = StubAnnouncementProvider([item("a")])
        provider.hold()
        let manager = makeManager(provider, time: time)
        let loading = Task { await manager.loadAnnouncements() }
        try await provider.waitForWaitingFetches(1)
        manager.stop()
        provider.release()
        await loading.value
        #expect(manager.activeAnnouncement?.id == "a")
        // The load decides whether to start the background refresh before it returns.
        #expect(!manager.refreshesInBackground)
        #expect(!time.isWaiting(until: start.addingTimeInterval(600)))
    }

    @Test(
        "the template's tests: with a mock provider, a loaded banner is active, hidden once dismissed, by priority, not when expired"
    )
    func templateTests() async throws {
        let banner = Announcement(id: "test", title: "Test", message: "...", style: .info)
        let manager = AnnouncementManager(
            provider: MockAnnouncementProvider(announcements: [banner]), dismissalStore: InMemoryDismissalStore())
        await manager.loadAnnouncements()
        #expect(manager.activeAnnouncement != nil)
        manager.dismiss(banner)
        #expect(manager.activeAnnouncement == nil)
        manager.stop()

        let low = Announcement(id: "low", title: "Low", message: "...", style: .info, priority: 1)
        let high = Announcement(id: "high", title: "High", message: "...", style: .warning, priority: 10)
        let ranked = AnnouncementManager(
            provider: MockAnnouncementProvider(announcements: [low, high]), dismissalStore: InMemoryDismissalStore())
        await ranked.loadAnnouncements()
        #expect(ranked.activeAnnouncement?.id == "high")
        ranked.stop()

        let expired = Announcement(id: "expired", title: "Old", message: "...", style: .info, endDate: .distantPast)
        let past = AnnouncementManager(
            provider: MockAnnouncementProvider(announcements: [expired]), dismissalStore: InMemoryDismissalStore())
        await past.loadAnnouncements()
        #expect(past.activeAnnouncement == nil)
        #expect(past.allAnnouncements.map(\.id) == ["expired"])
        past.stop()
    }
}
