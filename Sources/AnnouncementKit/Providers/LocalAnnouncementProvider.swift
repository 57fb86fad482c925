/// Announcements defined in code, such as a welcome message that must show without a network.
///
/// ```swift
/// let local = LocalAnnouncementProvider([
///     Announcement(id: "welcome", title: "Welcome!", message: "Take the tour.", targetAudience: "newUsers")
/// ])
/// ```
public struct LocalAnnouncementProvider: AnnouncementFeedProviding {
    /// The announcements, in priority-tie order.
    public var announcements: [Announcement]
    /// The language localized text falls back to.
    public var defaultLocale: String
    /// Global limits on banners, as a feed's `limits` sets them (see ``AnnouncementFeed/Limits``); `nil`
    /// sets none. A ``CombinedAnnouncementProvider`` applies the stricter of its providers' limits.
    public var limits: AnnouncementFeed.Limits?

    /// Creates a provider of `announcements`, as the announcement template writes it:
    /// `LocalAnnouncementProvider(announcements: [...])`.
    public init(announcements: [Announcement]) {
        self.init(announcements)
    }

    /// Creates a provider of fixed announcements, with global `limits` when given.
    public init(_ announcements: [Announcement], defaultLocale: String = "en", limits: AnnouncementFeed.Limits? = nil) {
        self.announcements = announcements
        self.defaultLocale = defaultLocale
        self.limits = limits
    }

    /// The announcements and limits, with source `local`.
    public func fetchFeed(force: Bool) async -> FetchResult {
        FetchResult(announcements: announcements, defaultLocale: defaultLocale, source: .local, limits: limits)
    }

    /// The same announcements: they need no network.
    public func cachedFeed() async -> FetchResult? {
        await fetchFeed(force: false)
    }
}
