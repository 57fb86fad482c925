/// A source of announcements, as the announcement template writes it: one call that returns the
/// announcements or throws.
///
/// Write one for a source of your own; the manager keeps the announcements it has when a fetch
/// throws. Providers that can say more (where the announcements came from, what went wrong, a cache
/// for the app's launch) conform to ``AnnouncementFeedProviding``, as the package's own do.
///
/// ```swift
/// struct BundledProvider: AnnouncementProviding {
///     func fetchAnnouncements() async throws -> [Announcement] {
///         guard let url = Bundle.main.url(forResource: "announcements", withExtension: "json") else {
///             throw AnnouncementError.fetchFailed
///         }
///         return try JSONDecoder().decode(AnnouncementResponse.self, from: Data(contentsOf: url)).announcements
///     }
/// }
/// ```
public protocol AnnouncementProviding: Sendable {
    /// Loads the announcements; throws when there are none to give (``AnnouncementError``, or any
    /// error of the provider's own).
    func fetchAnnouncements() async throws -> [Announcement]
}
