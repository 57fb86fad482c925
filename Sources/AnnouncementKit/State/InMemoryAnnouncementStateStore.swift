/// A state store that keeps everything in memory, for tests and SwiftUI previews.
public final class InMemoryAnnouncementStateStore: AnnouncementStateStore, Sendable {
    private let storage: LockedValue<AnnouncementState>

    /// Creates a store holding `state`.
    public init(_ state: AnnouncementState = AnnouncementState()) {
        storage = LockedValue(state)
    }

    /// The current state.
    public func load() -> StateStoreLoad {
        StateStoreLoad(state: storage.withLock { $0 })
    }

    /// Applies `change` under the store's lock.
    @discardableResult
    public func update(_ change: (inout AnnouncementState) -> Void) throws -> AnnouncementState {
        storage.withLock { state in
            change(&state)
            return state
        }
    }
}
