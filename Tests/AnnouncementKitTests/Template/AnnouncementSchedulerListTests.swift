import AnnouncementKit
import Foundation
import Testing

@Suite("AnnouncementScheduler answers for lists of announcements")
struct AnnouncementSchedulerListTests {
    static let now = Date(timeIntervalSince1970: 1_796_385_600)  // 2026-12-04 12:00 UTC
    let scheduler = AnnouncementScheduler(localTimeZone: TimeZone(identifier: "UTC")!)

    func item(_ id: String, start: TimeInterval? = nil, end: TimeInterval? = nil, window: (Int, Int)? = nil)
        -> Announcement
    {
        Announcement(
            id: id, title: "t", message: "m", startDate: start.map { Self.now.addingTimeInterval($0) },
            endDate: end.map { Self.now.addingTimeInterval($0) },
            schedule: window.map {
                Announcement.Schedule(
                    startTime: TimeOfDay(hour: $0.0, minute: 0), endTime: TimeOfDay(hour: $0.1, minute: 0))
            })
    }

    @Test("isActive without a date asks about now")
    func isActiveDefaultsToNow() {
        #expect(AnnouncementScheduler().isActive(item("open")))
        #expect(!AnnouncementScheduler().isActive(item("later", start: 3600 * 24 * 365 * 100)))
        #expect(!AnnouncementScheduler().isActive(item("over", end: -3600 * 24 * 365 * 100)))
    }

    @Test("activeAnnouncements keeps the active ones in feed order, recurring windows included")
    func activeAnnouncements() {
        let feed = [
            item("b"), item("future", start: 60), item("a", start: -60, end: 60), item("ended", end: 0),
            item("window-closed", window: (13, 14)), item("window-open", window: (11, 13)),
        ]
        #expect(scheduler.activeAnnouncements(from: feed, at: Self.now).map(\.id) == ["b", "a", "window-open"])
        #expect(scheduler.activeAnnouncements(from: [], at: Self.now).isEmpty)
    }

    @Test("nextActivation: the earliest start or window opening after the date, the first in the feed on a tie")
    func nextActivation() throws {
        let feed = [
            item("active"), item("late", start: 7200), item("window", window: (13, 14)), item("tie", start: 3600),
            item("past", start: -60),
        ]
        let next = try #require(scheduler.nextActivation(from: feed, after: Self.now))
        #expect(next.announcement.id == "window")
        #expect(next.activationDate == Self.now.addingTimeInterval(3600))
        #expect(scheduler.nextActivation(from: [item("active"), item("past", start: -60)], after: Self.now) == nil)
        let later = try #require(scheduler.nextActivation(from: feed, after: Self.now.addingTimeInterval(3600)))
        #expect(later.announcement.id == "late")
        #expect(later.activationDate == Self.now.addingTimeInterval(7200))
    }

    @Test("nextActivation counts a window that reopens for an announcement active now")
    func reopeningWindow() throws {
        let next = try #require(scheduler.nextActivation(from: [item("w", window: (11, 13))], after: Self.now))
        #expect(next.activationDate == Self.now.addingTimeInterval(23 * 3600))
    }

    @Test("nextExpiration: the earliest end or window close among the active ones, the first in the feed on a tie")
    func nextExpiration() throws {
        let feed = [
            item("not-started", start: 60, end: 120), item("long", end: 7200), item("window", window: (11, 13)),
            item("tie", end: 3600), item("forever"),
        ]
        #expect(scheduler.nextExpiration(from: feed, after: Self.now) == Self.now.addingTimeInterval(3600))
        let first = try #require(scheduler.nextExpiringAnnouncement(from: feed, after: Self.now))
        #expect(first.announcement.id == "window")
        #expect(first.expirationDate == Self.now.addingTimeInterval(3600))
        #expect(
            scheduler.nextExpiration(
                from: [item("forever"), item("not-started", start: 60, end: 120)], after: Self.now) == nil)
        #expect(scheduler.nextExpiringAnnouncement(from: [], after: Self.now) == nil)
    }
}
