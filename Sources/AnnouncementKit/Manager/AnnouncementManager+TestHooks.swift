import Foundation

// What tests ask of the manager to wait on its work rather than on time: facts it decides under its
// lock, read at once.
extension AnnouncementManager {
    /// Whether the background refresh runs: started by the first ``loadAnnouncements()`` unless
    /// ``stop()`` came while it waited for its fetch, ended by ``stop()``. The load decides before it
    /// returns, so after it this answers for good until the next load or stop.
    package var refreshesInBackground: Bool {
        lock.withLock { refreshTask != nil }
    }
}
