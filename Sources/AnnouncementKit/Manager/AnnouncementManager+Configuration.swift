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
        /// Where the manager's log records go (fetch outcomes, items dropped, state store problems,
        /// budget hits): ``AnnouncementLogHandler/standard`` by default, `os.Logger` on Apple platforms and
        /// nothing on Linux. See <doc:Logging>.
        public var logHandler: AnnouncementLogHandler
        /// Decides the target audiences (``Announcement/targetAudience``) the context's segments do not,
        /// for segments the app knows only as code (a subscription check); by default none beyond the
        /// context's. See ``AudienceResolver``.
        public var audienceResolver: AudienceResolver

        /// Creates a configuration; by default banners follow each other at once, the feed is
        /// refreshed every 15 minutes, the log goes to the platform's log (``AnnouncementLogHandler/standard``)
        /// and the context's segments alone decide target audiences.
        public init(
            actionPolicy: ActionPolicy = ActionPolicy(), minimumIntervalBetweenBanners: TimeInterval = 0,
            refreshInterval: TimeInterval = 900, localTimeZone: TimeZone = .current,
            logHandler: AnnouncementLogHandler = .standard, audienceResolver: AudienceResolver = AudienceResolver()
        ) {
            self.actionPolicy = actionPolicy
            self.minimumIntervalBetweenBanners = minimumIntervalBetweenBanners
            self.refreshInterval = refreshInterval
            self.localTimeZone = localTimeZone
            self.logHandler = logHandler
            self.audienceResolver = audienceResolver
        }
    }
}
