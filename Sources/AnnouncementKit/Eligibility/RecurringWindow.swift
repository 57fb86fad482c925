import Foundation

/// A resolved ``Announcement/Schedule``: the zone, the weekdays and the window's wall-clock edges, able to say
/// which instants the window covers on any local day.
///
/// Local days are numbered as days since 1970-01-01 in the schedule's zone. Wall-clock times become instants the
/// way `Calendar.date(from:)` reads them: a time skipped by a daylight-saving change moves forward by the length
/// of the gap (02:30 on a day that jumps from 02:00 to 03:00 is 03:30), and a time that occurs twice is its first
/// occurrence. The end of the day (24:00) is the next day's local midnight.
struct RecurringWindow: Sendable {
    /// The Gregorian calendar in the schedule's zone.
    let calendar: Calendar
    /// Which ISO weekdays open the window; index 1 = Monday … 7 = Sunday (index 0 is unused).
    let opensOn: [Bool]
    /// Minutes after the opening day's midnight at which the window opens (0…1440).
    let startMinutes: Int
    /// Minutes after midnight at which the window closes, on the opening day, or on the next day when it is
    /// below ``startMinutes``.
    let endMinutes: Int

    /// Resolves a schedule: `"local"` means `localTimeZone`; a zone name the system does not know (possible
    /// only for schedules written in code, the feed decoder refuses them) and weekdays outside 1…7 never open.
    init(_ schedule: Announcement.Schedule, localTimeZone: TimeZone) {
        let zoneCalendar =
            schedule.timeZone == Announcement.Schedule.localTimeZone
            ? GregorianCalendars.calendar(in: localTimeZone) : GregorianCalendars.calendar(named: schedule.timeZone)
        let zone = zoneCalendar?.timeZone
        self.calendar = zoneCalendar ?? GregorianCalendars.calendar(in: TimeZone(secondsFromGMT: 0)!)
        var opensOn = [Bool](repeating: zone != nil && schedule.weekdays == nil, count: 8)
        if zone != nil, let weekdays = schedule.weekdays {
            for weekday in weekdays where (1...7).contains(weekday) {
                opensOn[weekday] = true
            }
        }
        opensOn[0] = false
        self.opensOn = opensOn
        let start = schedule.startTime?.minutesSinceMidnight ?? 0
        let end = schedule.endTime?.minutesSinceMidnight ?? Self.minutesPerDay
        if start == end || start == 0 && end == Self.minutesPerDay {
            startMinutes = 0
            endMinutes = Self.minutesPerDay
        } else {
            startMinutes = start
            endMinutes = end
        }
    }

    /// The local day (days since 1970-01-01 in the schedule's zone) that contains `date`. A date beyond
    /// ±10^12 days (no clock shows one; a `Date` of ±∞ or NaN from a broken time source) counts as that
    /// bound, so the day arithmetic around it never overflows.
    func localDay(of date: Date) -> Int {
        let offset = calendar.timeZone.secondsFromGMT(for: date)
        let seconds = (date.timeIntervalSince1970 + Double(offset)).rounded(.down)
        let days = (seconds / Self.secondsPerDay).rounded(.down)
        return Int(saturating: min(max(days, -1e12), 1e12))
    }

    /// The instants covered by the window that opens on local day `day`; `nil` when it does not open that day,
    /// or when a daylight-saving change leaves it empty (such as 02:30–03:15 on a day that skips 02:00–03:00).
    func interval(openingOn day: Int) -> Range<Date>? {
        guard opensOn[Self.isoWeekday(of: day)] else { return nil }
        let closingDay = endMinutes > startMinutes ? day : day + 1
        guard let start = instant(day: day, minutes: startMinutes),
            let end = instant(day: closingDay, minutes: endMinutes), start < end
        else { return nil }
        return start..<end
    }

    /// Whether `date` lies in a window; only the windows opening on its local day and the day before can hold it.
    func contains(_ date: Date) -> Bool {
        let day = localDay(of: date)
        return (day - 1...day).contains { interval(openingOn: $0)?.contains(date) == true }
    }

    /// The instant at which the wall clock of the schedule's zone shows `minutes` after midnight on `day`.
    private func instant(day: Int, minutes: Int) -> Date? {
        let (year, month, dayOfMonth) = Self.civilDate(day + minutes / Self.minutesPerDay)
        let minuteOfDay = minutes % Self.minutesPerDay
        let components = DateComponents(
            year: year, month: month, day: dayOfMonth, hour: minuteOfDay / 60, minute: minuteOfDay % 60)
        return calendar.date(from: components)
    }

    private static let minutesPerDay = 1440
    private static let secondsPerDay = 86_400.0

    /// 1 = Monday … 7 = Sunday; day 0 (1970-01-01) was a Thursday.
    static func isoWeekday(of day: Int) -> Int {
        ((day % 7 + 7 + 3) % 7) + 1
    }

    /// The proleptic Gregorian year, month and day of a day number (days since 1970-01-01).
    static func civilDate(_ day: Int) -> (year: Int, month: Int, day: Int) {
        Timestamp.civilFromDays(day)
    }
}
