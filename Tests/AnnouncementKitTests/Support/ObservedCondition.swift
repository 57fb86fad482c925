import Foundation
import Observation
import Testing

/// Waits until `condition` holds, checking it again each time an observable property it read changes
/// (the manager's answers, its evaluation date, its loaded announcements: everything it publishes to
/// SwiftUI), and records an issue naming `what` when `timeout` (real time) passes first. Woken by the
/// change itself, it never polls and never counts yields, so it holds however busy the machine is.
///
/// `condition` must read something observable: a condition on a `ManualTimeSource` or a
/// `StubAnnouncementProvider` waits with their own `waitFor…` methods instead.
///
/// The manager tells observers of a change before it lands, while it holds its lock; the check that
/// follows reads the manager under that lock, so it sees the change. A change made between the read and
/// the tracking's installation is seen by the read that follows the installation (under ThreadSanitizer
/// that window was wide enough for a timer's change to be missed and a test to wait its full minute).
@discardableResult
func waitUntil(
    _ what: String, timeout: Duration = .seconds(60), isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) async -> Bool {
    enum Wake { case changed, timedOut }
    let (wakes, continuation) = AsyncStream.makeStream(of: Wake.self)
    let timer = Task {
        try? await Task.sleep(for: timeout)
        continuation.yield(.timedOut)
    }
    defer {
        timer.cancel()
        continuation.finish()
    }
    var iterator = wakes.makeAsyncIterator()
    while true {
        if withObservationTracking(condition, onChange: { continuation.yield(.changed) }) { return true }
        // The tracking is installed after `condition` has read what it observes: a change made in
        // between (by a timer on another thread) fires nothing, so the condition is read once more,
        // now that any later change does.
        if condition() { return true }
        if await iterator.next(isolation: isolation) != .changed {
            if condition() { return true }
            Issue.record("still not so after \(timeout): \(what)", sourceLocation: sourceLocation)
            return false
        }
    }
}
