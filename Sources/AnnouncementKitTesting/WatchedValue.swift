internal import AnnouncementKit
internal import Foundation

/// A value guarded by a lock that tasks can wait on: every change made through ``update(_:)`` resumes
/// the waiters whose condition then holds. The waits of ``ManualTimeSource`` and
/// ``StubAnnouncementProvider`` are built on it, so a test waits for the condition itself, woken by the
/// change that makes it hold, and not by polling.
final class WatchedValue<Value: Sendable>: @unchecked Sendable {
    private struct Waiter {
        let id: UInt64
        let isSatisfied: @Sendable (Value) -> Bool
        let continuation: CheckedContinuation<Void, any Error>
    }

    private enum Outcome { case waiting, satisfied, cancelled }

    private struct Storage {
        var value: Value
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
    }

    private let storage: LockedValue<Storage>

    init(_ value: Value) {
        storage = LockedValue(Storage(value: value))
    }

    /// Reads the value under the lock.
    func read<Result>(_ body: (Value) -> Result) -> Result {
        storage.withLock { body($0.value) }
    }

    /// Changes the value under the lock, then resumes (outside the lock) the waiters whose condition
    /// now holds.
    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        let (result, ready) = storage.withLock { storage in
            let result = body(&storage.value)
            var ready: [CheckedContinuation<Void, any Error>] = []
            storage.waiters.removeAll { waiter in
                guard waiter.isSatisfied(storage.value) else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return (result, ready)
        }
        for continuation in ready { continuation.resume() }
        return result
    }

    /// Returns as soon as `condition` holds; throws ``WaitTimeout`` with `describe(what:seen:)` when
    /// `timeout` (real time) passes first, and `CancellationError` when the task is cancelled.
    func wait(
        until condition: @escaping @Sendable (Value) -> Bool, timeout: Duration,
        describe: @Sendable (Value) -> String
    ) async throws {
        if read(condition) { return }
        let held = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await self.waitWithoutDeadline(until: condition)
                return true
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return false
            }
            defer { group.cancelAll() }
            return try await group.next() ?? false
        }
        // The condition may have come to hold as the time ran out.
        guard held || read(condition) else { throw WaitTimeout(description: read(describe)) }
    }

    private func waitWithoutDeadline(until condition: @escaping @Sendable (Value) -> Bool) async throws {
        let id = storage.withLock { storage in
            storage.nextWaiterID += 1
            return storage.nextWaiterID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Outcome = storage.withLock { storage in
                    if condition(storage.value) { return .satisfied }
                    if Task.isCancelled { return .cancelled }
                    storage.waiters.append(Waiter(id: id, isSatisfied: condition, continuation: continuation))
                    return .waiting
                }
                switch outcome {
                case .waiting: break
                case .satisfied: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let cancelled: Waiter? = storage.withLock { storage in
                guard let index = storage.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return storage.waiters.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }
}

/// A wait of AnnouncementKitTesting whose condition did not hold before its timeout (real time): what
/// it waited for and what it saw when the time ran out. Thrown by ``ManualTimeSource/waitForSleepers(_:timeout:)``,
/// ``ManualTimeSource/waitForSleeper(until:timeout:)``, ``StubAnnouncementProvider/waitForFetches(_:timeout:)``
/// and ``StubAnnouncementProvider/waitForWaitingFetches(_:timeout:)``, so a test that waits for
/// something that never happens fails with this message instead of hanging.
public struct WaitTimeout: Error, CustomStringConvertible, Sendable {
    /// What was awaited, for how long, and the state seen when the time ran out.
    public let description: String
}

extension Duration {
    /// The duration in seconds, as a test's message shows it.
    var secondsText: String {
        let (seconds, attoseconds) = components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return value == value.rounded() ? "\(Int64(value)) s" : "\(value) s"
    }
}

extension Date {
    /// The instant in ISO 8601 with milliseconds, as a test's message shows it.
    var testText: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: self)
    }
}
