import AnnouncementKit
import Foundation
import Testing

/// The checks every row of a schedule table makes.
enum ScheduleExpectations {
    /// A scheduler whose "local" zone is fixed, so no test depends on the machine's zone.
    static let scheduler = AnnouncementScheduler(localTimeZone: TimeZone(identifier: "Asia/Tokyo")!)

    /// Checks the status at `at` and the exact next change, and that the change really is one: the state just
    /// before it (1 ms) is the state at `at`, the state at it is the other one.
    static func check(
        _ announcement: Announcement, at: String, status: AnnouncementScheduler.Status, nextChange: String?,
        scheduler: AnnouncementScheduler = scheduler, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let date = instant(at)
        #expect(scheduler.status(of: announcement, at: date) == status, sourceLocation: sourceLocation)
        let active = scheduler.isActive(announcement, at: date)
        #expect(active == (status == .active), sourceLocation: sourceLocation)
        let change = scheduler.nextChange(of: announcement, after: date)
        #expect(change == nextChange.map(instant), sourceLocation: sourceLocation)
        let expected =
            active
            ? scheduler.nextExpiration(of: announcement, after: date)
            : scheduler.nextActivation(of: announcement, after: date)
        #expect(change == expected, sourceLocation: sourceLocation)
        if let change {
            #expect(scheduler.isActive(announcement, at: change) != active, sourceLocation: sourceLocation)
            #expect(
                scheduler.isActive(announcement, at: change.addingTimeInterval(-0.001)) == active,
                sourceLocation: sourceLocation)
        }
    }
}
