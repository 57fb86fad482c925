/// A provider that describes each load: the announcements, where they came from and why when
/// something went wrong, and the announcements available at launch without the network.
///
/// Feed providers never throw from ``fetchFeed(force:)``: a failure is described in the
/// ``FetchResult``, which still carries the best announcements available (the last good cache, then
/// local definitions). ``RemoteAnnouncementProvider``, ``LocalAnnouncementProvider`` and
/// ``CombinedAnnouncementProvider`` are feed providers; so is `StubAnnouncementProvider`
/// (AnnouncementKitTesting).
public protocol AnnouncementFeedProviding: AnnouncementProviding {
    /// Loads announcements, from the network where the provider has one.
    ///
    /// - Parameter force: `true` when the user asked (pull to refresh): skips the minimum interval,
    ///   the cache's freshness and any back-off, including after a 4xx answer.
    func fetchFeed(force: Bool) async -> FetchResult

    /// The announcements available at once, without the network (a disk cache or definitions in
    /// code), for the app's launch; `nil` when there are none.
    func cachedFeed() async -> FetchResult?
}

extension AnnouncementFeedProviding {
    /// Loads announcements, respecting the minimum interval, freshness and back-off.
    public func fetchFeed() async -> FetchResult {
        await fetchFeed(force: false)
    }

    /// The announcements of an unforced ``fetchFeed(force:)``, as ``AnnouncementProviding`` asks.
    ///
    /// A result that still carries announcements after a failure (the last good cache, the fallback)
    /// is an answer. With nothing usable, a feed that could not be read throws
    /// ``AnnouncementError/decodingFailed`` and any other failure ``AnnouncementError/fetchFailed``.
    public func fetchAnnouncements() async throws -> [Announcement] {
        try await fetchFeed(force: false).usableAnnouncements()
    }
}

extension FetchResult {
    /// The announcements, unless the load failed and left none: then the error a simple provider
    /// throws for that failure.
    func usableAnnouncements() throws(AnnouncementError) -> [Announcement] {
        guard let failure, announcements.isEmpty else { return announcements }
        throw failure.kind == .invalidFeed ? .decodingFailed : .fetchFailed
    }
}
