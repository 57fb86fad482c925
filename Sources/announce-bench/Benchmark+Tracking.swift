import AnnouncementKit
import Foundation

extension Benchmark {
    /// The event names of the tracking figure: every tenth announcement waits for one of them.
    static let eventNames = (0..<10).map { "event-\($0)" }

    /// Re-selection after one app event, as the manager does in `track(_:)`: the engine re-evaluates
    /// the announcements whose trigger names the event (one in a hundred here: every tenth item has a
    /// trigger on one of ten events). Each run records the event or takes it back, so every run has the
    /// same work. The targets are shares of `full`, the full re-selection of the same items in the same
    /// run: at most 0.1 at 100 items and 0.04 at 10,000 (the former 20 µs and 1,000 µs on the machine
    /// that set them).
    func tracking(_ decoded: [Announcement], _ watch: Stopwatch, size: Int, full: Double) -> [BenchResult] {
        guard size >= 100 else { return [] }
        var announcements = decoded
        for index in stride(from: 0, to: announcements.count, by: 10) {
            announcements[index].trigger = .init(
                event: Self.eventNames[index / 10 % Self.eventNames.count], minCount: 1, within: 300)
        }
        var tracked = AnnouncementState()
        tracked.recordEvent(Self.eventNames[0], at: Self.now)
        var engine = AnnouncementSelectionEngine(announcements, evaluator: Self.evaluator(), at: Self.now)
        var recorded = false
        let afterEvent = watch.median {
            recorded.toggle()
            engine.update(state: recorded ? tracked : AnnouncementState(), events: [Self.eventNames[0]])
            consume(engine.active?.priority ?? 0)
        }
        let target: Double? = size == 100 ? 0.1 : size == 10_000 ? 0.04 : nil
        return [
            BenchResult("re-selection after one event (track), \(size) items", afterEvent * 1e6, "µs"),
            BenchResult(
                "re-selection after one event ÷ full re-selection, \(size) items", afterEvent / full, "ratio",
                target: target),
        ]
    }
}
