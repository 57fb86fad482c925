import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// The README's "Testing your integration" example, as written there (with the README's
/// `maintenance` announcement), so that the example keeps compiling and meaning what it says.
@Suite("README testing example")
struct ReadmeTestingExampleTests {
    let maintenance = Announcement(
        id: "maintenance-2026-12-05",
        title: "Scheduled Maintenance",
        message: "We'll be down Saturday 2-4 AM UTC.",
        style: .warning,
        action: .url(URL(string: "https://status.example.com")!), actionLabel: "Status",
        priority: 100,
        startDate: ISO8601DateFormatter().date(from: "2026-12-04T06:00:00Z"),
        endDate: ISO8601DateFormatter().date(from: "2026-12-05T04:00:00Z"),
        isDismissible: false,
        targetAudience: "all"
    )

    @Test func maintenanceBannerShowsAndStays() async throws {
        let time = ManualTimeSource(now: ISO8601DateFormatter().date(from: "2026-12-04T12:00:00Z")!)
        let provider = StubAnnouncementProvider([maintenance])
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(), store: InMemoryAnnouncementStateStore(),
            timeSource: time)
        await manager.refresh()  // fetch now, as loadAnnouncements() does after the cache
        #expect(provider.fetchCount == 1)
        #expect(manager.activeAnnouncement?.id == "maintenance-2026-12-05")
        #expect(manager.dismiss(maintenance) == false)  // not dismissible
    }
}
