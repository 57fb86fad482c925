/// Keeps the ids of dismissed announcements: the simple store, with no revisions, dates or impressions.
///
/// Shipped: ``UserDefaultsDismissalStore`` and ``InMemoryDismissalStore``. Give one to
/// ``AnnouncementManager/init(provider:dismissalStore:scheduler:audienceResolver:context:timeSource:configuration:)``, or wrap it in a
/// `DismissalStoreStateStore` to use it wherever an ``AnnouncementStateStore`` is taken. A store of your
/// own should also adopt ``DismissalListing``, so that the ids it held before a launch are known at load.
public protocol DismissalStoring: Sendable {
    /// Whether the announcement `id` was dismissed.
    func isDismissed(id: String) -> Bool
    /// Records that the announcement `id` was dismissed.
    func markDismissed(id: String)
    /// Forgets every dismissal.
    func clearAll()
}

/// A dismissal store that can list the ids it holds.
public protocol DismissalListing: DismissalStoring {
    /// Every id marked dismissed.
    func dismissedIDs() -> Set<String>
}
