import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// A provider written to the template's throwing protocol alone, serving what it is given as it is.
private struct VerbatimProvider: AnnouncementProviding {
    let announcements: [Announcement]
    func fetchAnnouncements() async throws -> [Announcement] { announcements }
}

@Suite("The manager's hardening: one door for announcements, the gap kept, one place at a time, events written behind")
struct ManagerHardeningTests {
    let start = try! Timestamp.parse("2026-12-04T12:00:00Z")

    func item(_ id: String, title: String? = nil, priority: Int = 0, placements: [String]? = nil) -> Announcement {
        Announcement(
            id: id, title: LocalizedText(title ?? "Title \(id)"), message: "m", priority: priority,
            placements: placements)
    }

    func manager(
        _ provider: any AnnouncementProviding, store: any AnnouncementStateStore = InMemoryAnnouncementStateStore(),
        time: ManualTimeSource? = nil, gap: TimeInterval = 0
    ) -> AnnouncementManager {
        AnnouncementManager(
            provider: provider, context: AnnouncementContext(platform: "iOS", locale: "en"), store: store,
            timeSource: time ?? ManualTimeSource(now: start),
            configuration: .init(minimumIntervalBetweenBanners: gap, refreshInterval: 86_400))
    }

    @Test("two announcements of one id from an app's own provider: the first is kept and a dismissal takes it away")
    func repeatedIDsDropped() async {
        let provider = VerbatimProvider(announcements: [
            item("dup", title: "first", priority: 1), item("dup", title: "second", priority: 5), item("other"),
        ])
        let manager = manager(provider)
        await manager.loadAnnouncements()
        #expect(manager.announcements.map(\.id) == ["dup", "other"])
        let active = try! #require(manager.activeAnnouncement)
        #expect(active.title == "first")
        #expect(manager.dismiss(active))
        #expect(manager.activeAnnouncement?.id == "other", "the copy of dup does not come back")
        let explanation = manager.explain(id: "dup")
        guard case .excluded(.dismissed, _) = explanation.status else {
            Issue.record("dup: \(explanation)")
            return
        }
        manager.stop()
    }

    @Test("more than 10,000 announcements from code: the first 10,000 are kept, in order")
    func itemLimitApplied() async {
        let many = (0..<(FeedLimits.maximumAnnouncements + 5)).map { item("a\($0)") }
        let manager = manager(VerbatimProvider(announcements: many))
        await manager.loadAnnouncements()
        #expect(manager.announcements.count == FeedLimits.maximumAnnouncements)
        #expect(manager.announcements.first?.id == "a0")
        #expect(manager.announcements.last?.id == "a\(FeedLimits.maximumAnnouncements - 1)")
        manager.stop()
    }

    @Test("the app's gap between banners holds after a relaunch, and ends on time")
    func gapSurvivesRelaunch() async {
        let store = InMemoryAnnouncementStateStore()
        let time = ManualTimeSource(now: start)
        let provider = LocalAnnouncementProvider(announcements: [item("a", priority: 2), item("b", priority: 1)])
        let first = manager(provider, store: store, time: time, gap: 600)
        await first.loadAnnouncements()
        let a = try! #require(first.activeAnnouncement)
        first.recordImpression(a)
        #expect(first.dismiss(a))
        #expect(first.activeAnnouncement == nil, "the gap holds b back")
        first.stop()
        #expect(store.load().state.lastBannerLeft == start)

        time.advance(by: 60)
        let second = manager(provider, store: store, time: time, gap: 600)
        await second.loadAnnouncements()
        #expect(second.activeAnnouncement == nil, "a relaunch 60 s later still waits")
        #expect(second.nextBannerAllowedAt == start.addingTimeInterval(600))
        #expect(second.queue.first?.id == "b")
        second.stop()

        time.advance(by: 540)
        let third = manager(provider, store: store, time: time, gap: 600)
        await third.loadAnnouncements()
        #expect(third.activeAnnouncement?.id == "b", "the gap is over")
        third.stop()
    }

