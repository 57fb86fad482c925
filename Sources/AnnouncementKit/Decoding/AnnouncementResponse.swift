/// A feed's announcements as the announcement template reads them with `JSONDecoder`:
/// `try JSONDecoder().decode(AnnouncementResponse.self, from: data).announcements`.
///
/// Each item is checked as ``FeedDecoder`` checks it, but `JSONDecoder` stops at the first item that
/// cannot be used and throws for the whole body. ``FeedDecoder`` keeps the usable items and reports
/// the others with line and column, so the providers use it.
public struct AnnouncementResponse: Codable, Sendable, Hashable {
    /// The announcements, in feed order.
    public let announcements: [Announcement]

    /// Creates a response holding `announcements`.
    public init(announcements: [Announcement]) {
        self.announcements = announcements
    }
}
