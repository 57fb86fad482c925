import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@Suite("AnnouncementManager variants and conversions", .timeLimit(.minutes(1)))
struct AnnouncementManagerVariantTests {
    let start = try! Timestamp.parse("2026-12-04T12:00:00Z")

    /// The review prompt, triggered by a checkout.
    let campaign = ReviewCampaign.announcement(triggered: true)

    /// A user id that gets variant `b` of the campaign.
    var userB: String { ReviewCampaign.user(getting: "b", of: campaign) }

    func manager(time: ManualTimeSource, userID: String) async -> AnnouncementManager {
        await ReviewCampaign.manager(campaign, time: time, userID: userID, store: InMemoryAnnouncementStateStore())
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
