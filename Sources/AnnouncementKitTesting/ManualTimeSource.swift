public import AnnouncementKit
public import Foundation

/// A time source for tests: time stands still until ``advance(by:)`` or ``advance(to:)`` moves it,
/// and sleepers whose deadline has been reached wake up then, in deadline order.
///
/// ```swift
/// let time = ManualTimeSource(now: Date(timeIntervalSince1970: 1_796_364_000))
/// time.advance(by: 3600)
/// ```
public final class ManualTimeSource: TimeSource, @unchecked Sendable {
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

    private let state: LockedValue<State>

    /// Creates a time source that reads `now` until it is advanced.
    public init(now: Date) {
        state = LockedValue(State(now: now))
    }

    /// The current (manual) instant.
    public var now: Date { state.withLock { $0.now } }

    /// How many tasks are waiting in ``sleep(until:)``.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline a task is waiting for, if any.
    public var nextDeadline: Date? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Whether a task is waiting in ``sleep(until:)`` for exactly `deadline` (a timer has been armed).
    public func isWaiting(until deadline: Date) -> Bool {
        state.withLock { $0.sleepers.contains { $0.deadline == deadline } }
    }

    /// Moves time forward by `interval` seconds and wakes the sleepers that are due; returns how many
    /// it woke.
    @discardableResult
    public func advance(by interval: TimeInterval) -> Int {
        advance(to: now.addingTimeInterval(interval))
    }

    /// Moves time to `date` (never backwards) and wakes the sleepers that are due, earliest first;
    /// returns how many it woke.
    @discardableResult
    public func advance(to date: Date) -> Int {
        let due: [Sleeper] = state.withLock { state in
            if date > state.now { state.now = date }
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
        return due.count
    }

    /// Waits until time has been advanced to `deadline`.
    public func sleep(until deadline: Date) async throws {
        let id: UInt64 = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock { state in
                    if deadline <= state.now || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                }
            }
        } onCancel: {
            let cancelled: Sleeper? = state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }
}
