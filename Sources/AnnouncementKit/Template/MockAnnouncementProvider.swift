/// A provider for tests and SwiftUI previews: it returns ``announcements``, or throws
/// ``AnnouncementError/fetchFailed`` when ``shouldFail`` is set.
///
/// ```swift
/// let manager = AnnouncementManager(
///     provider: MockAnnouncementProvider(announcements: [Announcement(id: "a", title: "Hi", message: "…")]),
///     dismissalStore: InMemoryDismissalStore())
/// ```
///
/// For scripted results (a cache at launch, a failure described in a ``FetchResult``, a fetch that
/// waits like a slow network), use `StubAnnouncementProvider` from AnnouncementKitTesting.
public struct MockAnnouncementProvider: AnnouncementProviding {
    /// What every fetch returns.
    public let announcements: [Announcement]
    /// Whether fetches throw ``AnnouncementError/fetchFailed`` instead.
    public var shouldFail: Bool = false

    /// Creates a provider that returns `announcements`, or throws when `shouldFail` is set.
    public init(announcements: [Announcement], shouldFail: Bool = false) {
        self.announcements = announcements
        self.shouldFail = shouldFail
    }

    /// ``announcements``, or ``AnnouncementError/fetchFailed`` when ``shouldFail`` is set.
    public func fetchAnnouncements() async throws -> [Announcement] {
        if shouldFail { throw AnnouncementError.fetchFailed }
        return announcements
    }
}
