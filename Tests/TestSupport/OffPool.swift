public import Foundation

/// Blocking work (a child process, a read from a pipe, a sleep between kills) run on a thread of its
/// own while the calling task waits without holding a thread.
///
/// Swift Testing runs tests on the concurrency pool, which has one thread per core: a test that blocks
/// its thread for seconds starves every other test of the run on a 2-core machine, and the tests that
/// race real deadlines (image downloads against their deadline) then fail for a reason of the test
/// run, not of the package. Tests that wait for processes go through here.
public enum OffPool {
    /// Runs `body` on a new thread and returns what it returns, or rethrows what it throws.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.stackSize = 1 << 22
            thread.start()
        }
    }
}
