import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Observation
import Testing

/// The auto-dismissal the banner view asks for (`autoDismissAfter`), run by the manager on its time
/// source, and what a view observing the manager sees.
@MainActor
@Suite("AnnouncementManager auto-dismissal", .timeLimit(.minutes(1)))
struct AnnouncementManagerAutoDismissTests {
    let start = try! Timestamp.parse("2026-12-04T12:00:00Z")

    func item(_ id: String, priority: Int = 0, _ configure: (inout Announcement) -> Void = { _ in }) -> Announcement {
        var announcement = Announcement(id: id, title: "Title \(id)", message: "m", priority: priority)
        configure(&announcement)
        return announcement
    }

    /// A loaded manager over `items` whose background refresh waits a day, with its clock.
    func loadedManager(
        _ items: [Announcement], minimumIntervalBetweenBanners: TimeInterval = 0
    ) async throws -> (AnnouncementManager, ManualTimeSource) {
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: items, source: .cache),
            next: FetchResult(announcements: items, source: .network, status: 200))
        let time = ManualTimeSource(now: start)
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(), store: InMemoryAnnouncementStateStore(),
            timeSource: time,
            configuration: .init(
                minimumIntervalBetweenBanners: minimumIntervalBetweenBanners, refreshInterval: 86_400,
                localTimeZone: TimeZone(identifier: "UTC")!))
        await manager.loadAnnouncements()
        #expect(provider.fetchCount == 1)
        try await time.waitForSleeper(until: start.addingTimeInterval(86_400))
        return (manager, time)
    }

    @Test("a countdown cancelled when the view goes off screen does not hide the banner; showing it again restarts it")
    func cancelledCountdown() async throws {
        let (manager, time) = try await loadedManager([
            item("hint", priority: 1) { $0.autoDismissAfter = 8 }, item("next"),
        ])
        let hint = try #require(manager.activeAnnouncement)
        manager.recordImpression(hint)
        manager.hide(hint, after: 8)
        try await time.waitForSleeper(until: start.addingTimeInterval(8))
        time.advance(to: start.addingTimeInterval(5))
        manager.cancelHide(hint)
        // Cancelling the timer's task takes its sleeper away at once, so moving time past it wakes nothing.
        #expect(!time.isWaiting(until: start.addingTimeInterval(8)))
        #expect(time.advance(to: start.addingTimeInterval(10)) == 0)
        #expect(manager.activeAnnouncement?.id == "hint")
        manager.hide(hint, after: 8)
        try await time.waitForSleeper(until: start.addingTimeInterval(18))
        #expect(time.advance(to: start.addingTimeInterval(17.999)) == 0)
        #expect(manager.activeAnnouncement?.id == "hint")
        #expect(time.advance(to: start.addingTimeInterval(18)) == 1)
        await waitUntil("the next banner shows once the countdown ends") { manager.activeAnnouncement?.id == "next" }
        #expect(manager.activeAnnouncement?.id == "next")
    }

    @Test("a banner hidden by a pause shows again after it with its full auto-dismiss time")
    func pauseRestartsTheCountdown() async throws {
        let (manager, time) = try await loadedManager([
            item("hint", priority: 1) { $0.autoDismissAfter = 8 }, item("next"),
        ])
        let hint = try #require(manager.activeAnnouncement)
        manager.recordImpression(hint)
        manager.hide(hint, after: 8)
        try await time.waitForSleeper(until: start.addingTimeInterval(8))
        time.advance(to: start.addingTimeInterval(5))
        manager.isPaused = true
        #expect(manager.activeAnnouncement == nil)
        #expect(!time.isWaiting(until: start.addingTimeInterval(8)), "the countdown stopped with the pause")
        #expect(time.advance(to: start.addingTimeInterval(60)) == 0)
        manager.isPaused = false
        #expect(manager.activeAnnouncement?.id == "hint", "not hidden while nobody could see it")
        try await time.waitForSleeper(until: start.addingTimeInterval(68))
        #expect(time.nextDeadline == start.addingTimeInterval(68), "8 s again from the end of the pause")
        #expect(time.advance(to: start.addingTimeInterval(67.999)) == 0)
        #expect(manager.activeAnnouncement?.id == "hint")
        #expect(time.advance(to: start.addingTimeInterval(68)) == 1)
        await waitUntil("the next banner shows once the countdown ends") { manager.activeAnnouncement?.id == "next" }
        #expect(manager.activeAnnouncement?.id == "next")
        manager.stop()
    }

    @Test("the banner hides itself exactly when its time runs out on the manager's clock, and the next one shows")
    func hidesOnTheManagersClock() async throws {
        let (manager, time) = try await loadedManager([
            item("hint", priority: 1) { $0.autoDismissAfter = 8 }, item("next"),
        ])
        let hint = try #require(manager.activeAnnouncement)
        let delay = try #require(
            BannerAppearance(announcement: hint, locale: "en", defaultLocale: "en").autoDismissAfter)
        manager.recordImpression(hint)
        manager.hide(hint, after: delay)
        try await time.waitForSleeper(until: start.addingTimeInterval(8))
        #expect(time.nextDeadline == start.addingTimeInterval(8))
        #expect(time.advance(to: start.addingTimeInterval(7.999)) == 0)
        #expect(manager.activeAnnouncement?.id == "hint")
        #expect(time.advance(to: start.addingTimeInterval(8)) == 1)
        await waitUntil("the next banner shows once the time runs out") { manager.activeAnnouncement?.id == "next" }
        #expect(manager.activeAnnouncement?.id == "next")
        #expect(manager.evaluationDate == start.addingTimeInterval(8))
        #expect(
            manager.explain(id: "hint").status
                == .excluded(.dismissed, detail: "hidden for this session (autoDismissAfter)"))
        #expect(manager.state.dismissals.isEmpty, "hidden, not dismissed")
        manager.stop()
    }

    @Test("a view observing the active banner is told when it hides itself")
    func observersAreTold() async throws {
        let (manager, time) = try await loadedManager([item("hint", priority: 1), item("next")])
        let changed = LockedValue(false)
        let hint = try #require(
            withObservationTracking {
                manager.activeAnnouncement(for: "home")
            } onChange: {
                changed.withLock { $0 = true }
            })
        manager.recordImpression(hint, placement: "home")
        #expect(changed.withLock { $0 }, "the impression re-evaluated the answers")
        changed.withLock { $0 = false }
        _ = withObservationTracking {
            manager.activeAnnouncement(for: "home")
        } onChange: {
            changed.withLock { $0 = true }
        }
        manager.hide(hint, after: 5)
        #expect(!changed.withLock { $0 }, "scheduling changes no answer")
        time.advance(by: 5)
        await waitUntil("the banner hid itself") { manager.activeAnnouncement(for: "home")?.id == "next" }
        #expect(changed.withLock { $0 })
        #expect(manager.activeAnnouncement(for: "home")?.id == "next")
        manager.stop()
    }

    @Test("dismissed or replaced before its time runs out, a banner is not hidden later")
    func droppedWhenItLeaves() async throws {
        let (manager, time) = try await loadedManager([
            item("low") { $0.autoDismissAfter = 5 }, item("pro", priority: 5) { $0.targetAudience = "pro" },
        ])
        let low = try #require(manager.activeAnnouncement)
        manager.hide(low, after: 5)
        try await time.waitForSleeper(until: start.addingTimeInterval(5))
        manager.context.segments = ["pro"]
        #expect(manager.activeAnnouncement?.id == "pro")
        #expect(!time.isWaiting(until: start.addingTimeInterval(5)), "its countdown ended when it left the screen")
        #expect(time.advance(by: 6) == 0)
        manager.context.segments = []
        #expect(manager.activeAnnouncement?.id == "low", "it left the screen before its time ran out")
        manager.hide(low, after: 5)
        #expect(manager.dismiss(low))
        #expect(manager.activeAnnouncement == nil)
        #expect(time.nextDeadline == start.addingTimeInterval(86_400), "only the background refresh waits")
        manager.stop()
    }

    @Test("hiding itself starts the gap between banners like any banner leaving")
    func startsTheGap() async throws {
        let (manager, time) = try await loadedManager(
            [item("hint", priority: 1), item("next")], minimumIntervalBetweenBanners: 20)
        manager.hide(try #require(manager.activeAnnouncement), after: 3)
        time.advance(by: 3)
        await waitUntil("the banner hid itself and the gap began") { manager.nextBannerAllowedAt != nil }
        #expect(manager.activeAnnouncement == nil)
        #expect(manager.explain(id: "next").status == .waiting(until: start.addingTimeInterval(23)))
        try await time.waitForSleeper(until: start.addingTimeInterval(23))
        #expect(time.advance(by: 20) == 1)
        await waitUntil("the next banner shows after the gap") { manager.activeAnnouncement != nil }
        #expect(manager.activeAnnouncement?.id == "next")
        manager.stop()
    }
}
