public import Foundation

/// A dismissal store in `UserDefaults`: the dismissed ids, as an array of strings under
/// `dismissed_announcement_ids`.
///
/// The key and format are those of the announcement template's own store, so an app moving to this
/// package keeps its users' dismissals. Within a process, marking is one read-change-write step.
///
/// ```swift
/// let manager = AnnouncementManager(provider: provider, dismissalStore: UserDefaultsDismissalStore())
/// ```
public final class UserDefaultsDismissalStore: DismissalListing, @unchecked Sendable {
    // UserDefaults is thread-safe; the lock makes read-change-write one step within this process.
    private let defaults: UserDefaults
    private let lock = LockedValue(())

    /// The key the ids are stored under.
    public static let key = "dismissed_announcement_ids"

    /// Creates a store in `defaults`.
    public init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    /// Whether `id` is among the stored ids.
    public func isDismissed(id: String) -> Bool {
        dismissedIDs().contains(id)
    }

    /// Adds `id` to the stored ids.
    public func markDismissed(id: String) {
        lock.withLock { _ in
            var ids = storedIDs()
            guard !ids.contains(id) else { return }
            ids.append(id)
            defaults.set(ids, forKey: Self.key)
        }
    }

    /// Removes the key.
    public func clearAll() {
        lock.withLock { _ in defaults.removeObject(forKey: Self.key) }
    }

    /// The stored ids.
    public func dismissedIDs() -> Set<String> {
        Set(storedIDs())
    }

    private func storedIDs() -> [String] {
        defaults.stringArray(forKey: Self.key) ?? []
    }
}
