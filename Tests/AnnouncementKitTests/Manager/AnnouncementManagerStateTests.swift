import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Observation
import Testing

/// An in-memory store that counts its calls and can hold `load()` or `update(_:)` until released, like a
/// slow disk. Its counts are observable (a test waits for them with `waitUntil`): observers are told
/// under its lock, before the count changes, so a check that follows sees the new count.
final class ObservedStateStore: AnnouncementStateStore, Observable, @unchecked Sendable {
    private let lock = NSLock()
    private let registrar = ObservationRegistrar()
    private var state: AnnouncementState
    private var loads = 0
    private var updates = 0
    private var holdsLoads = false
    private var holdsUpdates = false
    private let loadGate = DispatchSemaphore(value: 0)
    private let updateGate = DispatchSemaphore(value: 0)
    private var waitedInVain = false

    init(_ state: AnnouncementState = AnnouncementState(installationID: "install-1")) {
        self.state = state
    }

    /// How many times `load()` was called.
    var loadCount: Int {
        registrar.access(self, keyPath: \.loadCount)
        return lock.withLock { loads }
    }
    /// How many times `update(_:)` was called.
    var updateCount: Int {
        registrar.access(self, keyPath: \.updateCount)
        return lock.withLock { updates }
    }
    /// Whether a held call gave up waiting for its release (after 50 s: generous on a busy machine, and
    /// within the suite's one-minute limit): whoever should release it could not run, so the call held it up.
    var timedOut: Bool { lock.withLock { waitedInVain } }
    /// The state as stored.
    var stored: AnnouncementState { lock.withLock { state } }

    /// Makes the next `load()` read the state, then wait for `releaseLoad()` before returning it.
    func holdLoads() { lock.withLock { holdsLoads = true } }

    func releaseLoad() {
        lock.withLock { holdsLoads = false }
        loadGate.signal()
    }

    /// Makes the next `update(_:)` wait for `releaseUpdate()` before changing anything.
    func holdUpdates() { lock.withLock { holdsUpdates = true } }

    func releaseUpdate() {
        lock.withLock { holdsUpdates = false }
        updateGate.signal()
    }

    private func wait(for gate: DispatchSemaphore) {
        if gate.wait(timeout: .now() + 50) == .timedOut { lock.withLock { waitedInVain = true } }
    }

    func load() -> StateStoreLoad {
        let (snapshot, hold) = lock.withLock {
            registrar.withMutation(of: self, keyPath: \.loadCount) { loads += 1 }
            return (state, holdsLoads)
        }
        if hold { wait(for: loadGate) }
        return StateStoreLoad(state: snapshot)
    }

    func update(_ change: (inout AnnouncementState) -> Void) throws -> AnnouncementState {
        let hold = lock.withLock {
            registrar.withMutation(of: self, keyPath: \.updateCount) { updates += 1 }
            return holdsUpdates
        }
        if hold { wait(for: updateGate) }
        return lock.withLock {
            change(&state)
            return state
        }
    }
}

/// How the manager uses its state store: what runs off the main actor, and that no change is lost to a
/// read or write that finishes late.
@MainActor
@Suite("AnnouncementManager and the state store", .timeLimit(.minutes(1)))
struct AnnouncementManagerStateTests {
    let start = try! Timestamp.parse("2026-12-04T12:00:00Z")

    func item(_ id: String, priority: Int = 0) -> Announcement {
        Announcement(id: id, title: "Title \(id)", message: "m", priority: priority)
    }

