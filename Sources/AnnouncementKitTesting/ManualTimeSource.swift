public import AnnouncementKit
public import Foundation

/// A time source for tests: time stands still until ``advance(by:)`` or ``advance(to:)`` moves it,
/// and sleepers whose deadline has been reached wake up then, in deadline order.
///
/// A timer that code under test arms from a task of its own starts waiting when that task runs, which
/// on a busy machine can be a while after the call that armed it. Wait for it with
/// ``waitForSleeper(until:timeout:)`` or ``waitForSleepers(_:timeout:)`` before moving time, rather
/// than yielding a number of times: the wait ends at the moment the sleeper arrives, and fails with a
/// ``WaitTimeout`` that says what was awaited when it never does.
///
/// ```swift
/// let time = ManualTimeSource(now: Date(timeIntervalSince1970: 1_796_364_000))
/// manager.hide(banner, after: 8)
/// try await time.waitForSleeper(until: time.now.addingTimeInterval(8))
/// #expect(time.advance(by: 7) == 0)  // nothing woke: nothing could change by time
/// time.advance(by: 1)
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

    private let state: WatchedValue<State>

    /// Creates a time source that reads `now` until it is advanced.
    public init(now: Date) {
        state = WatchedValue(State(now: now))
    }

    /// The current (manual) instant.
    public var now: Date { state.read { $0.now } }

    /// How many tasks are waiting in ``sleep(until:)``.
    public var sleeperCount: Int { state.read { $0.sleepers.count } }

    /// The earliest deadline a task is waiting for, if any.
    public var nextDeadline: Date? { state.read { $0.sleepers.map(\.deadline).min() } }

    /// Whether a task is waiting in ``sleep(until:)`` for exactly `deadline` (a timer has been armed).
    public func isWaiting(until deadline: Date) -> Bool {
        state.read { $0.sleepers.contains { $0.deadline == deadline } }
    }

    /// Returns as soon as at least `count` tasks are waiting in ``sleep(until:)``; throws
    /// ``WaitTimeout`` when that has not happened within `timeout` (real time), and
    /// `CancellationError` when the waiting task is cancelled.
    public func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(60)) async throws {
        try await state.wait(until: { $0.sleepers.count >= count }, timeout: timeout) { state in
            "ManualTimeSource: \(state.sleepers.count) of the \(count) sleepers awaited were waiting after "
                + "\(timeout.secondsText)\(Self.deadlines(of: state))"
        }
    }

    /// Returns as soon as a task is waiting in ``sleep(until:)`` for exactly `deadline` (a timer for
    /// that instant has been armed); throws ``WaitTimeout`` when none is within `timeout` (real time),
    /// and `CancellationError` when the waiting task is cancelled.
    public func waitForSleeper(until deadline: Date, timeout: Duration = .seconds(60)) async throws {
        try await state.wait(until: { $0.sleepers.contains { $0.deadline == deadline } }, timeout: timeout) { state in
            "ManualTimeSource: no task was waiting until \(deadline.testText) after \(timeout.secondsText)"
                + Self.deadlines(of: state)
        }
    }

    private static func deadlines(of state: State) -> String {
        guard !state.sleepers.isEmpty else { return "; no task was waiting" }
        let deadlines = state.sleepers.map(\.deadline).sorted().map(\.testText)
        return "; tasks were waiting until \(deadlines.joined(separator: ", ")) (now \(state.now.testText))"
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
        let due: [Sleeper] = state.update { state in
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
        let id: UInt64 = state.update { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.update { state in
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
            let cancelled: Sleeper? = state.update { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }
}
