import AnnouncementKit
import Foundation
import Testing

@Suite("Schedule: the 366-day horizon and purity")
struct ScheduleHorizonTests {
    static let today = instant("2026-06-01T10:00:00Z")
    static let day: TimeInterval = 86_400

    @Test("the horizon is 366 days")
    func horizon() {
        #expect(AnnouncementScheduler.horizon == 366 * Self.day)
    }

    @Test("a schedule that never opens inside the range: nothing changes")
    func neverMatchesInRange() {
        // Monday to Saturday 00:00 in Berlin (Friday 22:00Z) with a weekend-only window: its first edge is the end.
        let announcement = ScheduledAnnouncement.make(
            start: "2026-06-01T00:00:00Z", end: "2026-06-05T22:00:00Z",
            schedule: ScheduledAnnouncement.schedule("Europe/Berlin", [6, 7], nil, nil))
        let scheduler = ScheduleExpectations.scheduler
        for at in ["2026-05-30T12:00:00Z", "2026-06-01T00:00:00Z", "2026-06-03T12:00:00Z"] {
            let date = instant(at)
            #expect(scheduler.isActive(announcement, at: date) == false)
            #expect(scheduler.nextChange(of: announcement, after: date) == nil)
            #expect(scheduler.nextActivation(of: announcement, after: date) == nil)
            #expect(scheduler.nextExpiration(of: announcement, after: date) == nil)
        }
        #expect(scheduler.status(of: announcement, at: instant("2026-06-03T12:00:00Z")) == .outsideWindow)
    }

    @Test(
        "start and end dates count only within 366 days",
        arguments: [
            // days from today to the start, to the end, whether active today, the expected change in days.
            (nil, 400.0, true, nil), (nil, 366.0, true, 366.0), (nil, 366.001, true, nil), (nil, 365.0, true, 365.0),
            (400.0, nil, false, nil), (366.0, nil, false, 366.0), (366.5, 370.0, false, nil), (1.0, 400.0, false, 1.0),
            (nil, nil, true, nil),
        ] as [(Double?, Double?, Bool, Double?)])
    func dateHorizon(startDays: Double?, endDays: Double?, active: Bool, changeDays: Double?) {
        let announcement = Announcement(
            id: "a", title: "t", message: "m",
            startDate: startDays.map { Self.today.addingTimeInterval($0 * Self.day) },
            endDate: endDays.map { Self.today.addingTimeInterval($0 * Self.day) })
        let scheduler = ScheduleExpectations.scheduler
        #expect(scheduler.isActive(announcement, at: Self.today) == active)
        #expect(
            scheduler.nextChange(of: announcement, after: Self.today)
                == changeDays.map { Self.today.addingTimeInterval($0 * Self.day) })
    }

    @Test("a window inside a range that starts beyond the horizon is no change")
    func windowBeyondHorizon() {
        let announcement = Announcement(
            id: "a", title: "t", message: "m", startDate: Self.today.addingTimeInterval(380 * Self.day),
            schedule: ScheduledAnnouncement.schedule("UTC", nil, "09:00", "17:00"))
        let scheduler = ScheduleExpectations.scheduler
        #expect(scheduler.status(of: announcement, at: Self.today) == .notStarted)
        #expect(scheduler.nextChange(of: announcement, after: Self.today) == nil)
        #expect(scheduler.nextExpiration(of: announcement, after: Self.today) == nil)
    }

    @Test(
        "a window edge exactly 366 days ahead still counts; 1 ms later it does not",
        arguments: [(0.0, true), (0.001, false)])
    func windowEdgeAtHorizon(extra: TimeInterval, counts: Bool) {
        // 2027-06-02T10:00Z, 366 days after today, is inside the daily 09:00–17:00 UTC window.
        let start = Self.today.addingTimeInterval(AnnouncementScheduler.horizon + extra)
        let announcement = Announcement(
            id: "a", title: "t", message: "m", startDate: start,
            schedule: ScheduledAnnouncement.schedule("UTC", nil, "09:00", "17:00"))
        let scheduler = ScheduleExpectations.scheduler
        #expect(scheduler.nextChange(of: announcement, after: Self.today) == (counts ? start : nil))
        #expect(scheduler.nextActivation(of: announcement, after: Self.today) == (counts ? start : nil))
    }

    @Test("a window open all year: the expiration is its end date, or nil beyond the horizon")
    func openAllYear() {
        let schedule = ScheduledAnnouncement.schedule("Europe/Berlin", nil, "10:00", "10:00")
        let scheduler = ScheduleExpectations.scheduler
        let end = Self.today.addingTimeInterval(300 * Self.day)
        let ending = Announcement(id: "a", title: "t", message: "m", endDate: end, schedule: schedule)
        #expect(scheduler.nextChange(of: ending, after: Self.today) == end)
        let endless = Announcement(id: "a", title: "t", message: "m", schedule: schedule)
        #expect(scheduler.isActive(endless, at: Self.today))
        #expect(scheduler.nextChange(of: endless, after: Self.today) == nil)
    }

    @Test("same inputs, same outputs", arguments: ScheduledAnnouncement.allCases)
    func purity(fixture: ScheduledAnnouncement) {
        let announcement = fixture.announcement
        let first = ScheduleExpectations.scheduler
        let second = AnnouncementScheduler(localTimeZone: TimeZone(identifier: "Asia/Tokyo")!)
        let start = instant("2026-03-01T00:00:00Z")
        func answers(_ scheduler: AnnouncementScheduler) -> [String] {
            (0..<40).map { step in
                let date = start.addingTimeInterval(Double(step) * 7 * 3600 + 0.5)
                return [
                    scheduler.status(of: announcement, at: date).rawValue,
                    String(describing: scheduler.nextActivation(of: announcement, after: date)),
                    String(describing: scheduler.nextExpiration(of: announcement, after: date)),
                    String(describing: scheduler.nextChange(of: announcement, after: date)),
                ].joined(separator: " ")
            }
        }
        let reference = answers(first)
        #expect(answers(first) == reference)
        #expect(answers(second) == reference)
        #expect(answers(first).reversed() == reference.reversed())
    }
}