    @Test("a stored gap start in the future (the clock went back) holds for at most its length")
    func gapFromTheFuture() async {
        let store = InMemoryAnnouncementStateStore()
        _ = try? store.update { $0.lastBannerLeft = self.start.addingTimeInterval(3600) }
        let manager = manager(LocalAnnouncementProvider(announcements: [item("a")]), store: store, gap: 600)
        await manager.loadAnnouncements()
        #expect(manager.activeAnnouncement?.id == "a")
        manager.stop()
    }

    @Test("an announcement without placements shows at one place at a time: the other placement shows its next")
    func onePlaceAtATime() async throws {
        let provider = LocalAnnouncementProvider(announcements: [
            item("everywhere", priority: 5), item("home-tip", priority: 1, placements: ["home"]),
        ])
        let manager = manager(provider)
        await manager.loadAnnouncements()
        // Both the root banner and the home card would show it.
        #expect(manager.activeAnnouncement?.id == "everywhere")
        #expect(manager.activeAnnouncement(for: "home")?.id == "everywhere")
        let shown = try #require(manager.activeAnnouncement)
        manager.recordImpression(shown)
        #expect(manager.activeAnnouncement?.id == "everywhere")
        #expect(manager.activeAnnouncement(for: "home")?.id == "home-tip")
        guard
            case .excluded(.placementMismatch, let detail) = manager.explain(id: "everywhere", placement: "home").status
        else {
            Issue.record("\(manager.explain(id: "everywhere", placement: "home"))")
            return
        }
        #expect(detail.contains("on screen at the banner without a placement name"))
        // The card drew it in the same moment: its impression is not recorded.
        manager.recordImpression(shown, placement: "home")
        #expect(manager.state.impressions["everywhere"]?.count == 1)
        #expect(manager.activeAnnouncement(for: "home")?.id == "home-tip")
        // Once it leaves the root banner, the card may show it again.
        #expect(manager.dismiss(shown))
        #expect(manager.activeAnnouncement(for: "home")?.id == "home-tip")
        manager.stop()
    }

    @Test("when the card shows it first, the root banner passes it over")
    func cardFirst() async throws {
        let provider = LocalAnnouncementProvider(announcements: [item("everywhere", priority: 5), item("root-next")])
        let manager = manager(provider)
        await manager.loadAnnouncements()
        let shown = try #require(manager.activeAnnouncement(for: "home"))
        manager.recordImpression(shown, placement: "home")
        #expect(manager.activeAnnouncement(for: "home")?.id == "everywhere")
        #expect(manager.activeAnnouncement?.id == "root-next")
        manager.stop()
    }

    @Test("tracked events count at once, are written behind the caller in few writes, and a dismissal carries them")
    func trackWritesBehind() async throws {
        let store = CountingStore()
        let manager = manager(LocalAnnouncementProvider(announcements: [item("a")]), store: store)
        await manager.loadAnnouncements()
        let writesBefore = store.updates
        for _ in 0..<200 { manager.track("level_finished") }
        #expect(manager.state.events["level_finished"]?.count == 200, "counted when track returns")
        await manager.storePendingChanges()
        #expect(store.load().state.events["level_finished"]?.count == 200)
        #expect(store.updates - writesBefore < 200, "\(store.updates - writesBefore) writes for 200 events")

        manager.track("checkout")
        let active = try #require(manager.activeAnnouncement)
        #expect(manager.dismiss(active))
        let stored = store.load().state
        #expect(stored.dismissals["a"] != nil)
        #expect(stored.events["checkout"]?.count == 1, "the dismissal's write carries the waiting event")
        await manager.storePendingChanges()
        #expect(store.load().state.events["checkout"]?.count == 1, "and it is not written twice")
        manager.stop()
    }

