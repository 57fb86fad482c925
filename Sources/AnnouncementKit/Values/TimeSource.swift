public import Foundation

/// Where AnnouncementKit gets the time: the wall clock for schedules and a way to wait for timers.
///
/// Inject `ManualTimeSource` in tests to move time on command instead of sleeping.
public protocol TimeSource: Sendable {
    /// The current instant.
    var now: Date { get }

    /// Suspends until `deadline` (or returns at once if it has passed). Throws `CancellationError`
    /// when the task is cancelled.
    func sleep(until deadline: Date) async throws
}

/// The system clock: `Date()` and `Task.sleep`.
public struct SystemTimeSource: TimeSource {
    /// Creates the system time source.
    public init() {}

    /// The current wall-clock instant.
    public var now: Date { Date() }

    /// Sleeps until `deadline` on the wall clock.
    public func sleep(until deadline: Date) async throws {
        let interval = deadline.timeIntervalSinceNow
        guard interval > 0 else {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(nanoseconds: UInt64(min(interval, 1e9) * 1_000_000_000))
    }
}
