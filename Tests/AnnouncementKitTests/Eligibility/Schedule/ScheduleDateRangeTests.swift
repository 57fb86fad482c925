import AnnouncementKit
import Foundation
import Testing

@Suite("Schedule: the date range [startDate, endDate)")
struct ScheduleDateRangeTests {
    /// start, end, instant, status, nextActivation, nextExpiration.
    typealias Row = (
        start: String?, end: String?, at: String, status: AnnouncementScheduler.Status, activation: String?,
        expiration: String?
    )

    static let start = "2026-12-04T06:00:00Z"
    static let end = "2026-12-05T04:00:00Z"
    static let rows: [Row] = [
        (start, end, "2026-11-04T06:00:00Z", .notStarted, start, end),
        (start, end, "2026-12-04T05:59:59.999Z", .notStarted, start, end),
        (start, end, start, .active, nil, end),
        (start, end, "2026-12-04T06:00:00.001Z", .active, nil, end),
        (start, end, "2026-12-05T03:59:59.999Z", .active, nil, end),
        (start, end, end, .expired, nil, nil),
        (start, end, "2027-06-01T00:00:00Z", .expired, nil, nil),
        (start, nil, "2026-12-04T05:59:59.999Z", .notStarted, start, nil),
        (start, nil, start, .active, nil, nil),
        (nil, end, "2026-01-01T00:00:00Z", .active, nil, end),
        (nil, end, "2026-12-05T03:59:59.999Z", .active, nil, end),
        (nil, end, end, .expired, nil, nil),
        (nil, nil, "2026-12-04T06:00:00Z", .active, nil, nil),
        // An end before the start: never shown, nothing ever changes.
        (end, start, "2026-12-04T00:00:00Z", .notStarted, nil, nil),
        (end, start, "2026-12-04T12:00:00Z", .notStarted, nil, nil),
        (end, start, "2026-12-05T12:00:00Z", .expired, nil, nil),
        (start, start, start, .expired, nil, nil),
    ]

    @Test("status and next activation, expiration and change are exact at the edges", arguments: rows)
    func edges(row: Row) {
        let announcement = ScheduledAnnouncement.make(start: row.start, end: row.end)
        let scheduler = ScheduleExpectations.scheduler
        let date = instant(row.at)
        #expect(scheduler.nextActivation(of: announcement, after: date) == row.activation.map(instant))
        #expect(scheduler.nextExpiration(of: announcement, after: date) == row.expiration.map(instant))
        let change = row.status == .active ? row.expiration : row.activation
        ScheduleExpectations.check(announcement, at: row.at, status: row.status, nextChange: change)
    }

    @Test("active at startDate exactly and not 1 ms before; not at endDate and 1 ms before it")
    func halfOpen() {
        let announcement = ScheduledAnnouncement.make(start: Self.start, end: Self.end)
        let scheduler = ScheduleExpectations.scheduler
        let start = instant(Self.start)
        let end = instant(Self.end)
        #expect(scheduler.isActive(announcement, at: start))
        #expect(!scheduler.isActive(announcement, at: start.addingTimeInterval(-0.001)))
        #expect(!scheduler.isActive(announcement, at: end))
        #expect(scheduler.isActive(announcement, at: end.addingTimeInterval(-0.001)))
        #expect(scheduler.nextChange(of: announcement, after: start.addingTimeInterval(-0.001)) == start)
        #expect(scheduler.nextChange(of: announcement, after: start) == end)
        #expect(scheduler.nextChange(of: announcement, after: end.addingTimeInterval(-0.001)) == end)
        #expect(scheduler.nextChange(of: announcement, after: end) == nil)
    }
}
