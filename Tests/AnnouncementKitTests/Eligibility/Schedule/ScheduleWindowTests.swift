import AnnouncementKit
import Foundation
import Testing

@Suite("Schedule: recurring windows in UTC, Europe/Berlin and America/New_York")
struct ScheduleWindowTests {
    typealias Row = (
        announcement: ScheduledAnnouncement, at: String, status: AnnouncementScheduler.Status, nextChange: String?
    )

    // 2026-06-01 is a Monday.
    static let utc: [Row] = [
        (.utcWeekdays9to17, "2026-06-01T08:59:59.999Z", .outsideWindow, "2026-06-01T09:00:00Z"),
        (.utcWeekdays9to17, "2026-06-01T09:00:00Z", .active, "2026-06-01T17:00:00Z"),
        (.utcWeekdays9to17, "2026-06-01T16:59:59.999Z", .active, "2026-06-01T17:00:00Z"),
        (.utcWeekdays9to17, "2026-06-01T17:00:00Z", .outsideWindow, "2026-06-02T09:00:00Z"),
        (.utcWeekdays9to17, "2026-06-05T17:00:00Z", .outsideWindow, "2026-06-08T09:00:00Z"),
        (.utcWeekdays9to17, "2026-06-06T12:00:00Z", .outsideWindow, "2026-06-08T09:00:00Z"),
        (.utcWeekdays9to17, "2026-06-07T23:59:59Z", .outsideWindow, "2026-06-08T09:00:00Z"),
        // Friday 22:00 to Saturday 06:00: belongs to Friday.
        (.utcFridayNight, "2026-06-04T23:00:00Z", .outsideWindow, "2026-06-05T22:00:00Z"),
        (.utcFridayNight, "2026-06-05T03:00:00Z", .outsideWindow, "2026-06-05T22:00:00Z"),
        (.utcFridayNight, "2026-06-05T21:59:59.999Z", .outsideWindow, "2026-06-05T22:00:00Z"),
        (.utcFridayNight, "2026-06-05T22:00:00Z", .active, "2026-06-06T06:00:00Z"),
        (.utcFridayNight, "2026-06-06T05:59:59.999Z", .active, "2026-06-06T06:00:00Z"),
        (.utcFridayNight, "2026-06-06T06:00:00Z", .outsideWindow, "2026-06-12T22:00:00Z"),
        (.utcFridayNight, "2026-06-06T22:30:00Z", .outsideWindow, "2026-06-12T22:00:00Z"),
        // Sunday night runs into Monday.
        (.utcSundayNight, "2026-06-01T01:00:00Z", .active, "2026-06-01T04:00:00Z"),
        (.utcSundayNight, "2026-06-07T19:59:59Z", .outsideWindow, "2026-06-07T20:00:00Z"),
        (.utcSundayNight, "2026-06-07T20:00:00Z", .active, "2026-06-08T04:00:00Z"),
        (.utcSundayNight, "2026-06-08T03:59:59.999Z", .active, "2026-06-08T04:00:00Z"),
        (.utcSundayNight, "2026-06-08T04:00:00Z", .outsideWindow, "2026-06-14T20:00:00Z"),
        // Equal start and end: the whole Wednesday.
        (.utcWednesdayEqualTimes, "2026-06-02T23:59:59.999Z", .outsideWindow, "2026-06-03T00:00:00Z"),
        (.utcWednesdayEqualTimes, "2026-06-03T00:00:00Z", .active, "2026-06-04T00:00:00Z"),
        (.utcWednesdayEqualTimes, "2026-06-03T09:59:59Z", .active, "2026-06-04T00:00:00Z"),
        (.utcWednesdayEqualTimes, "2026-06-03T10:00:00Z", .active, "2026-06-04T00:00:00Z"),
        (.utcWednesdayEqualTimes, "2026-06-04T00:00:00Z", .outsideWindow, "2026-06-10T00:00:00Z"),
        // No times: whole days; Saturday and Sunday touch, so Sunday's midnight is no change.
        (.utcWeekendAbsentTimes, "2026-06-05T23:59:59.999Z", .outsideWindow, "2026-06-06T00:00:00Z"),
        (.utcWeekendAbsentTimes, "2026-06-06T00:00:00Z", .active, "2026-06-08T00:00:00Z"),
        (.utcWeekendAbsentTimes, "2026-06-07T00:00:00Z", .active, "2026-06-08T00:00:00Z"),
        (.utcWeekendAbsentTimes, "2026-06-08T00:00:00Z", .outsideWindow, "2026-06-13T00:00:00Z"),
        (.utcStartOnly, "2026-06-01T19:59:59Z", .outsideWindow, "2026-06-01T20:00:00Z"),
        (.utcStartOnly, "2026-06-01T20:00:00Z", .active, "2026-06-02T00:00:00Z"),
        (.utcStartOnly, "2026-06-02T00:00:00Z", .outsideWindow, "2026-06-02T20:00:00Z"),
        (.utcEndOnly, "2026-06-01T00:00:00Z", .active, "2026-06-01T08:00:00Z"),
        (.utcEndOnly, "2026-06-01T07:59:59.999Z", .active, "2026-06-01T08:00:00Z"),
        (.utcEndOnly, "2026-06-01T08:00:00Z", .outsideWindow, "2026-06-02T00:00:00Z"),
        // 22:00–00:00 crosses midnight and closes at the next day's midnight.
        (.utcEndAtMidnight, "2026-06-01T21:59:59Z", .outsideWindow, "2026-06-01T22:00:00Z"),
        (.utcEndAtMidnight, "2026-06-01T23:00:00Z", .active, "2026-06-02T00:00:00Z"),
        (.utcEndAtMidnight, "2026-06-02T00:00:00Z", .outsideWindow, "2026-06-02T22:00:00Z"),
    ]

