import Foundation

/// How the manager reaches its state store. The large reads and writes (the load, the prune at each
/// refresh) run off the caller's thread (often the main actor), and off the threads Swift concurrency shares, since a store blocks
/// on file locks and disk writes: on one serial queue, so they run in order. The small writes that
/// must be durable when a call returns run on the caller's thread, taking with them the changes of any
/// background write not yet written (``StateWriteBatches``).
struct StateStoreAccess: Sendable {
    private let store: any AnnouncementStateStore
    private let queue = DispatchQueue(label: "AnnouncementKit.state-store", qos: .userInitiated)
    private let batches = StateWriteBatches()

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

    /// The store's ``AnnouncementStateStore/update(_:)``, run now on the caller's thread, with the changes
    /// of background writes that have not been written yet before `change`.
    func updateNow(_ change: @escaping (inout AnnouncementState) -> Void) throws -> AnnouncementState {
        try batches.writeNow(change) { try store.update($0) }
    }

    /// A background write of `changes` then `extra`, run on the queue; `nil` when a write on the caller's
    /// thread took `changes` meanwhile and there is no `extra`.
    func updateInBackground(
        _ changes: [StateWriteBatches.Change], then extra: StateWriteBatches.Change?
    ) async -> Result<AnnouncementState, any Error>? {
        let token = batches.begin(changes)
        return await run { [store, batches] in batches.writeBatch(token, then: extra) { try store.update($0) } }
    }

    private func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
