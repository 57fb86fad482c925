public import Foundation

/// What has happened to announcements on this installation: dismissals and impressions.
///
/// It is a plain value; eligibility reads it and stores persist it (see `AnnouncementStateFile`).
/// It stays bounded whatever the feed does: only ids that were dismissed or shown are tracked, records
/// of ids gone from the feed for `retention` are pruned, and at most `maximumTrackedIDs` ids are
/// kept, the oldest going first.
public struct AnnouncementState: Sendable, Hashable {
    /// A dismissal of one revision of an announcement.
    public struct Dismissal: Sendable, Hashable {
        /// The revision that was dismissed; a higher revision shows again.
        public var revision: Int
        /// When it was dismissed.
        public var date: Date

        /// The revision of a dismissal that counts for every revision: the highest a feed can give
        /// (2^53 − 1, the largest integer JSON numbers hold exactly), so the state file keeps it as is.
        public static let everyRevision = 9_007_199_254_740_991

        /// Creates a dismissal record.
        public init(revision: Int, date: Date) {
            self.revision = revision
            self.date = date
        }
    }

    /// How often an announcement has been shown.
    public struct Impressions: Sendable, Hashable {
        /// Impressions ever, for this id.
        public var count: Int
        /// The last impression.
        public var last: Date

        /// Creates an impression record.
        public init(count: Int, last: Date) {
            self.count = count
            self.last = last
        }
    }

    /// How often an app event has happened (see `AnnouncementManager/track(_:)`).
    public struct EventRecord: Sendable, Hashable {
        /// Occurrences recorded.
        public var count: Int
        /// The last occurrence.
        public var last: Date

        /// Creates an event record.
        public init(count: Int, last: Date) {
            self.count = count
            self.last = last
        }
    }

    /// Dismissals by announcement id.
    public var dismissals: [String: Dismissal]
    /// Impressions by announcement id.
    public var impressions: [String: Impressions]
    /// Ids shown in the current app session; not persisted (a new session starts empty).
    public var shownThisSession: Set<String>
    /// A random id of this installation, used as the rollout key when there is no user id.
    public var installationID: String?
    /// When each id that has a dismissal or impressions was last seen in a feed (or last dismissed or
    /// shown, when that is later); the manager's prune at each refresh drops the entries of ids absent for
    /// `retention` and the state keeps at most `maximumTrackedIDs` ids, oldest first out.
    public var lastSeen: [String: Date]
    /// App events by name, for triggers and targeting rules; at most `maximumTrackedEvents` names of at
    /// most `maximumEventNameLength` bytes, the one whose last occurrence is oldest going first.
    public var events: [String: EventRecord]
    /// The impressions of any announcements in the last `recentImpressionWindow`, at most
    /// `maximumRecentImpressions`, for the feed's global limits; persisted, so a relaunch keeps them.
    public var recentImpressions: [RecentImpression]
    /// The impressions whose `goal` event may still convert them, at most `maximumConversionWindows`;
    /// persisted, so a relaunch keeps them open.
    public var conversionWindows: [ConversionWindow]
    /// When a banner last went away (dismissed, or hidden when its `autoDismissAfter` ran out); persisted,
    /// so the manager's ``AnnouncementManager/Configuration/minimumIntervalBetweenBanners`` still holds the
    /// next banner back after a relaunch.
    public var lastBannerLeft: Date?

    /// Creates a state; the default is a fresh installation.
    public init(
        dismissals: [String: Dismissal] = [:], impressions: [String: Impressions] = [:],
        shownThisSession: Set<String> = [], installationID: String? = nil, lastSeen: [String: Date] = [:],
        events: [String: EventRecord] = [:],
        recentImpressions: [RecentImpression] = [],
        conversionWindows: [ConversionWindow] = [],
        lastBannerLeft: Date? = nil
    ) {
        self.dismissals = dismissals
        self.impressions = impressions
        self.shownThisSession = shownThisSession
        self.installationID = installationID
        self.lastSeen = lastSeen
        self.events = events
        self.recentImpressions = recentImpressions
        self.conversionWindows = conversionWindows
        self.lastBannerLeft = lastBannerLeft
    }

    /// Records one impression of the announcement `id` at `date`. The id counts as seen at `date`;
    /// when the state already tracks `maximumTrackedIDs` other ids, the oldest goes. The impression
    /// joins ``recentImpressions``, which drops what the global limits can no longer read.
    package mutating func recordImpression(of id: String, at date: Date) {
        let previous = impressions[id]?.count ?? 0
        // A count set to Int.max (by an app, or a state file's largest integer) stays there, never traps.
        let (count, overflow) = previous.addingReportingOverflow(1)
        impressions[id] = Impressions(count: overflow ? .max : count, last: date)
        lastSeen[id] = date
        shownThisSession.insert(id)
        enforceCapacity(preferring: [id])
        recentImpressions.append(RecentImpression(id: id, date: date))
        pruneRecentImpressions(at: date)
    }

    /// When a period of `duration` seconds that began at `start` ends, if it is running at `date`; `nil`
    /// when it is over or when `start` lies further than `duration` after `date` (the clock went back:
    /// the period is not trusted, so it cannot lock anything out for longer than twice its length).
    static func timedEnd(since start: Date, lasting duration: TimeInterval, at date: Date) -> Date? {
        let end = start.addingTimeInterval(duration)
        guard date < end, start.timeIntervalSince(date) <= duration else { return nil }
        return end
    }
}
