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
/// follows reads the manager under that lock, so it sees the change.
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
        if await iterator.next(isolation: isolation) != .changed {
            if condition() { return true }
            Issue.record("still not so after \(timeout): \(what)", sourceLocation: sourceLocation)
            return false
        }
    }
}
