import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

/// Many tasks at once on the manager (from threads of the shared pool, not one actor), the stores and
/// the remote provider (an actor), with time moving under them. Run under ThreadSanitizer by
/// `scripts/tsan`.
@Suite("Concurrency stress", .timeLimit(.minutes(5)))
struct ConcurrencyStressTests {
    static let operationsPerTask = 640
    static let managerTasks = 16
    static let backgroundTasks = 8
    static let backgroundOperations = 100

    static func items() -> [Announcement] {
        (0..<12).map { index in
            var item = Announcement(id: "s\(index)", title: "Title \(index)", message: "Message", priority: index % 3)
            if index.isMultiple(of: 3) { item.frequency = .init(maxImpressions: 50, minimumInterval: 30) }
            if index.isMultiple(of: 4) { item.dismissFor = 120 }
            if index.isMultiple(of: 5) { item.audience = Announcement.AudienceRules(segments: ["beta"]) }
            return item
        }
    }

    @Test func tenThousandMixedOperations() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let time = ManualTimeSource(now: Date(timeIntervalSince1970: 1_800_000_000))
        // Nothing listens on port 1: every request fails at once and the provider backs off.
        let remote = RemoteAnnouncementProvider(
            url: URL(string: "http://127.0.0.1:1/feed.json")!,
            configuration: RemoteProviderConfiguration(
                cacheDirectory: directory.appendingPathComponent("cache"), requestTimeout: 1, deadline: 2,
                allowsHTTP: true),
            timeSource: time)
        let items = Self.items()
        let provider = CombinedAnnouncementProvider([remote, LocalAnnouncementProvider(items)])
        let memory = InMemoryAnnouncementStateStore()
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(platform: "ios"), store: memory, timeSource: time,
            configuration: .init(refreshInterval: 60))
        await manager.loadAnnouncements()
        let fileStore = FileAnnouncementStateStore(directory: directory.appendingPathComponent("state"))
        let counter = OperationCounter()

        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.managerTasks {
                group.addTask {
                    await Self.operateManager(
                        manager, time: time, items: items, seed: UInt64(task + 1), counter: counter)
                }
            }
            for task in 0..<Self.backgroundTasks {
                group.addTask {
                    await Self.operateInBackground(
                        task: task, fileStore: fileStore, memory: memory, remote: remote, counter: counter)
                }
            }
        }
        manager.stop()

        let total = counter.value
        #expect(total == Self.managerTasks * Self.operationsPerTask + Self.backgroundTasks * Self.backgroundOperations)
        #expect(total >= 10_000)
        // Every background impression landed in the file: no update was lost.
        let stored = fileStore.load().state
        for task in stride(from: 0, to: Self.backgroundTasks, by: 2) {
            #expect(stored.impressions["bg\(task)"]?.count == Self.backgroundOperations)
        }
        #expect(manager.announcements.count == items.count)
        print("concurrency: \(total) operations from \(Self.managerTasks + Self.backgroundTasks) tasks")
    }
}

extension ConcurrencyStressTests {
    /// One task's mixed operations on the manager.
    static func operateManager(
        _ manager: AnnouncementManager, time: ManualTimeSource, items: [Announcement], seed: UInt64,
        counter: OperationCounter
    ) async {
        var generator = SplitMix64(seed: seed)
        let placements: [String?] = ["top", nil]
        let locales: [String?] = ["de", "fr", nil]
        for step in 0..<operationsPerTask {
            let item = items[Int.random(in: 0..<items.count, using: &generator)]
            let choice = Int.random(in: 0..<10, using: &generator)
            if choice == 0 {
                await manager.refresh(force: step.isMultiple(of: 50))
            } else if choice <= 2 {
                manager.dismiss(item)
            } else if choice <= 5 {
                manager.recordImpression(item, placement: placements[step % 2])
            } else if choice == 6 {
                var context = manager.context
                context.segments = step.isMultiple(of: 2) ? ["beta"] : []
                context.locale = locales[step % 3]
                manager.context = context
            } else if choice == 7 {
                time.advance(by: Double.random(in: 0...90, using: &generator))
            } else if choice == 8 {
                _ = manager.activeAnnouncement(for: placements[step % 2])
            } else {
                _ = manager.queue
                _ = manager.explain(id: item.id)
                // A suspension point among the operations, so the tasks interleave on the pool's threads;
                // nothing waits on it.
                await Task.yield()
            }
            counter.add()
        }
    }

    /// One background task's operations on the file store, the in-memory store or the provider.
    static func operateInBackground(
        task: Int, fileStore: FileAnnouncementStateStore, memory: InMemoryAnnouncementStateStore,
        remote: RemoteAnnouncementProvider, counter: OperationCounter
    ) async {
        for step in 0..<backgroundOperations {
            if task.isMultiple(of: 2) {
                _ = try? fileStore.update { state in
                    state.recordImpression(of: "bg\(task)", at: Date(timeIntervalSince1970: Double(step)))
                }
                _ = memory.load()
            } else {
                _ = await remote.fetchFeed(force: step.isMultiple(of: 25))
                _ = await remote.cachedFeed()
            }
            counter.add()
        }
    }
}

/// Counts operations from any thread.
final class OperationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
