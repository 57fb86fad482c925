/// A source of announcements: a remote feed, definitions in code, or several combined.
///
/// Providers never throw: a failure is described in the ``FetchResult``, which still carries the
/// best announcements available (the last good cache, then local definitions).
public protocol AnnouncementProviding: Sendable {
    /// Loads announcements, from the network where the provider has one.
    ///
    /// - Parameter force: `true` when the user asked (pull to refresh): skips the minimum interval,
    ///   the cache's freshness and any back-off, including after a 4xx answer.
    func fetchAnnouncements(force: Bool) async -> FetchResult

    /// The announcements available at once, without the network (a disk cache or definitions in
    /// code), for the app's launch; `nil` when there are none.
    func cachedAnnouncements() async -> FetchResult?
}

extension AnnouncementProviding {
    /// Loads announcements, respecting the minimum interval, freshness and back-off.
    public func fetchAnnouncements() async -> FetchResult {
        await fetchAnnouncements(force: false)
    }
}
