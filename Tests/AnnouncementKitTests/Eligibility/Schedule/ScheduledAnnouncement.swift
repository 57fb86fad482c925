import AnnouncementKit
import Foundation
import Testing

/// Named announcements with a recurring window, shared by the schedule tables.
///
/// Reference weeks: 2026-06-01 is a Monday. DST nights: Europe/Berlin 2026-03-29 (02:00 → 03:00) and 2026-10-25
/// (03:00 → 02:00), America/New_York 2026-03-08 (02:00 → 03:00) and 2026-11-01 (02:00 → 01:00), all Sundays.
enum ScheduledAnnouncement: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case utcWeekdays9to17
    case utcFridayNight
    case utcSundayNight
    case utcWednesdayEqualTimes
    case utcWeekendAbsentTimes
    case utcStartOnly
    case utcEndOnly
    case utcEndAtMidnight
    case rangeClipsWindow
    case rangeBetweenWindows
    case rangeAroundOneWindow
    case berlinWeekdays9to17
    case berlinFridayNight
    case newYorkWeekdays9to17
    case newYorkSundayNight
    case berlin9to17
    case berlinStartInSkippedHour
    case berlinWithinSkippedHour
    case berlinAcrossSkippedHourEnd
    case berlinEndInRepeatedHour
    case berlinStartInRepeatedHour
    case berlinSaturdayNight
    case berlinSaturdayNightIntoSkippedHour
    case newYork9to17
    case newYorkStartInSkippedHour
    case newYorkEndInRepeatedHour
    case newYorkSaturdayNight

    var testDescription: String { rawValue }

    var announcement: Announcement {
        switch self {
        case .utcWeekdays9to17: Self.make(schedule: Self.schedule("UTC", [1, 2, 3, 4, 5], "09:00", "17:00"))
        case .utcFridayNight: Self.make(schedule: Self.schedule("UTC", [5], "22:00", "06:00"))
        case .utcSundayNight: Self.make(schedule: Self.schedule("UTC", [7], "20:00", "04:00"))
        case .utcWednesdayEqualTimes: Self.make(schedule: Self.schedule("UTC", [3], "10:00", "10:00"))
        case .utcWeekendAbsentTimes: Self.make(schedule: Self.schedule("UTC", [6, 7], nil, nil))
        case .utcStartOnly: Self.make(schedule: Self.schedule("UTC", nil, "20:00", nil))
        case .utcEndOnly: Self.make(schedule: Self.schedule("UTC", nil, nil, "08:00"))
        case .utcEndAtMidnight: Self.make(schedule: Self.schedule("UTC", nil, "22:00", "00:00"))
        case .rangeClipsWindow:
            Self.make(
                start: "2026-06-01T12:00:00Z", end: "2026-06-03T12:00:00Z",
                schedule: Self.schedule("UTC", nil, "09:00", "17:00"))
        case .rangeBetweenWindows:
            Self.make(
                start: "2026-06-01T18:00:00Z", end: "2026-06-02T08:00:00Z",
                schedule: Self.schedule("UTC", nil, "09:00", "17:00"))
        case .rangeAroundOneWindow:
            Self.make(
                start: "2026-06-01T00:00:00Z", end: "2026-06-08T00:00:00Z",
                schedule: Self.schedule("UTC", [3], "09:00", "17:00"))
        case .berlinWeekdays9to17:
            Self.make(schedule: Self.schedule("Europe/Berlin", [1, 2, 3, 4, 5], "09:00", "17:00"))
        case .berlinFridayNight: Self.make(schedule: Self.schedule("Europe/Berlin", [5], "22:00", "06:00"))
        case .newYorkWeekdays9to17:
            Self.make(schedule: Self.schedule("America/New_York", [1, 2, 3, 4, 5], "09:00", "17:00"))
        case .newYorkSundayNight: Self.make(schedule: Self.schedule("America/New_York", [7], "22:00", "02:00"))
        case .berlin9to17: Self.make(schedule: Self.schedule("Europe/Berlin", nil, "09:00", "17:00"))
        case .berlinStartInSkippedHour: Self.make(schedule: Self.schedule("Europe/Berlin", nil, "02:30", "05:00"))
        case .berlinWithinSkippedHour: Self.make(schedule: Self.schedule("Europe/Berlin", nil, "02:15", "02:45"))
        case .berlinAcrossSkippedHourEnd: Self.make(schedule: Self.schedule("Europe/Berlin", nil, "02:30", "03:15"))
        case .berlinEndInRepeatedHour: Self.make(schedule: Self.schedule("Europe/Berlin", nil, "00:00", "02:30"))
        case .berlinStartInRepeatedHour: Self.make(schedule: Self.schedule("Europe/Berlin", nil, "02:30", "04:00"))
        case .berlinSaturdayNight: Self.make(schedule: Self.schedule("Europe/Berlin", [6], "22:00", "06:00"))
        case .berlinSaturdayNightIntoSkippedHour:
            Self.make(schedule: Self.schedule("Europe/Berlin", [6], "22:00", "02:30"))
        case .newYork9to17: Self.make(schedule: Self.schedule("America/New_York", nil, "09:00", "17:00"))
        case .newYorkStartInSkippedHour:
            Self.make(schedule: Self.schedule("America/New_York", nil, "02:30", "04:00"))
        case .newYorkEndInRepeatedHour: Self.make(schedule: Self.schedule("America/New_York", nil, "00:00", "01:30"))
        case .newYorkSaturdayNight: Self.make(schedule: Self.schedule("America/New_York", [6], "22:00", "06:00"))
        }
    }

    static func schedule(_ zone: String, _ weekdays: [Int]?, _ start: String?, _ end: String?)
        -> Announcement.Schedule
    {
        Announcement.Schedule(
            timeZone: zone, weekdays: weekdays, startTime: start.map { TimeOfDay($0)! },
            endTime: end.map { TimeOfDay($0)! })
    }

    static func make(start: String? = nil, end: String? = nil, schedule: Announcement.Schedule? = nil)
        -> Announcement
    {
        Announcement(
            id: "scheduled", title: "Title", message: "Message", startDate: start.map(instant),
            endDate: end.map(instant), schedule: schedule)
    }
}

/// The instant of an ISO 8601 timestamp written in a test table.
func instant(_ text: String) -> Date {
    try! Timestamp.parse(text)
}
