import Foundation

/// What a host that draws announcements calls around each showing: the SwiftUI layer, the
/// ``AnnouncementPresenter`` and an app's own renderer use these, so they all make the same appearance
/// and record the same impressions.
extension AnnouncementManager {
    /// What `announcement` shows and says in the manager's language (its context's locale, then the
    /// feed's default locale), with the package's own words for that language: the one place a host
    /// makes a ``BannerAppearance`` for the manager.
    ///
    /// ```swift
    /// let appearance = manager.appearance(of: announcement)
    /// print(TerminalBannerRenderer(width: 60).render(appearance))
    /// ```
    ///
    /// - Parameters:
    ///   - announcement: the announcement to draw, as ``activeAnnouncement(for:)`` gives it (with the
    ///     user's variant).
    ///   - position: where a banner-format announcement appears.
    public func appearance(
        of announcement: Announcement, position: AnnouncementBannerPosition = .top
    ) -> BannerAppearance {
        BannerAppearance(
            announcement: announcement, locale: context.locale, defaultLocale: defaultLocale, position: position)
    }

    /// Starts a showing of `announcement` at `placement`: the moment it appears where the user can see
    /// it. Records the impression (which counts towards its frequency caps and the feed's limits, opens
    /// its goal's conversion window and emits ``AnnouncementEvent/shown(_:)``) and, when its appearance
    /// has an ``BannerAppearance/autoDismissAfter``, starts the countdown that hides it on the manager's
    /// time source.
    ///
    /// Call it once per showing: when the banner appears, and again when it appears again after it was
    /// away (paused, replaced by another, off screen), never when it is only drawn again. Call
    /// ``endShowing(_:)`` when it goes off screen by the host's hand. ``AnnouncementPresenter`` does both.
    ///
    /// - Parameters:
    ///   - announcement: the announcement on screen, as ``activeAnnouncement(for:)`` gave it.
    ///   - placement: the placement it shows at (`nil`: a banner without a placement name).
    ///   - autoDismisses: `false` while a screen reader or switch control runs: the banner then stays
    ///     until it is dismissed or leaves by itself, so the time to read it is not limited.
    public func beginShowing(_ announcement: Announcement, placement: String? = nil, autoDismisses: Bool = true) {
        recordImpression(announcement, placement: placement)
        guard autoDismisses, let delay = appearance(of: announcement).autoDismissAfter else { return }
        hide(announcement, after: delay)
    }

    /// Ends the showing ``beginShowing(_:placement:autoDismisses:)`` started, when the host takes the
    /// banner off screen (navigation, a screen that suppresses banners): its countdown stops, so a banner
    /// nobody can see is not hidden. Its next showing starts the countdown again.
    public func endShowing(_ announcement: Announcement) {
        cancelHide(announcement)
    }
}
