import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@MainActor
@Suite("AnnouncementManager with a dismissal store, and actions that dismiss", .timeLimit(.minutes(1)))
struct AnnouncementManagerSeedTests {
    static let start = Date(timeIntervalSince1970: 1_796_385_600)

    func makeManager(_ announcements: [Announcement], dismissals: any DismissalStoring = InMemoryDismissalStore())
        -> AnnouncementManager
    {
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: announcements, source: .cache),
            next: FetchResult(announcements: announcements, source: .network, status: 200))
        return AnnouncementManager(
            provider: provider, dismissalStore: dismissals, timeSource: ManualTimeSource(now: Self.start))
    }

    @Test("a dismissal goes to the dismissal store; ids it already held are hidden at load")
    func dismissalStore() async throws {
        let dismissals = InMemoryDismissalStore()
        dismissals.markDismissed(id: "old")
        let feed = [
            Announcement(id: "old", revision: 3, title: "Old", message: "m", priority: 9),
            Announcement(id: "a", title: "A", message: "m", priority: 5),
            Announcement(id: "b", title: "B", message: "m"),
        ]
        let manager = makeManager(feed, dismissals: dismissals)
        await manager.loadAnnouncements()
        manager.stop()
        #expect(manager.allAnnouncements.map(\.id) == ["old", "a", "b"])
        #expect(manager.isDismissed(feed[0]))
        #expect(!manager.isDismissed(feed[1]))
        let active = try #require(manager.activeAnnouncement)
        #expect(active.id == "a")
        manager.dismiss(active)
        #expect(dismissals.isDismissed(id: "a"))
        #expect(manager.isDismissed(active))
        #expect(manager.activeAnnouncement?.id == "b")
        #expect(manager.allAnnouncements.count == 3, "allAnnouncements is not filtered")
    }

    @Test("performing a url or deep-link action of a dismissible announcement dismisses it after actionTapped")
    func actionDismisses() async throws {
        let feed = [
            Announcement(
                id: "web", title: "t", message: "m", action: .url(URL(string: "https://example.com/x")!), priority: 2),
            Announcement(id: "app", title: "t", message: "m", action: .deepLink("myapp://settings"), priority: 1),
            Announcement(id: "last", title: "t", message: "m"),
        ]
        let dismissals = InMemoryDismissalStore()
        let manager = makeManager(feed, dismissals: dismissals)
        await manager.loadAnnouncements()
        manager.stop()
        let stream = manager.events
        let web = try #require(manager.activeAnnouncement)
        #expect(manager.perform(web) == .openURL(URL(string: "https://example.com/x")!))
        #expect(dismissals.isDismissed(id: "web"))
        let app = try #require(manager.activeAnnouncement)
        #expect(app.id == "app")
        #expect(manager.perform(app) == .openDeepLink(URL(string: "myapp://settings")!))
        #expect(manager.activeAnnouncement?.id == "last")
        var received: [AnnouncementEvent] = []
        for await event in stream {
            received.append(event)
            if received.count == 4 { break }
        }
        #expect(
            received == [
                .actionTapped(web, URL(string: "https://example.com/x")!), .dismissed(web, .action),
                .actionTapped(app, URL(string: "myapp://settings")!), .dismissed(app, .action),
            ])
    }

    @Test("a non-dismissible announcement stays after its action, and a refused link dismisses nothing")
    func nonDismissibleStays() async throws {
        let feed = [
            Announcement(
                id: "sticky", title: "t", message: "m", action: .url(URL(string: "https://example.com")!), priority: 1,
                isDismissible: false),
            Announcement(id: "evil", title: "t", message: "m", action: .deepLink("javascript:alert(1)")),
        ]
        let manager = makeManager(feed)
        await manager.loadAnnouncements()
        manager.stop()
        #expect(manager.perform(feed[0]) == .openURL(URL(string: "https://example.com")!))
        #expect(manager.activeAnnouncement?.id == "sticky")
        #expect(manager.state.dismissals.isEmpty)
        guard case .none = manager.perform(feed[1]) else {
            Issue.record("a javascript: link was routed")
            return
        }
        #expect(manager.state.dismissals.isEmpty)
        #expect(!manager.isDismissed(feed[1]))
    }
}
