public import Foundation

extension AnnouncementState {
    /// One impression of an announcement, kept in ``recentImpressions`` for the feed's global limits.
    public struct RecentImpression: Sendable, Hashable {
        /// The announcement that was shown.
        public var id: String
        /// When it was shown.
        public var date: Date

        /// Creates a record.
        public init(id: String, date: Date) {
            self.id = id
            self.date = date
        }
    }

    /// How long an impression stays in ``recentImpressions``: 24 hours, the window of `maxPerDay`.
    package static let recentImpressionWindow: TimeInterval = 86_400

    /// The most impressions ``recentImpressions`` keeps: 1,000, the oldest going first. A feed's
    /// `maxPerDay` above it holds back at this many.
    package static let maximumRecentImpressions = 1_000

    /// Drops from ``recentImpressions`` what the rules can no longer read at `date`: impressions
    /// `recentImpressionWindow` or more before it, or as far after it (the clock went back: not
    /// trusted), and the oldest past `maximumRecentImpressions`.
    package mutating func pruneRecentImpressions(at date: Date) {
        let window = Self.recentImpressionWindow
        recentImpressions.removeAll {
            date.timeIntervalSince($0.date) >= window || $0.date.timeIntervalSince(date) > window
        }
        if recentImpressions.count > Self.maximumRecentImpressions {
            recentImpressions.sort { $0.date < $1.date }
            recentImpressions.removeFirst(recentImpressions.count - Self.maximumRecentImpressions)
        }
    }

    /// The impressions that count at `date`: shown less than `recentImpressionWindow` before it (an
    /// impression exactly that long before no longer counts), or no more than that after it.
    package func countedImpressions(at date: Date) -> [RecentImpression] {
        let window = Self.recentImpressionWindow
        return recentImpressions.filter {
            date.timeIntervalSince($0.date) < window && $0.date.timeIntervalSince(date) <= window
        }
    }
}
