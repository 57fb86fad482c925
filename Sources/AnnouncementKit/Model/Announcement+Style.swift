extension Announcement {
    /// How a banner looks and how urgent it is.
    ///
    /// A feed may name a style this version does not know; the decoder then uses ``info`` and
    /// reports a warning, so a feed written for a newer client still shows.
    public enum Style: String, Sendable, Hashable, CaseIterable, Codable {
        /// Neutral information.
        case info
        /// Something the user should know before it affects them, such as planned maintenance.
        case warning
        /// Good news: something finished or became available.
        case success
        /// An offer or a new feature to try.
        case promotion
        /// Something is wrong now, such as an outage.
        case critical
    }
}
