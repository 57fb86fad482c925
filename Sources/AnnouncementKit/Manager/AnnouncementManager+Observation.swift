import Foundation
import Observation

// How the manager tells observers (SwiftUI, `withObservationTracking`) about its properties: it is not
// built by the `@Observable` macro, because its stored properties are guarded by its lock, and each
// read and write goes through these.
extension AnnouncementManager {
    /// Reads `value` under the lock, registering access to `keyPath` for observers.
    func read<Member, Value>(_ keyPath: KeyPath<AnnouncementManager, Member>, _ value: () -> Value) -> Value {
        observationRegistrar.access(self, keyPath: keyPath)
        return lock.withLock(value)
    }

    /// Makes `change` under the lock, telling the observers of `keyPath`.
    func write<Member>(_ keyPath: KeyPath<AnnouncementManager, Member>, _ change: () -> Void) {
        lock.withLock { observationRegistrar.withMutation(of: self, keyPath: keyPath, change) }
    }

    func access<Member>(keyPath: KeyPath<AnnouncementManager, Member>) {
        observationRegistrar.access(self, keyPath: keyPath)
    }

    func withMutation<Member, Result>(
        keyPath: KeyPath<AnnouncementManager, Member>, _ mutation: () throws -> Result
    ) rethrows -> Result {
        try observationRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
    }
}
