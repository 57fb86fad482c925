import AnnouncementKit
package import Foundation

/// The demo's clock: time stands still until a key moves it, and the timers waiting on it (the
/// manager's re-evaluation at a schedule edge, its background refresh) fire when it passes their
/// deadline, as they would on the wall clock.
///
/// It is the demo's own rather than `ManualTimeSource` from AnnouncementKitTesting: that library is
/// for tests, and an example app should show what an app needs, a ``TimeSource`` of its own.
package final class DemoClock: TimeSource, @unchecked Sendable {
    private struct Sleeper {
        let id: UInt64
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
    }

    private let lock = NSLock()
    private var state: State

    /// A clock that reads `now` until it is advanced.
    package init(now: Date) {
        state = State(now: now)
    }

    private func locked<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// The demo's current instant.
    package var now: Date { locked { $0.now } }

    /// How many timers are waiting on the clock.
    package var sleeperCount: Int { locked { $0.sleepers.count } }

    /// Whether a timer is waiting for `deadline`.
    package func isWaiting(until deadline: Date) -> Bool {
        locked { $0.sleepers.contains { $0.deadline == deadline } }
    }

    /// Moves the clock forward by `interval` seconds; returns how many timers it woke.
    @discardableResult
    package func advance(by interval: TimeInterval) -> Int {
        advance(to: now.addingTimeInterval(interval))
    }

    /// Moves the clock to `date` (never backwards) and wakes the timers that are due, earliest first;
    /// returns how many it woke.
    @discardableResult
    package func advance(to date: Date) -> Int {
        let due: [Sleeper] = locked { state in
            if date > state.now { state.now = date }
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
        return due.count
    }

    /// Waits until the clock has been advanced to `deadline`; throws `CancellationError` when the
    /// waiting task is cancelled.
    package func sleep(until deadline: Date) async throws {
        let id: UInt64 = locked { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = locked { state in
                    if deadline <= state.now || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                guard resumeNow else { return }
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    continuation.resume()
                }
            }
        } onCancel: {
            let cancelled: Sleeper? = locked { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }
}