    @Test("events tracked before the stored state is loaded are kept on top of it, and stop() writes what waits")
    func trackBeforeLoad() async {
        let store = InMemoryAnnouncementStateStore()
        _ = try? store.update { _ = $0.recordEvent("earlier", at: self.start) }
        let manager = manager(LocalAnnouncementProvider(announcements: [item("a")]), store: store)
        manager.track("early")
        await manager.loadAnnouncements()
        #expect(manager.state.events["early"]?.count == 1)
        #expect(manager.state.events["earlier"]?.count == 1, "the stored state is loaded under it")
        manager.track("late")
        manager.stop()
        let stored = store.load().state
        #expect(stored.events["early"]?.count == 1)
        #expect(stored.events["late"]?.count == 1)
        #expect(stored.events["earlier"]?.count == 1)
    }

    @Test("the template's JSONDecoder path keeps the decoder's limits: repeated ids, item count, size")
    func responseLimits() throws {
        func feed(_ items: [String]) -> Data {
            Data(("{\"announcements\": [" + items.joined(separator: ",") + "]}").utf8)
        }
        func json(_ id: String, _ title: String = "t") -> String {
            "{\"id\": \"\(id)\", \"title\": \"\(title)\", \"message\": \"m\"}"
        }
        let repeated = try JSONDecoder().decode(
            AnnouncementResponse.self, from: feed([json("a", "first"), json("a", "second"), json("b")]))
        #expect(repeated.announcements.map(\.id) == ["a", "b"])
        #expect(repeated.announcements[0].title == "first")

        let many = (0..<(FeedLimits.maximumAnnouncements + 3)).map { json("i\($0)") }
        let limited = try JSONDecoder().decode(AnnouncementResponse.self, from: feed(many))
        #expect(limited.announcements.count == FeedLimits.maximumAnnouncements)

        // 2,000 items of a 4,500-character message: about 9 MB, over the 8 MiB feed limit.
        let message = String(repeating: "x", count: 4500)
        let big = (0..<2000).map { "{\"id\": \"b\($0)\", \"title\": \"t\", \"message\": \"\(message)\"}" }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(AnnouncementResponse.self, from: feed(big)) }
    }

    @Test("a banner that reached its cap while on screen does not come back after a pause")
    func capHoldsAcrossPause() async throws {
        let capped = Announcement(
            id: "capped", title: "c", message: "m", priority: 5, frequency: .init(maxImpressions: 1))
        let manager = manager(LocalAnnouncementProvider(announcements: [capped, item("next")]))
        await manager.loadAnnouncements()
        let shown = try #require(manager.activeAnnouncement)
        manager.recordImpression(shown)
        #expect(manager.activeAnnouncement?.id == "capped", "it stays while on screen")
        manager.isPaused = true
        #expect(manager.activeAnnouncement == nil)
        manager.isPaused = false
        #expect(manager.activeAnnouncement?.id == "next")
        #expect(manager.state.impressions["capped"]?.count == 1)
        manager.stop()
    }

    @Test("the last banner's leaving is written in the state file and read back")
    func stateFileRoundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let left = start.addingTimeInterval(0.25)
        _ = try FileAnnouncementStateStore(directory: directory).update { $0.lastBannerLeft = left }
        let text = try String(contentsOf: directory.appendingPathComponent("state.json"), encoding: .utf8)
        #expect(text.contains("\"lastBannerLeft\": \"2026-12-04T12:00:00.25"))
        let read = FileAnnouncementStateStore(directory: directory).load()
        #expect(read.notice == nil)
        #expect(read.state.lastBannerLeft == left)
    }
}

/// An in-memory store that counts its writes.
private final class CountingStore: AnnouncementStateStore, @unchecked Sendable {
    private let inner = InMemoryAnnouncementStateStore()
    private let lock = NSLock()
    private var count = 0
    var updates: Int { lock.withLock { count } }
    func load() -> StateStoreLoad { inner.load() }
    func update(_ change: (inout AnnouncementState) -> Void) throws -> AnnouncementState {
        lock.withLock { count += 1 }
        return try inner.update(change)
    }
}
