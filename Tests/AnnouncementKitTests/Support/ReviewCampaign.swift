import AnnouncementKit
import AnnouncementKitTesting
import Foundation

/// The review-prompt campaign the manager's variant and conversion tests drive: split between `a` and
/// `b` (a new title), with the goal `review_written` within an hour, optionally triggered by a checkout.
enum ReviewCampaign {
    /// The campaign; with `triggered`, shown only within a day of a `checkout_completed` event.
    static func announcement(triggered: Bool) -> Announcement {
        var announcement = Announcement(id: "review", title: "Enjoying it?", message: "m")
        if triggered { announcement.trigger = .init(event: "checkout_completed", within: 86_400) }
        announcement.variants = [.init(id: "a", weight: 1), .init(id: "b", weight: 1, title: "Rate us!")]
        announcement.goal = .init(event: "review_written", within: 3_600)
        return announcement
    }

    /// The first user id `user-N` that gets `variant` of `campaign`.
    static func user(getting variant: String, of campaign: Announcement) -> String {
        (0...).lazy.map { "user-\($0)" }.first { campaign.variant(for: $0)?.id == variant }!
    }

    /// A loaded manager showing `campaign` on iOS for `userID`, over `store`, on the manual clock `time`.
    static func manager(
        _ campaign: Announcement, time: ManualTimeSource, userID: String, store: any AnnouncementStateStore
    ) async -> AnnouncementManager {
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: [campaign], source: .cache),
            next: FetchResult(announcements: [campaign], source: .network, status: 200))
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(platform: "iOS", userID: userID), store: store,
            timeSource: time, configuration: .init(refreshInterval: 86_400))
        await manager.loadAnnouncements()
        return manager
    }
}
