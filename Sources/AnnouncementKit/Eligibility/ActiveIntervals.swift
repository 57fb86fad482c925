import Foundation

/// The periods in which an announcement is active by time alone, in time order: the recurring windows clipped to
/// `[startDate, endDate)`, with windows that overlap or touch merged, so that every start is an activation and every
/// end an expiration.
///
/// It walks local days, one window each, from the day before `from` (or before the start date, when later) to the
/// day after `through`, and stops early past the end date: at most some 370 days, never minute by minute. The first
/// period may have begun earlier than it says (the walk does not look further back), and a period still open at
/// the end of the walk may run on; both are beyond what the scheduler asks of it.
struct ActiveIntervals: Sequence, IteratorProtocol {
    private let lower: Date
    private let upper: Date
    private let window: RecurringWindow?
    private var day: Int
    private let lastDay: Int
    private var pending: Range<Date>?

    /// The active periods that reach past `from`, as far as `through`.
    init(_ announcement: Announcement, localTimeZone: TimeZone, from: Date, through: Date) {
        lower = announcement.startDate ?? .distantPast
        upper = announcement.endDate ?? .distantFuture
        guard lower < upper else {
            window = nil
            day = 1
            lastDay = 0
            return
        }
        guard let schedule = announcement.schedule else {
            window = nil
            day = 0
            lastDay = 0
            pending = lower..<upper
            return
        }
        let window = RecurringWindow(schedule, localTimeZone: localTimeZone)
        self.window = window
        day = window.localDay(of: Swift.max(from, lower)) - 1
        lastDay = window.localDay(of: Swift.min(through, upper)) + 1
    }

    /// The next active period, or `nil` when the walk is over.
    mutating func next() -> Range<Date>? {
        if let window {
            while day <= lastDay {
                let opening = day
                day += 1
                guard let interval = window.interval(openingOn: opening) else { continue }
                if interval.lowerBound >= upper {
                    day = lastDay + 1
                    break
                }
                let start = Swift.max(interval.lowerBound, lower)
                let end = Swift.min(interval.upperBound, upper)
                guard start < end else { continue }
                let clipped = start..<end
                guard let current = pending else {
                    pending = clipped
                    continue
                }
                if clipped.lowerBound <= current.upperBound {
                    pending = current.lowerBound..<Swift.max(current.upperBound, clipped.upperBound)
                } else {
                    pending = clipped
                    return current
                }
            }
        }
        defer { pending = nil }
        return pending
    }
}
