public import Foundation

/// Answers when announcements are shown by time alone: the date range and the recurring window.
///
/// An announcement shows in `[startDate, endDate)` and, when it has a ``Announcement/Schedule``, only inside the
/// schedule's recurring window. Windows are half-open too, a window that ends before it starts runs past midnight
/// and belongs to the weekday on which it opens, and wall-clock times around a daylight-saving change are read as
/// `Calendar.date(from:)` reads them (a skipped time moves forward by the gap, a repeated time is its first
/// occurrence).
///
/// The scheduler is a pure value: the same announcement, instant and zone always give the same answer.
///
/// ```swift
/// let scheduler = AnnouncementScheduler(localTimeZone: TimeZone(identifier: "Europe/Berlin")!)
/// if scheduler.isActive(announcement, at: now) {
///     show(announcement)
/// }
/// let wakeUp = scheduler.nextChange(of: announcement, after: now)  // nil: nothing changes within 366 days
/// ```
public struct AnnouncementScheduler: Sendable {
    /// The zone used for schedules whose timeZone is "local" (the device's zone).
    public var localTimeZone: TimeZone

    /// Creates a scheduler that reads `"local"` schedules in `localTimeZone`.
    public init(localTimeZone: TimeZone = .current) {
        self.localTimeZone = localTimeZone
    }

    /// Time-only status at `date`.
    ///
    /// The raw values are the reasons that eligibility reports for announcements that time alone excludes.
    package enum Status: String, Sendable, Hashable {
        /// Before `startDate`.
        case notStarted
        /// At or after `endDate`.
        case expired
        /// Inside the date range but outside the recurring window.
        case outsideWindow
        /// Inside the date range and inside the window (or there is no schedule).
        case active
    }

    /// How far ahead the next* functions look: 366 days.
    package static let horizon: TimeInterval = 366 * 86_400

    /// Time-only status at `date`: `AnnouncementScheduler.Status.notStarted` before `startDate`, `AnnouncementScheduler.Status.expired` at or after
    /// `endDate`, `AnnouncementScheduler.Status.outsideWindow` inside the range but outside the schedule's window, else
    /// `AnnouncementScheduler.Status.active`.
    package func status(of announcement: Announcement, at date: Date) -> Status {
        if let start = announcement.startDate, date < start { return .notStarted }
        if let end = announcement.endDate, date >= end { return .expired }
        guard let schedule = announcement.schedule else { return .active }
        return RecurringWindow(schedule, localTimeZone: localTimeZone).contains(date) ? .active : .outsideWindow
    }

    /// Whether time alone lets the announcement show at `date` (now when omitted): its status is
    /// `AnnouncementScheduler.Status.active`.
    ///
    /// Richer than a plain date-range check: the end date is excluded (`[startDate, endDate)`) and a recurring
    /// ``Announcement/Schedule`` must also contain `date`.
    public func isActive(_ announcement: Announcement, at date: Date = Date()) -> Bool {
        status(of: announcement, at: date) == .active
    }

    /// The earliest instant strictly after `date` at which the announcement becomes active (inactive just before,
    /// active at it); nil if none within the horizon.
    public func nextActivation(of announcement: Announcement, after date: Date) -> Date? {
        let limit = date.addingTimeInterval(Self.horizon)
        for interval in periods(of: announcement, after: date, through: limit) {
            guard interval.lowerBound <= limit else { return nil }
            if interval.lowerBound > date { return interval.lowerBound }
        }
        return nil
    }

    /// The earliest instant strictly after `date` at which it stops being active (active just before, inactive at
    /// it); nil if none within the horizon (e.g. no endDate and no schedule).
    public func nextExpiration(of announcement: Announcement, after date: Date) -> Date? {
        let limit = date.addingTimeInterval(Self.horizon)
        for interval in periods(of: announcement, after: date, through: limit) {
            guard interval.lowerBound <= limit else { return nil }
            if interval.upperBound > date { return interval.upperBound <= limit ? interval.upperBound : nil }
        }
        return nil
    }

    /// The earliest instant strictly after `date` at which isActive changes: isActive(date) ? nextExpiration :
    /// nextActivation.
    ///
    /// Window edges before `startDate` or after `endDate` are not changes; nil when nothing changes within
    /// `horizon` after `date`.
    package func nextChange(of announcement: Announcement, after date: Date) -> Date? {
        isActive(announcement, at: date)
            ? nextExpiration(of: announcement, after: date) : nextActivation(of: announcement, after: date)
    }

    private func periods(of announcement: Announcement, after date: Date, through limit: Date) -> ActiveIntervals {
        ActiveIntervals(announcement, localTimeZone: localTimeZone, from: date, through: limit)
    }
}
