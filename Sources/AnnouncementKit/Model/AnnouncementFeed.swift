/// A feed: the document a feed author publishes, holding the announcements and their defaults.
public struct AnnouncementFeed: Sendable, Hashable {
    /// The highest `schemaVersion` this version of the package reads.
    public static let supportedSchemaVersion = 1

    /// The feed format version; absent in a feed means 1.
    public var schemaVersion: Int
    /// The language whose text every localized field must have; the fallback for other locales.
    public var defaultLocale: String
    /// The announcements, in feed order.
    public var announcements: [Announcement]
    /// The feed-level `limits` over all its announcements; `nil` when the feed sets none.
    public var limits: Limits?

    /// Creates a feed.
    public init(
        schemaVersion: Int = AnnouncementFeed.supportedSchemaVersion, defaultLocale: String = "en",
        announcements: [Announcement], limits: Limits? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.defaultLocale = defaultLocale
        self.announcements = announcements
        self.limits = limits
    }
}
