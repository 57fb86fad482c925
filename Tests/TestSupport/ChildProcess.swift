public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stopping the servers the tests start.
public enum ChildProcess {
    /// Kills `process` with SIGKILL and waits for it.
    ///
    /// Not SIGTERM: a child started from a Swift concurrency thread inherits that thread's blocked
    /// signal mask, and nginx with `master_process off` never unblocks SIGTERM, so it would not stop.
    public static func kill(_ process: Process) {
        guard process.isRunning else { return }
        #if canImport(Glibc)
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
        #else
            _ = Darwin.kill(process.processIdentifier, SIGKILL)
        #endif
        process.waitUntilExit()
    }
}
