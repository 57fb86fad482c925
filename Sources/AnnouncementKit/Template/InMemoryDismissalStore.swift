/// A dismissal store in memory, for tests and previews: it forgets everything when released.
///
/// ```swift
/// let manager = AnnouncementManager(provider: provider, dismissalStore: InMemoryDismissalStore())
/// ```
public final class InMemoryDismissalStore: DismissalListing, Sendable {
    private let ids = LockedValue<Set<String>>([])

    /// Creates an empty store.
    public init() {}

    /// Whether `id` was marked dismissed.
    public func isDismissed(id: String) -> Bool {
        ids.withLock { $0.contains(id) }
    }

    /// Marks `id` dismissed.
    public func markDismissed(id: String) {
        _ = ids.withLock { $0.insert(id) }
    }

    /// Forgets every id.
    public func clearAll() {
        ids.withLock { $0.removeAll() }
    }

    /// The ids marked dismissed.
    public func dismissedIDs() -> Set<String> {
        ids.withLock { $0 }
    }
}
