import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@Suite("AnnouncementManager conversions across a relaunch", .timeLimit(.minutes(1)))
struct AnnouncementManagerConversionTests {
    let start = try! Timestamp.parse("2026-12-04T12:00:00Z")

    /// The review prompt, without a trigger.
    let campaign = ReviewCampaign.announcement(triggered: false)

    /// A user id that gets variant `b` of the campaign.
    var userB: String { ReviewCampaign.user(getting: "b", of: campaign) }

    func manager(time: ManualTimeSource, directory: URL) async -> AnnouncementManager {
        await ReviewCampaign.manager(
            campaign, time: time, userID: userB, store: FileAnnouncementStateStore(directory: directory))
    }

    /// Shows the campaign on a first manager over the state file in `directory`, then stops it.
    func showBeforeRelaunch(time: ManualTimeSource, directory: URL) async throws -> Announcement {
        let first = await manager(time: time, directory: directory)
        let banner = try #require(first.activeAnnouncement)
        #expect(banner.variantID == "b")
        first.recordImpression(banner)
        first.stop()
        return banner
    }

    @Test("impression → relaunch → goal event: one conversion with the variant id")
    func convertsAfterRelaunch() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let time = ManualTimeSource(now: start)
        let banner = try await showBeforeRelaunch(time: time, directory: directory)
        time.advance(by: 3_599.999)
        let second = await manager(time: time, directory: directory)
        #expect(second.state.conversionWindows.map(\.variantID) == ["b"])
        var events = second.events.makeAsyncIterator()
        second.track("review_written")
        second.track("review_written")  // The impression converted already.
        second.dismiss(banner)
        let converted = await events.next()
        #expect(converted == .converted(banner, event: "review_written"))
        #expect(converted?.variantID == "b")
        #expect(converted?.announcement?.title == "Rate us!")
        #expect(await events.next() == .dismissed(banner, .user), "no second conversion")
        #expect(second.state.conversionWindows.isEmpty)
        let third = await manager(time: time, directory: directory)
        #expect(third.state.conversionWindows.isEmpty, "the closed window stays closed after another relaunch")
        second.stop()
        third.stop()
    }

    @Test("after a relaunch the goal event at the window's end converts nothing, and the window goes")
    func windowEndAfterRelaunch() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let time = ManualTimeSource(now: start)
        let banner = try await showBeforeRelaunch(time: time, directory: directory)
        time.advance(by: 3_600)
        let second = await manager(time: time, directory: directory)
        var events = second.events.makeAsyncIterator()
        second.track("review_written")
        second.dismiss(banner)
        #expect(await events.next() == .dismissed(banner, .user))
        #expect(second.state.conversionWindows.isEmpty)
        second.stop()
    }
}
