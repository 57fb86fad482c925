import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// A dismissal store that cannot list its ids, as an app may write one.
private final class UnlistedDismissalStore: DismissalStoring, Sendable {
    let inner = InMemoryDismissalStore()
    func isDismissed(id: String) -> Bool { inner.isDismissed(id: id) }
    func markDismissed(id: String) { inner.markDismissed(id: id) }
    func clearAll() { inner.clearAll() }
}

@Suite("DismissalStoreStateStore keeps dismissals in a dismissal store")
struct DismissalStoreStateStoreTests {
    static let now = Date(timeIntervalSince1970: 1_796_385_600)

    @Test("it keeps the state store's promises within a process, over each dismissal store")
    func conformance() {
        let stores: [() -> any DismissalStoring] = [
            { InMemoryDismissalStore() }, { UnlistedDismissalStore() },
        ]
        for makeDismissalStore in stores {
            let failures = AnnouncementStateStoreConformance.check(makeStore: {
                DismissalStoreStateStore(makeDismissalStore())
            })
            #expect(failures.isEmpty, "\(failures)")
        }
    }

    @Test("dismissals survive a relaunch over the same UserDefaults; impressions do not")
    func relaunch() throws {
        let suite = "AnnouncementKitTests.seed-state.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let time = ManualTimeSource(now: Self.now)
        let first = DismissalStoreStateStore(UserDefaultsDismissalStore(defaults: defaults), timeSource: time)
        try first.update { state in
            state.dismissals["d"] = AnnouncementState.Dismissal(revision: 2, date: Self.now)
            state.recordImpression(of: "i", at: Self.now)
        }
        #expect(defaults.stringArray(forKey: "dismissed_announcement_ids") == ["d"])
        time.advance(by: 60)
        let reopened = DismissalStoreStateStore(UserDefaultsDismissalStore(defaults: defaults), timeSource: time)
        let state = reopened.load().state
        #expect(
            state.dismissals["d"]
                == AnnouncementState.Dismissal(revision: AnnouncementState.Dismissal.everyRevision, date: Self.now + 60)
        )
        #expect(state.impressions.isEmpty)
    }

    @Test("an id the dismissal store holds is dismissed at every revision, dated when first seen")
    func storedIDsAreDismissals() throws {
        let dismissals = InMemoryDismissalStore()
        dismissals.markDismissed(id: "old")
        let time = ManualTimeSource(now: Self.now)
        let store = DismissalStoreStateStore(dismissals, timeSource: time)
        #expect(store.load().state.dismissals["old"]?.date == Self.now)
        time.advance(by: 3600)
        let state = store.load().state
        #expect(state.dismissals["old"]?.date == Self.now, "the first date is kept")
        var announcement = Announcement(id: "old", revision: 41, title: "t", message: "m")
        #expect(state.dismissal(of: announcement, at: Self.now + 3600).isDismissed)
        announcement.dismissFor = 7200
        #expect(state.dismissal(of: announcement, at: Self.now + 3600).until == Self.now + 7200)
    }

    @Test("a dismissal recorded in an update reaches the dismissal store before the update returns")
    func updatesMark() throws {
        let dismissals = UnlistedDismissalStore()
        let store = DismissalStoreStateStore(dismissals)
        let returned = try store.update {
            $0.recordDismissal(of: Announcement(id: "x", title: "t", message: "m"), at: Self.now)
        }
        #expect(dismissals.isDismissed(id: "x"))
        #expect(returned.dismissals["x"]?.revision == 0, "this process keeps the revision it recorded")
        try store.update { $0.recordImpression(of: "y", at: Self.now) }
        #expect(!dismissals.isDismissed(id: "y"))
    }

    @Test("a store that cannot list its ids is asked about the ids the state tracks")
    func unlistedStore() throws {
        let dismissals = UnlistedDismissalStore()
        let store = DismissalStoreStateStore(dismissals)
        try store.update { $0.recordImpression(of: "seen", at: Self.now) }
        dismissals.markDismissed(id: "seen")
        dismissals.markDismissed(id: "unknown")
        let state = store.load().state
        #expect(state.dismissals["seen"]?.revision == AnnouncementState.Dismissal.everyRevision)
        #expect(state.dismissals["unknown"] == nil)
    }
}
