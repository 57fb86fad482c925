import Foundation

/// A value guarded by a lock, for state shared across threads.
///
/// The package supports iOS 17 and macOS 14, where `Synchronization.Mutex` is not available, so it
/// keeps this small wrapper over `NSLock` of its own.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