    static let range: [Row] = [
        // The start date inside a window is the activation, not the window's 09:00.
        (.rangeClipsWindow, "2026-06-01T08:00:00Z", .notStarted, "2026-06-01T12:00:00Z"),
        (.rangeClipsWindow, "2026-06-01T11:59:59.999Z", .notStarted, "2026-06-01T12:00:00Z"),
        (.rangeClipsWindow, "2026-06-01T12:00:00Z", .active, "2026-06-01T17:00:00Z"),
        (.rangeClipsWindow, "2026-06-02T08:00:00Z", .outsideWindow, "2026-06-02T09:00:00Z"),
        // The end date inside a window is the expiration.
        (.rangeClipsWindow, "2026-06-03T11:00:00Z", .active, "2026-06-03T12:00:00Z"),
        (.rangeClipsWindow, "2026-06-03T12:00:00Z", .expired, nil),
        // Window edges outside the range are no changes.
        (.rangeBetweenWindows, "2026-06-01T10:00:00Z", .notStarted, nil),
        (.rangeBetweenWindows, "2026-06-01T19:00:00Z", .outsideWindow, nil),
        (.rangeBetweenWindows, "2026-06-02T09:00:00Z", .expired, nil),
        (.rangeAroundOneWindow, "2026-05-31T12:00:00Z", .notStarted, "2026-06-03T09:00:00Z"),
        (.rangeAroundOneWindow, "2026-06-01T00:00:00Z", .outsideWindow, "2026-06-03T09:00:00Z"),
        (.rangeAroundOneWindow, "2026-06-03T09:00:00Z", .active, "2026-06-03T17:00:00Z"),
        (.rangeAroundOneWindow, "2026-06-03T17:00:00Z", .outsideWindow, nil),
    ]

