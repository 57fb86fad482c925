public import Foundation

extension AnnouncementManager {
    /// How the manager behaves.
    public struct Configuration: Sendable {
        /// The safety rules actions are checked against again before they are routed.
        public var actionPolicy: ActionPolicy
        /// The least time between one banner going away and a different one showing, in seconds.
        public var minimumIntervalBetweenBanners: TimeInterval
        /// How often the feed is refreshed while the manager runs, in seconds.
        public var refreshInterval: TimeInterval
        /// The zone of schedules whose time zone is `local`.
        public var localTimeZone: TimeZone

        /// Creates a configuration; by default banners follow each other at once and the feed is
        /// refreshed every 15 minutes.
        public init(
            actionPolicy: ActionPolicy = ActionPolicy(), minimumIntervalBetweenBanners: TimeInterval = 0,
            refreshInterval: TimeInterval = 900, localTimeZone: TimeZone = .current
        ) {
            self.actionPolicy = actionPolicy
            self.minimumIntervalBetweenBanners = minimumIntervalBetweenBanners
            self.refreshInterval = refreshInterval
            self.localTimeZone = localTimeZone
        }
    }
}
