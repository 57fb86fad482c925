import AnnouncementKit
import Foundation

extension Benchmark {
    /// What `manager.track(_:)` costs its caller (often the main actor) with the file store an app uses
    /// on Linux, against what it cost when each call wrote and synced the state file before returning
    /// (version 0.2): one `FileAnnouncementStateStore.update` of the same event, timed in the same run.
    /// The ratio is the figure with a target (at most a fifth of a write); the times are machine's.
    func trackCost(_ announcements: [Announcement], _ watch: Stopwatch) -> [BenchResult] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("announce-bench-track-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileAnnouncementStateStore(directory: directory)
        let write = watch.median {
            _ = try? store.update { _ = $0.recordEvent(Self.eventNames[1], at: Self.now) }
        }
        let manager = AnnouncementManager(
            provider: LocalAnnouncementProvider(announcements: announcements),
            context: AnnouncementContext(platform: "iOS", locale: "en"), store: store,
            configuration: .init(refreshInterval: 86_400))
        let loaded = DispatchSemaphore(value: 0)
        Task {
            await manager.loadAnnouncements()
            loaded.signal()
        }
        loaded.wait()
        let track = watch.median { manager.track(Self.eventNames[0]) }
        let stored = DispatchSemaphore(value: 0)
        Task {
            await manager.storePendingChanges()
            stored.signal()
        }
        stored.wait()
        manager.stop()
        return [
            BenchResult("track(_:) on the caller's thread, file store, 100 items", track * 1e6, "µs"),
            BenchResult("one state file write with fsync (track's cost in 0.2)", write * 1e6, "µs"),
            BenchResult("track(_:) ÷ one state file write", track / write, "ratio", target: 0.2),
        ]
    }
}