    // June: Berlin is UTC+2, New York UTC−4. Weekdays are those of the schedule's zone.
    static let zoned: [Row] = [
        (.berlinWeekdays9to17, "2026-01-05T07:59:59.999Z", .outsideWindow, "2026-01-05T08:00:00Z"),
        (.berlinWeekdays9to17, "2026-01-05T08:00:00Z", .active, "2026-01-05T16:00:00Z"),
        (.berlinWeekdays9to17, "2026-06-01T06:59:59.999Z", .outsideWindow, "2026-06-01T07:00:00Z"),
        (.berlinWeekdays9to17, "2026-06-01T07:00:00Z", .active, "2026-06-01T15:00:00Z"),
        (.berlinWeekdays9to17, "2026-06-05T15:00:00Z", .outsideWindow, "2026-06-08T07:00:00Z"),
        (.berlinFridayNight, "2026-06-04T22:30:00Z", .outsideWindow, "2026-06-05T20:00:00Z"),
        (.berlinFridayNight, "2026-06-05T19:59:59Z", .outsideWindow, "2026-06-05T20:00:00Z"),
        (.berlinFridayNight, "2026-06-05T20:00:00Z", .active, "2026-06-06T04:00:00Z"),
        (.berlinFridayNight, "2026-06-05T23:30:00Z", .active, "2026-06-06T04:00:00Z"),
        (.berlinFridayNight, "2026-06-06T04:00:00Z", .outsideWindow, "2026-06-12T20:00:00Z"),
        (.newYorkWeekdays9to17, "2026-06-01T12:59:59.999Z", .outsideWindow, "2026-06-01T13:00:00Z"),
        (.newYorkWeekdays9to17, "2026-06-01T13:00:00Z", .active, "2026-06-01T21:00:00Z"),
        (.newYorkWeekdays9to17, "2026-06-05T21:00:00Z", .outsideWindow, "2026-06-08T13:00:00Z"),
        (.newYorkWeekdays9to17, "2026-06-06T02:00:00Z", .outsideWindow, "2026-06-08T13:00:00Z"),
        (.newYorkSundayNight, "2026-06-08T01:00:00Z", .outsideWindow, "2026-06-08T02:00:00Z"),
        (.newYorkSundayNight, "2026-06-08T02:00:00Z", .active, "2026-06-08T06:00:00Z"),
        (.newYorkSundayNight, "2026-06-08T05:59:59.999Z", .active, "2026-06-08T06:00:00Z"),
        (.newYorkSundayNight, "2026-06-08T06:00:00Z", .outsideWindow, "2026-06-15T02:00:00Z"),
    ]

    @Test("UTC windows: weekday filters, crossing midnight, equal and absent times", arguments: utc)
    func utcWindows(row: Row) {
        ScheduleExpectations.check(
            row.announcement.announcement, at: row.at, status: row.status, nextChange: row.nextChange)
    }

    @Test("windows inside and outside the date range", arguments: range)
    func windowsAndRange(row: Row) {
        ScheduleExpectations.check(
            row.announcement.announcement, at: row.at, status: row.status, nextChange: row.nextChange)
    }

    @Test("Europe/Berlin and America/New_York windows use the zone's wall clock and weekdays", arguments: zoned)
    func zonedWindows(row: Row) {
        ScheduleExpectations.check(
            row.announcement.announcement, at: row.at, status: row.status, nextChange: row.nextChange)
    }

    @Test(
        "\"local\" uses the scheduler's localTimeZone",
        arguments: [
            ("Asia/Tokyo", "2026-06-01T00:00:00Z", AnnouncementScheduler.Status.active, "2026-06-01T08:00:00Z"),
            ("Europe/Berlin", "2026-06-01T00:00:00Z", .outsideWindow, "2026-06-01T07:00:00Z"),
            ("America/New_York", "2026-06-01T12:59:00Z", .outsideWindow, "2026-06-01T13:00:00Z"),
            ("UTC", "2026-06-01T09:00:00Z", .active, "2026-06-01T17:00:00Z"),
        ])
    func localZone(zone: String, at: String, status: AnnouncementScheduler.Status, nextChange: String) {
        let announcement = ScheduledAnnouncement.make(
            schedule: ScheduledAnnouncement.schedule("local", nil, "09:00", "17:00"))
        let scheduler = AnnouncementScheduler(localTimeZone: TimeZone(identifier: zone)!)
        ScheduleExpectations.check(announcement, at: at, status: status, nextChange: nextChange, scheduler: scheduler)
    }

    @Test("the default local zone is the device's")
    func defaultLocalZone() {
        #expect(AnnouncementScheduler().localTimeZone == TimeZone.current)
    }

    @Test(
        "schedules that can never open (possible only in code) stay outside the window",
        arguments: [
            ScheduledAnnouncement.schedule("Mars/Olympus_Mons", nil, nil, nil),
            ScheduledAnnouncement.schedule("UTC", [], "09:00", "17:00"),
            ScheduledAnnouncement.schedule("UTC", [0, 8, -1], "09:00", "17:00"),
        ])
    func neverOpens(schedule: Announcement.Schedule) {
        let announcement = ScheduledAnnouncement.make(schedule: schedule)
        ScheduleExpectations.check(announcement, at: "2026-06-03T12:00:00Z", status: .outsideWindow, nextChange: nil)
    }

    @Test("the Schedule defaults are a window that is always open in UTC")
    func defaultSchedule() {
        let announcement = ScheduledAnnouncement.make(schedule: Announcement.Schedule())
        ScheduleExpectations.check(announcement, at: "2026-06-03T12:00:00Z", status: .active, nextChange: nil)
    }
}
