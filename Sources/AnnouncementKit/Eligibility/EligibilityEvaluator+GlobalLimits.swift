import Foundation

/// The feed's global limits (``AnnouncementFeed/Limits``): `maxPerDay` over the impressions of every
/// announcement in the rolling 24 hours before an instant, and `minimumInterval` since the last impression
/// of another announcement, both read from ``AnnouncementState/recentImpressions``. A `critical`
/// announcement is never held back by them.
extension EligibilityEvaluator {
    /// Why the global limits hold `announcement` back at `date`, if they do.
    func globalLimit(_ announcement: Announcement, at date: Date) -> ExclusionCause? {
        guard let limits, announcement.style != .critical else { return nil }
        if let maximum = limits.maxPerDay, Self.dayCapRelease(maximum, state: state, at: date) != nil {
            return .globalDailyLimit(maximum)
        }
        if let interval = limits.minimumInterval,
            Self.intervalRelease(interval, excluding: announcement.id, state: state, at: date) != nil
        {
            return .globalMinimumInterval(interval)
        }
        return nil
    }

    /// When every global limit that holds `announcement` back at `date` has let go; `nil` when none holds
    /// it back.
    func globalLimitRelease(of announcement: Announcement, at date: Date) -> Date? {
        guard let limits, announcement.style != .critical else { return nil }
        let day = limits.maxPerDay.flatMap { Self.dayCapRelease($0, state: state, at: date) }
        let interval = limits.minimumInterval.flatMap {
            Self.intervalRelease($0, excluding: announcement.id, state: state, at: date)
        }
        guard let day else { return interval }
        return interval.map { max($0, day) } ?? day
    }

    /// The instant the count of impressions in the window falls below `maximum` (capped at
    /// `AnnouncementState.maximumRecentImpressions`), while it is not below at `date`: the instant the
    /// impression that must leave for that leaves the window.
    private static func dayCapRelease(_ maximum: Int, state: AnnouncementState, at date: Date) -> Date? {
        let cap = min(maximum, AnnouncementState.maximumRecentImpressions)
        let counted = state.countedImpressions(at: date)
        guard counted.count >= cap else { return nil }
        let dates = counted.map(\.date).sorted()
        return dates[counted.count - cap].addingTimeInterval(AnnouncementState.recentImpressionWindow)
    }

    /// The end of `interval` after the last impression of an announcement other than `id`, while it runs
    /// at `date` (an impression dated further ahead than `interval` is not trusted, as for an item's own
    /// interval).
    private static func intervalRelease(
        _ interval: TimeInterval, excluding id: String, state: AnnouncementState, at date: Date
    ) -> Date? {
        var last: Date?
        for record in state.recentImpressions where record.id != id && record.date <= date.addingTimeInterval(interval)
        {
            last = max(last ?? record.date, record.date)
        }
        guard let last else { return nil }
        return AnnouncementState.timedEnd(since: last, lasting: interval, at: date)
    }
}
