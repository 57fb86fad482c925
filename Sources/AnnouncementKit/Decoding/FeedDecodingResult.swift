/// What decoding a feed gives: the usable announcements, every finding, and the items dropped.
public struct FeedDecodingResult: Sendable, Hashable {
    /// The feed with every announcement that passed its checks, in feed order.
    public var feed: AnnouncementFeed
    /// Every error and warning, in source order.
    public var diagnostics: [Diagnostic]
    /// The items that were dropped, with the errors that dropped them.
    public var rejected: [RejectedAnnouncement]

    /// Creates a result.
    package init(feed: AnnouncementFeed, diagnostics: [Diagnostic], rejected: [RejectedAnnouncement]) {
        self.feed = feed
        self.diagnostics = diagnostics
        self.rejected = rejected
    }

    /// The announcements that passed their checks.
    public var announcements: [Announcement] { feed.announcements }
    /// The findings of severity error.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// The findings of severity warning.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}

/// An item of the feed that was dropped because it failed a check.
public struct RejectedAnnouncement: Sendable, Hashable {
    /// Its index in the feed's `announcements` array.
    public var index: Int
    /// Its id, when it has a usable one.
    public var id: String?
    /// Its JSON path, such as `$.announcements[3]`.
    public var path: String
    /// The errors that dropped it.
    public var errors: [Diagnostic]

    /// Creates a record of a dropped item.
    package init(index: Int, id: String?, path: String, errors: [Diagnostic]) {
        self.index = index
        self.id = id
        self.path = path
        self.errors = errors
    }
}
