import Foundation

/// A state store whose calls run off the main actor, and off the threads Swift concurrency shares,
/// since a store blocks on file locks and disk writes: on one serial queue, so they run in order.
/// The manager makes its large reads and writes (the load, the prune at each refresh) through it.
struct BackgroundStateStore: Sendable {
    /// The store the calls go to.
    let store: any AnnouncementStateStore
    private let queue = DispatchQueue(label: "AnnouncementKit.state-store", qos: .userInitiated)

    /// Creates a background door to `store`.
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

    private func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