    /// A manager over `store` whose provider serves `cached` at launch and holds every network fetch.
    func makeManager(
        cached: [Announcement], store: any AnnouncementStateStore
    ) -> (AnnouncementManager, StubAnnouncementProvider) {
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: cached, source: .cache),
            next: FetchResult(announcements: cached, source: .network, status: 200))
        provider.hold()
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(platform: "iOS", locale: "en"), store: store,
            timeSource: ManualTimeSource(now: start))
        return (manager, provider)
    }

    @Test("the load and the prune leave the main actor free; a dismissal and an impression are stored at once")
    func storeCallsOffTheMainActor() async throws {
        let store = ObservedStateStore()
        store.holdLoads()
        let (manager, provider) = makeManager(cached: [item("a", priority: 1), item("b")], store: store)
        let loading = Task { await manager.loadAnnouncements() }
        // This test runs on the main actor: it goes on while the load waits on the disk.
        await waitUntil("the load has read the store") { store.loadCount == 1 }
        #expect(manager.activeAnnouncement == nil)
        store.holdUpdates()
        store.releaseLoad()
        // The cached feed shows while its prune is still waiting to be stored.
        await waitUntil("the prune is writing") { store.updateCount == 1 }
        await waitUntil("the cached banner shows") { manager.activeAnnouncement != nil }
        #expect(manager.activeAnnouncement?.id == "a")
        store.releaseUpdate()
        // The load returns once its fetch is in.
        provider.release()
        await loading.value
        #expect(!store.timedOut)

        let active = try #require(manager.activeAnnouncement)
        manager.recordImpression(active)
        #expect(store.stored.impressions["a"]?.count == 1)
        #expect(manager.dismiss(active))
        #expect(store.stored.dismissals["a"] != nil)
        manager.stop()
    }

    @Test("a dismissal made while the stored state is still being read is not lost when the read finishes")
    func dismissalDuringTheLoad() async throws {
        let store = ObservedStateStore()
        store.holdLoads()
        let (manager, provider) = makeManager(cached: [item("a", priority: 1), item("b")], store: store)
        let loading = Task { await manager.loadAnnouncements() }
        await waitUntil("the load has read the store") { store.loadCount == 1 }
        // The load has read the state without the dismissal and is still running.
        #expect(manager.dismiss(item("a")))
        // Once the load is in, and before the prune that follows it reads the store again, a is still
        // dismissed: the banner does not flash back.
        store.holdUpdates()
        store.releaseLoad()
        await waitUntil("the prune is writing") { store.updateCount == 2 }
        await waitUntil("the cached banner shows") { manager.activeAnnouncement != nil }
        #expect(manager.activeAnnouncement?.id == "b")
        store.releaseUpdate()
        // The load returns once its fetch is in.
        provider.release()
        await loading.value
        #expect(!store.timedOut)
        #expect(manager.state.dismissals["a"] != nil)
        #expect(manager.state.installationID == "install-1")
        #expect(manager.activeAnnouncement?.id == "b")
        guard case .excluded(.dismissed, _) = manager.explain(id: "a").status else {
            Issue.record("a shows again: \(manager.explain(id: "a"))")
            return
        }
        manager.stop()
    }

    @Test("a refresh takes in a dismissal another process stored meanwhile")
    func refreshSeesAnotherProcessesDismissal() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("manager-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: [item("a", priority: 1), item("b")], source: .cache),
            next: FetchResult(announcements: [item("a", priority: 1), item("b")], source: .network, status: 200))
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(), store: FileAnnouncementStateStore(directory: directory),
            timeSource: ManualTimeSource(now: start))
        await manager.loadAnnouncements()
        #expect(manager.activeAnnouncement?.id == "a")
        // The load waited for its fetch; no other refresh runs while the next one does.
        #expect(provider.fetchCount == 1)
        manager.stop()
        try FileAnnouncementStateStore(directory: directory).update { $0.recordDismissal(of: item("a"), at: start) }
        await manager.refresh()
        #expect(manager.activeAnnouncement?.id == "b")
        #expect(manager.state.dismissals["a"] != nil)
    }

    @Test("refreshes of a feed whose ids change keep records only for ids dismissed or shown")
    func refreshesKeepOnlyRecords() async throws {
        let store = ObservedStateStore()
        let (manager, provider) = makeManager(cached: (0..<100).map { item("first-\($0)") }, store: store)
        // The load's fetch gets the same feed; the load returns once both prunes are stored.
        provider.release()
        await manager.loadAnnouncements()
        manager.stop()
        #expect(provider.fetchCount == 1)
        #expect(store.updateCount == 2)
        let first = try #require(manager.activeAnnouncement)
        #expect(manager.dismiss(first))
        for round in 0..<5 {
            provider.next = FetchResult(
                announcements: (0..<100).map { item("round-\(round)-\($0)") }, source: .network, status: 200)
            await manager.refresh()
            if let active = manager.activeAnnouncement { manager.recordImpression(active) }
        }
        let stored = store.stored
        #expect(stored.lastSeen.count == 6, "one dismissal and five impressions")
        #expect(stored.dismissals[first.id] != nil)
        #expect(manager.state.lastSeen == stored.lastSeen)
    }
}
