import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@Suite("Manager: global limits and pause")
struct AnnouncementManagerLimitsTests {
    static let start = try! Timestamp.parse("2026-12-04T12:00:00Z")

    static func item(_ id: String, priority: Int = 0, style: Announcement.Style = .info) -> Announcement {
        Announcement(id: id, title: "t", message: "m", style: style, priority: priority)
    }

    static func provider(_ items: [Announcement], limits: AnnouncementFeed.Limits?) -> StubAnnouncementProvider {
        let result = FetchResult(announcements: items, source: .network, status: 200, limits: limits)
        return StubAnnouncementProvider(next: result)
    }

    static func makeManager(
        _ items: [Announcement], limits: AnnouncementFeed.Limits?,
        store: any AnnouncementStateStore = InMemoryAnnouncementStateStore(),
        time: ManualTimeSource = ManualTimeSource(now: start), gap: TimeInterval = 0
    ) async -> AnnouncementManager {
        let manager = AnnouncementManager(
            provider: provider(items, limits: limits), context: AnnouncementContext(), store: store, timeSource: time,
            configuration: .init(minimumIntervalBetweenBanners: gap, refreshInterval: 864_000))
        await manager.loadAnnouncements()
        return manager
    }

    @Test("the banner on screen stays after its own impression reaches maxPerDay; the next one waits a day")
    func capHoldsTheNextBanner() async throws {
        let time = ManualTimeSource(now: Self.start)
        let manager = await Self.makeManager(
            [Self.item("a", priority: 2), Self.item("b", priority: 1), Self.item("c", style: .critical)],
            limits: AnnouncementFeed.Limits(maxPerDay: 1), time: time)
        let first = try #require(manager.activeAnnouncement)
        #expect(first.id == "a")
        manager.recordImpression(first)
        #expect(manager.activeAnnouncement?.id == "a", "the banner showing is not removed by its own impression")
        manager.dismiss(first)
        // The critical item is exempt; the other is held back until the impression leaves the window.
        #expect(manager.activeAnnouncement?.id == "c")
        manager.dismiss(Self.item("c", style: .critical))
        #expect(manager.activeAnnouncement == nil)
        #expect(
            manager.explain(id: "b").status
                == .excluded(.frequencyCapped, detail: "global limit: 1 impressions in the last 24 hours"))
        #expect(manager.nextChange == Self.start.addingTimeInterval(86_400))
        try await time.waitForSleeper(until: Self.start.addingTimeInterval(86_400))
        time.advance(to: Self.start.addingTimeInterval(86_400))
        await waitUntil("the held-back banner shows a day later") { manager.activeAnnouncement != nil }
        #expect(manager.activeAnnouncement?.id == "b")
        manager.stop()
    }

    @Test("a relaunch keeps the global limit: a new manager over the same state file still holds back")
    func relaunchKeepsTheLimit() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let items = [Self.item("a", priority: 1), Self.item("b")]
        let limits = AnnouncementFeed.Limits(maxPerDay: 1)
        let first = await Self.makeManager(
            items, limits: limits, store: FileAnnouncementStateStore(directory: directory))
        first.recordImpression(try #require(first.activeAnnouncement))
        first.dismiss(items[0])
        #expect(first.activeAnnouncement == nil)
        let later = ManualTimeSource(now: Self.start.addingTimeInterval(3_600))
        let second = await Self.makeManager(
            items, limits: limits, store: FileAnnouncementStateStore(directory: directory), time: later)
        #expect(second.state.recentImpressions.map(\.id) == ["a"])
        #expect(second.activeAnnouncement == nil)
        #expect(
            second.explain(id: "b").status
                == .excluded(.frequencyCapped, detail: "global limit: 1 impressions in the last 24 hours"))
        first.stop()
        second.stop()
    }

    @Test("the app's gap between banners and the feed's minimumInterval both apply: the stricter wins")
    func stricterIntervalWins() async throws {
        let items = [Self.item("a", priority: 1), Self.item("b")]
        for (gap, feed, expected) in [(30.0, 120.0, 120.0), (300.0, 120.0, 300.0)] {
            let time = ManualTimeSource(now: Self.start)
            let manager = await Self.makeManager(
                items, limits: AnnouncementFeed.Limits(minimumInterval: feed), time: time, gap: gap)
            manager.recordImpression(try #require(manager.activeAnnouncement))
            manager.dismiss(items[0])
            #expect(manager.activeAnnouncement == nil, "gap \(gap), feed \(feed)")
            #expect(manager.nextChange == Self.start.addingTimeInterval(min(gap, feed)), "the first to end wakes it")
            let firstEnd = Self.start.addingTimeInterval(min(gap, feed))
            try await time.waitForSleeper(until: firstEnd)
            #expect(time.advance(to: firstEnd) == 1)
            await waitUntil("re-evaluated when the first interval ends") { manager.evaluationDate == firstEnd }
            #expect(manager.activeAnnouncement == nil, "gap \(gap), feed \(feed): the stricter still holds")
            try await time.waitForSleeper(until: Self.start.addingTimeInterval(expected))
            time.advance(to: Self.start.addingTimeInterval(expected))
            await waitUntil("the next banner shows after the stricter interval") { manager.activeAnnouncement != nil }
            #expect(manager.activeAnnouncement?.id == "b", "gap \(gap), feed \(feed)")
            manager.stop()
        }
    }

    @Test("while paused nothing is active anywhere, the queue is kept and explain says paused")
    func pause() async throws {
        let manager = await Self.makeManager(
            [Self.item("a", priority: 1), Self.item("b"), Self.item("c", style: .critical)], limits: nil)
        #expect(manager.activeAnnouncement?.id == "a")
        #expect(manager.activeAnnouncement(for: "home") != nil)
        #expect(manager.isPaused == false)
        manager.isPaused = true
        #expect(manager.isPaused)
        #expect(manager.activeAnnouncement == nil)
        #expect(manager.activeAnnouncement(for: "home") == nil)
        #expect(manager.activeAnnouncement(for: "settings") == nil, "a placement first asked while paused")
        #expect(manager.queue.map(\.id) == ["a", "b", "c"])
        #expect(manager.explain(id: "a").status == .paused)
        #expect(manager.explain(id: "a").description == "a is eligible but banners are paused")
        manager.isPaused = false
        #expect(manager.activeAnnouncement?.id == "a")
        #expect(manager.queue.map(\.id) == ["b", "c"])
        #expect(manager.explain(id: "a").status == .active)
        manager.stop()
    }
}
