import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@Suite("AnnouncementManager app events", .timeLimit(.minutes(1)))
struct AnnouncementManagerTriggerTests {
    let start = try! Timestamp.parse("2026-12-04T12:00:00Z")

    var review: Announcement {
        var announcement = Announcement(id: "review", title: "Enjoying it?", message: "m")
        announcement.trigger = .init(event: "checkout_completed", minCount: 3, within: 300)
        return announcement
    }

    @Test(
        "no banner; three events show it; it goes by itself when the window runs out, with no event emitted on tracking"
    )
    func wholeTrigger() async throws {
        let store = InMemoryAnnouncementStateStore()
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: [review], source: .cache),
            next: FetchResult(announcements: [review], source: .network, status: 200))
        let time = ManualTimeSource(now: start)
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(platform: "iOS"), store: store, timeSource: time,
            configuration: .init(refreshInterval: 86_400))
        await manager.loadAnnouncements()
        var events = manager.events.makeAsyncIterator()
        #expect(manager.activeAnnouncement == nil)
        #expect(
            manager.explain(id: "review").status
                == .excluded(.notTriggered, detail: "waiting for event checkout_completed (seen 0 of 3)"))
        manager.track("checkout_completed")
        time.advance(by: 10)
        manager.track("checkout_completed")
        #expect(manager.activeAnnouncement == nil)
        #expect(manager.state.events["checkout_completed"]?.count == 2, "counted when track returns")
        await manager.storePendingChanges()
        #expect(store.load().state.events["checkout_completed"]?.count == 2, "stored once written")
        time.advance(by: 10)
        let third = time.now
        manager.track("checkout_completed")
        #expect(manager.activeAnnouncement?.id == "review")
        #expect(manager.nextChange == third.addingTimeInterval(300))
        try await time.waitForSleeper(until: third.addingTimeInterval(300))
        #expect(time.advance(to: third.addingTimeInterval(299.999)) == 0)
        #expect(manager.activeAnnouncement?.id == "review")
        #expect(time.advance(to: third.addingTimeInterval(300)) == 1)
        await waitUntil("the banner goes when its trigger's window ends") { manager.activeAnnouncement == nil }
        #expect(manager.activeAnnouncement == nil)
        #expect(manager.evaluationDate == third.addingTimeInterval(300))
        // The only event: the banner that went when its window ran out.
        let first = await events.next()
        guard case .expired(let gone)? = first else {
            Issue.record("expected the banner to expire, got \(String(describing: first))")
            return
        }
        #expect(gone.id == "review")
        // A fourth occurrence opens the window again.
        manager.track("checkout_completed")
        #expect(manager.activeAnnouncement?.id == "review")
        manager.track("")
        #expect(manager.state.events.count == 1)
        manager.stop()
    }

    @Test("events tracked before a relaunch count after it")
    func relaunch() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: directory) }
        func launch(_ time: ManualTimeSource) -> AnnouncementManager {
            AnnouncementManager(
                provider: StubAnnouncementProvider(next: FetchResult(announcements: [review], source: .network)),
                context: AnnouncementContext(), store: FileAnnouncementStateStore(directory: directory),
                timeSource: time,
                configuration: .init(refreshInterval: 86_400))
        }
        let time = ManualTimeSource(now: start)
        let first = launch(time)
        await first.loadAnnouncements()
        first.track("checkout_completed")
        first.track("checkout_completed")
        first.stop()
        time.advance(by: 60)
        let second = launch(time)
        await second.loadAnnouncements()
        #expect(second.state.events["checkout_completed"] == .init(count: 2, last: start))
        #expect(second.activeAnnouncement == nil)
        second.track("checkout_completed")
        #expect(second.activeAnnouncement?.id == "review")
        second.stop()
    }
}

@Suite("Display state changes from event records")
struct DisplayStateEventChangeTests {
    @Test("changed event records are an events change; with changed dismissals too, a change of inputs")
    func records() {
        let date = Date(timeIntervalSince1970: 1_796_378_400)
        let items = [Announcement(id: "a", title: "t", message: "m")]
        var before = AnnouncementState()
        before.recordEvent("kept", at: date)
        var after = before
        #expect(AnnouncementDisplayState.Change.records(of: items, from: before, to: after) == nil)
        after.recordEvent("checkout", at: date)
        #expect(AnnouncementDisplayState.Change.records(of: items, from: before, to: after) == .events(["checkout"]))
        after.recordDismissal(of: items[0], at: date)
        #expect(AnnouncementDisplayState.Change.records(of: items, from: before, to: after) == .inputs)
        #expect(AnnouncementDisplayState.Change.records(of: items, from: after, to: after) == nil)
    }
}
