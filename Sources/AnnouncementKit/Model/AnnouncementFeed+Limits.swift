public import Foundation

extension AnnouncementFeed {
    /// The feed's global limits on banners, over all its announcements: at most ``maxPerDay``
    /// impressions in any rolling 24 hours, and at least ``minimumInterval`` seconds after an impression
    /// of another announcement. They never hold back a `critical` announcement.
    public struct Limits: Sendable, Hashable {
        /// The most impressions of any announcements in the 24 hours before an instant; `nil`: no cap.
        public var maxPerDay: Int?
        /// The least time in seconds after the last impression of another announcement; `nil`: none.
        public var minimumInterval: TimeInterval?

        /// Creates limits; `nil` leaves a limit out.
        public init(maxPerDay: Int? = nil, minimumInterval: TimeInterval? = nil) {
            self.maxPerDay = maxPerDay
            self.minimumInterval = minimumInterval
        }

        /// Whether neither limit is set.
        package var isEmpty: Bool { maxPerDay == nil && minimumInterval == nil }
    }
}
