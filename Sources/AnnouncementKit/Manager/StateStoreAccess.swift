import Foundation

/// How the manager reaches its state store. The large reads and writes (the load, the prune at each
/// refresh) run off the caller's thread (often the main actor), and off the threads Swift concurrency shares, since a store blocks
/// on file locks and disk writes: on one serial queue, so they run in order. The small writes that
/// must be durable when a call returns run on the caller's thread.
struct StateStoreAccess: Sendable {
    private let store: any AnnouncementStateStore
    private let queue = DispatchQueue(label: "AnnouncementKit.state-store", qos: .userInitiated)

    /// Creates access to `store`.
    init(_ store: any AnnouncementStateStore) {
        self.store = store
    }

    /// The store's ``AnnouncementStateStore/load()``, run on the queue.
    func load() async -> StateStoreLoad {
        await run { [store] in store.load() }
    }

    /// The store's ``AnnouncementStateStore/update(_:)``, run on the queue.
    func update(
        _ change: @escaping @Sendable (inout AnnouncementState) -> Void
    ) async -> Result<AnnouncementState, any Error> {
        await run { [store] in Result { try store.update(change) } }
    }

    /// The store's ``AnnouncementStateStore/update(_:)``, run now on the caller's thread.
    func updateNow(_ change: (inout AnnouncementState) -> Void) throws -> AnnouncementState {
        try store.update(change)
    }

    private func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
