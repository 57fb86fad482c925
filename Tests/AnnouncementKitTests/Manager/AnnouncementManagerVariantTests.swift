import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@Suite("AnnouncementManager variants and conversions", .timeLimit(.minutes(1)))
struct AnnouncementManagerVariantTests {
    let start = try! Timestamp.parse("2026-12-04T12:00:00Z")

    /// A review prompt triggered by a checkout, split between `a` and `b` (a new title), with the goal
    /// `review_written` within an hour.
    var campaign: Announcement {
        var announcement = Announcement(id: "review", title: "Enjoying it?", message: "m")
        announcement.trigger = .init(event: "checkout_completed", within: 86_400)
        announcement.variants = [.init(id: "a", weight: 1), .init(id: "b", weight: 1, title: "Rate us!")]
        announcement.goal = .init(event: "review_written", within: 3_600)
        return announcement
    }

    /// A user id that gets variant `b` of the campaign.
    var userB: String {
        let campaign = self.campaign
        return (0...).lazy.map { "user-\($0)" }.first { campaign.variant(for: $0)?.id == "b" }!
    }

    func manager(time: ManualTimeSource, userID: String) async -> AnnouncementManager {
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: [campaign], source: .cache),
            next: FetchResult(announcements: [campaign], source: .network, status: 200))
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(platform: "iOS", userID: userID),
            store: InMemoryAnnouncementStateStore(), timeSource: time, configuration: .init(refreshInterval: 86_400))
        await manager.loadAnnouncements()
        return manager
    }

    @Test("event → banner with variant b → impression → goal event → one conversion with variant b")
    func wholeCampaign() async throws {
        let time = ManualTimeSource(now: start)
        let manager = await manager(time: time, userID: userB)
        var events = manager.events.makeAsyncIterator()
        manager.track("review_written")  // Before any impression: no conversion.
        #expect(manager.activeAnnouncement == nil)
        manager.track("checkout_completed")
        let banner = try #require(manager.activeAnnouncement)
        #expect(banner.variantID == "b")
        #expect(banner.title == "Rate us!")
        time.advance(by: 5)
        manager.recordImpression(banner)
        time.advance(by: 3_599)
        manager.track("review_written")
        manager.track("review_written")  // The impression converted already.
        manager.dismiss(banner)
        let shown = await events.next()
        #expect(shown == .shown(banner))
        #expect(shown?.variantID == "b")
        let converted = await events.next()
        #expect(converted == .converted(banner, event: "review_written"))
        #expect(converted?.variantID == "b")
        let dismissed = await events.next()
        #expect(dismissed == .dismissed(banner, .user), "no second conversion")
    }

    @Test("the goal event exactly at the end of the window converts nothing")
    func windowEdge() async throws {
        let time = ManualTimeSource(now: start)
        let manager = await manager(time: time, userID: userB)
        var events = manager.events.makeAsyncIterator()
        manager.track("checkout_completed")
        let banner = try #require(manager.activeAnnouncement)
        manager.recordImpression(banner)
        time.advance(by: 3_600)
        manager.track("review_written")
        manager.dismiss(banner)
        #expect(await events.next() == .shown(banner))
        #expect(await events.next() == .dismissed(banner, .user))
    }

    @Test("an event about the feed's announcement, without the variant, carries the user's variant")
    func feedAnnouncement() async throws {
        let time = ManualTimeSource(now: start)
        let manager = await manager(time: time, userID: userB)
        var events = manager.events.makeAsyncIterator()
        manager.dismiss(campaign)
        let event = await events.next()
        #expect(event?.variantID == "b")
        #expect(event?.announcement?.title == "Rate us!")
    }
}
