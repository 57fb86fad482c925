import AnnouncementKit
import Foundation
import Testing

@Suite("Schedule: daylight-saving weeks in Europe/Berlin and America/New_York")
struct ScheduleDaylightSavingTests {
    typealias Row = ScheduleWindowTests.Row

    // Berlin: 2026-03-29 02:00 CET (UTC+1) → 03:00 CEST (UTC+2) at 01:00Z;
    //         2026-10-25 03:00 CEST → 02:00 CET at 01:00Z.
    static let berlin: [Row] = [
        // 09:00–17:00 keeps its wall-clock times; the UTC instants move by an hour.
        (.berlin9to17, "2026-03-28T15:59:59.999Z", .active, "2026-03-28T16:00:00Z"),
        (.berlin9to17, "2026-03-28T16:00:00Z", .outsideWindow, "2026-03-29T07:00:00Z"),
        (.berlin9to17, "2026-03-29T06:59:59.999Z", .outsideWindow, "2026-03-29T07:00:00Z"),
        (.berlin9to17, "2026-03-29T07:00:00Z", .active, "2026-03-29T15:00:00Z"),
        (.berlin9to17, "2026-10-24T07:00:00Z", .active, "2026-10-24T15:00:00Z"),
        (.berlin9to17, "2026-10-24T15:00:00Z", .outsideWindow, "2026-10-25T08:00:00Z"),
        (.berlin9to17, "2026-10-25T08:00:00Z", .active, "2026-10-25T16:00:00Z"),
        // 02:30 does not exist on 03-29: it reads as 03:30 CEST (01:30Z), as Calendar.date(from:) reads it.
        (.berlinStartInSkippedHour, "2026-03-28T01:30:00Z", .active, "2026-03-28T04:00:00Z"),
        (.berlinStartInSkippedHour, "2026-03-29T00:30:00Z", .outsideWindow, "2026-03-29T01:30:00Z"),
        (.berlinStartInSkippedHour, "2026-03-29T01:00:00Z", .outsideWindow, "2026-03-29T01:30:00Z"),
        (.berlinStartInSkippedHour, "2026-03-29T01:29:59.999Z", .outsideWindow, "2026-03-29T01:30:00Z"),
        (.berlinStartInSkippedHour, "2026-03-29T01:30:00Z", .active, "2026-03-29T03:00:00Z"),
        (.berlinStartInSkippedHour, "2026-03-29T03:00:00Z", .outsideWindow, "2026-03-30T00:30:00Z"),
        // Both edges skipped: both move forward by the gap, 03:15–03:45 CEST.
        (.berlinWithinSkippedHour, "2026-03-29T00:30:00Z", .outsideWindow, "2026-03-29T01:15:00Z"),
        (.berlinWithinSkippedHour, "2026-03-29T01:15:00Z", .active, "2026-03-29T01:45:00Z"),
        // 02:30–03:15 reads as 03:30–03:15 CEST: empty, so the window does not open that day.
        (.berlinAcrossSkippedHourEnd, "2026-03-28T01:30:00Z", .active, "2026-03-28T02:15:00Z"),
        (.berlinAcrossSkippedHourEnd, "2026-03-28T12:00:00Z", .outsideWindow, "2026-03-30T00:30:00Z"),
        (.berlinAcrossSkippedHourEnd, "2026-03-29T01:10:00Z", .outsideWindow, "2026-03-30T00:30:00Z"),
        // 02:30 occurs twice on 10-25: the window ends at the first (00:30Z), not the second (01:30Z).
        (.berlinEndInRepeatedHour, "2026-10-24T21:59:59.999Z", .outsideWindow, "2026-10-24T22:00:00Z"),
        (.berlinEndInRepeatedHour, "2026-10-24T22:00:00Z", .active, "2026-10-25T00:30:00Z"),
        (.berlinEndInRepeatedHour, "2026-10-25T00:29:59.999Z", .active, "2026-10-25T00:30:00Z"),
        (.berlinEndInRepeatedHour, "2026-10-25T00:30:00Z", .outsideWindow, "2026-10-25T23:00:00Z"),
        (.berlinEndInRepeatedHour, "2026-10-25T01:15:00Z", .outsideWindow, "2026-10-25T23:00:00Z"),
        (.berlinStartInRepeatedHour, "2026-10-25T00:29:59.999Z", .outsideWindow, "2026-10-25T00:30:00Z"),
        (.berlinStartInRepeatedHour, "2026-10-25T00:30:00Z", .active, "2026-10-25T03:00:00Z"),
        (.berlinStartInRepeatedHour, "2026-10-25T01:30:00Z", .active, "2026-10-25T03:00:00Z"),
        // Saturday 22:00 to Sunday 06:00 over the DST night: 7 hours in March, 9 in October.
        (.berlinSaturdayNight, "2026-03-28T20:59:59.999Z", .outsideWindow, "2026-03-28T21:00:00Z"),
        (.berlinSaturdayNight, "2026-03-28T21:00:00Z", .active, "2026-03-29T04:00:00Z"),
        (.berlinSaturdayNight, "2026-03-29T01:00:00Z", .active, "2026-03-29T04:00:00Z"),
        (.berlinSaturdayNight, "2026-03-29T03:59:59.999Z", .active, "2026-03-29T04:00:00Z"),
        (.berlinSaturdayNight, "2026-03-29T04:00:00Z", .outsideWindow, "2026-04-04T20:00:00Z"),
        (.berlinSaturdayNight, "2026-10-24T19:59:59Z", .outsideWindow, "2026-10-24T20:00:00Z"),
        (.berlinSaturdayNight, "2026-10-24T20:00:00Z", .active, "2026-10-25T05:00:00Z"),
        (.berlinSaturdayNight, "2026-10-25T04:30:00Z", .active, "2026-10-25T05:00:00Z"),
        (.berlinSaturdayNight, "2026-10-25T05:00:00Z", .outsideWindow, "2026-10-31T21:00:00Z"),
        // Ending in the skipped hour: Sunday 02:30 reads as 03:30 CEST.
        (.berlinSaturdayNightIntoSkippedHour, "2026-03-29T01:00:00Z", .active, "2026-03-29T01:30:00Z"),
        (.berlinSaturdayNightIntoSkippedHour, "2026-03-29T01:29:59.999Z", .active, "2026-03-29T01:30:00Z"),
        (.berlinSaturdayNightIntoSkippedHour, "2026-03-29T01:30:00Z", .outsideWindow, "2026-04-04T20:00:00Z"),
    ]

    // New York: 2026-03-08 02:00 EST (UTC−5) → 03:00 EDT (UTC−4) at 07:00Z;
    //           2026-11-01 02:00 EDT → 01:00 EST at 06:00Z.
    static let newYork: [Row] = [
        (.newYork9to17, "2026-03-07T21:59:59.999Z", .active, "2026-03-07T22:00:00Z"),
        (.newYork9to17, "2026-03-07T22:00:00Z", .outsideWindow, "2026-03-08T13:00:00Z"),
        (.newYork9to17, "2026-03-08T13:00:00Z", .active, "2026-03-08T21:00:00Z"),
        (.newYork9to17, "2026-10-31T21:00:00Z", .outsideWindow, "2026-11-01T14:00:00Z"),
        (.newYork9to17, "2026-11-01T13:59:59.999Z", .outsideWindow, "2026-11-01T14:00:00Z"),
        (.newYork9to17, "2026-11-01T14:00:00Z", .active, "2026-11-01T22:00:00Z"),
        (.newYorkStartInSkippedHour, "2026-03-08T06:30:00Z", .outsideWindow, "2026-03-08T07:30:00Z"),
        (.newYorkStartInSkippedHour, "2026-03-08T07:00:00Z", .outsideWindow, "2026-03-08T07:30:00Z"),
        (.newYorkStartInSkippedHour, "2026-03-08T07:30:00Z", .active, "2026-03-08T08:00:00Z"),
        (.newYorkStartInSkippedHour, "2026-03-08T08:00:00Z", .outsideWindow, "2026-03-09T06:30:00Z"),
        (.newYorkEndInRepeatedHour, "2026-11-01T04:00:00Z", .active, "2026-11-01T05:30:00Z"),
        (.newYorkEndInRepeatedHour, "2026-11-01T05:29:59.999Z", .active, "2026-11-01T05:30:00Z"),
        (.newYorkEndInRepeatedHour, "2026-11-01T05:30:00Z", .outsideWindow, "2026-11-02T05:00:00Z"),
        (.newYorkEndInRepeatedHour, "2026-11-01T06:15:00Z", .outsideWindow, "2026-11-02T05:00:00Z"),
        (.newYorkSaturdayNight, "2026-03-08T02:59:59.999Z", .outsideWindow, "2026-03-08T03:00:00Z"),
        (.newYorkSaturdayNight, "2026-03-08T03:00:00Z", .active, "2026-03-08T10:00:00Z"),
        (.newYorkSaturdayNight, "2026-03-08T09:59:59.999Z", .active, "2026-03-08T10:00:00Z"),
        (.newYorkSaturdayNight, "2026-11-01T02:00:00Z", .active, "2026-11-01T11:00:00Z"),
        (.newYorkSaturdayNight, "2026-11-01T10:59:59.999Z", .active, "2026-11-01T11:00:00Z"),
        (.newYorkSaturdayNight, "2026-11-01T11:00:00Z", .outsideWindow, "2026-11-08T03:00:00Z"),
    ]

    @Test("Europe/Berlin, 2026-03-29 and 2026-10-25: exact UTC instants", arguments: berlin)
    func berlinWeeks(row: Row) {
        ScheduleExpectations.check(
            row.announcement.announcement, at: row.at, status: row.status, nextChange: row.nextChange)
    }

    @Test("America/New_York, 2026-03-08 and 2026-11-01: exact UTC instants", arguments: newYork)
    func newYorkWeeks(row: Row) {
        ScheduleExpectations.check(
            row.announcement.announcement, at: row.at, status: row.status, nextChange: row.nextChange)
    }

    @Test(
        "a window opening at a skipped or repeated time opens where Calendar.date(from:) puts that time",
        arguments: [
            ("Europe/Berlin", 2026, 3, 29, "02:30"), ("Europe/Berlin", 2026, 3, 29, "02:00"),
            ("Europe/Berlin", 2026, 10, 25, "02:30"), ("Europe/Berlin", 2026, 10, 25, "02:00"),
            ("America/New_York", 2026, 3, 8, "02:30"), ("America/New_York", 2026, 11, 1, "01:30"),
            ("America/Santiago", 2026, 9, 6, "00:00"), ("America/Santiago", 2026, 4, 4, "23:30"),
        ])
    func calendarReading(zone: String, year: Int, month: Int, day: Int, time: String) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let opening = try #require(TimeOfDay(time))
        let expected = try #require(
            calendar.date(
                from: DateComponents(year: year, month: month, day: day, hour: opening.hour, minute: opening.minute)))
        let dayBefore = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day - 1)))
        let noon = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)))
        let weekday = (calendar.component(.weekday, from: noon) + 5) % 7 + 1  // Calendar: 1 = Sunday; ISO: 7
        let announcement = ScheduledAnnouncement.make(
            schedule: Announcement.Schedule(
                timeZone: zone, weekdays: [weekday], startTime: opening, endTime: TimeOfDay(hour: 23, minute: 59)))
        let scheduler = ScheduleExpectations.scheduler
        #expect(scheduler.nextActivation(of: announcement, after: dayBefore) == expected)
        #expect(!scheduler.isActive(announcement, at: expected.addingTimeInterval(-0.001)))
        #expect(scheduler.isActive(announcement, at: expected))
    }

    @Test(
        "following nextChange through a DST week agrees with a minute-by-minute scan",
        arguments: [
            (ScheduledAnnouncement.berlin9to17, "2026-03-23T00:00:00Z"),
            (.berlinStartInSkippedHour, "2026-03-23T00:00:00Z"),
            (.berlinWithinSkippedHour, "2026-03-23T00:00:00Z"),
            (.berlinAcrossSkippedHourEnd, "2026-03-23T00:00:00Z"),
            (.berlinSaturdayNightIntoSkippedHour, "2026-03-23T00:00:00Z"),
            (.berlinEndInRepeatedHour, "2026-10-19T00:00:00Z"),
            (.berlinStartInRepeatedHour, "2026-10-19T00:00:00Z"),
            (.berlinSaturdayNight, "2026-10-19T00:00:00Z"),
            (.newYork9to17, "2026-03-02T00:00:00Z"),
            (.newYorkStartInSkippedHour, "2026-03-02T00:00:00Z"),
            (.newYorkEndInRepeatedHour, "2026-10-26T00:00:00Z"),
            (.newYorkSaturdayNight, "2026-10-26T00:00:00Z"),
            (.utcFridayNight, "2026-06-01T00:00:00Z"),
        ])
    func agreesWithScan(fixture: ScheduledAnnouncement, from: String) {
        let announcement = fixture.announcement
        let scheduler = ScheduleExpectations.scheduler
        let start = instant(from)
        let end = start.addingTimeInterval(9 * 86_400)
        var changes: [Date] = []
        var cursor = start
        while let change = scheduler.nextChange(of: announcement, after: cursor), change < end {
            changes.append(change)
            cursor = change
        }
        var scanned: [Date] = []
        var previous = scheduler.isActive(announcement, at: start)
        for minute in 1..<(9 * 1440) {
            let date = start.addingTimeInterval(Double(minute) * 60)
            let active = scheduler.isActive(announcement, at: date)
            if active != previous { scanned.append(date) }
            previous = active
        }
        #expect(!changes.isEmpty)
        #expect(changes == scanned)
    }
}
