#if canImport(SwiftUI)
    public import AnnouncementKit
    public import SwiftUI

    /// The active announcement of a placement drawn inline, as a card in the app's own layout: a list
    /// row, a section of a home feed. Every format is drawn as a card here (a modal's or a sheet's image
    /// across the top); nothing is dimmed and nothing is presented over the app.
    ///
    /// With no active announcement for the placement (or while
    /// ``SwiftUI/EnvironmentValues/announcementsSuppressed`` is set) the card is nothing: it takes no
    /// room, and a stack puts no spacing around it. The manager is
    /// ``SwiftUI/EnvironmentValues/announcementManager``; the card records the impression, and its
    /// buttons act as a banner's do.
    ///
    /// ```swift
    /// ScrollView {
    ///     VStack(spacing: 16) {
    ///         AnnouncementCard(placement: "home-feed")
    ///         ForEach(posts) { PostRow(post: $0) }
    ///     }
    /// }
    /// ```
    ///
    /// The card does not load the manager: `.announcementBanner()` on the root view does, or call
    /// ``AnnouncementManager/loadAnnouncements()`` in the app's own `.task`. Give the card a placement
    /// of its own (`placements` in the feed); a banner shown for the same placement would show the same
    /// announcement twice.
    @MainActor
    public struct AnnouncementCard: View {
        private let placement: String?
        private let actionHandler: (@MainActor (Announcement.Action) -> Void)?

        @Environment(\.announcementManager) private var manager
        @Environment(\.announcementsSuppressed) private var suppressed
        @Environment(\.openURL) private var openURL

        /// Creates a card for the active announcement of `placement`.
        ///
        /// ```swift
        /// AnnouncementCard(placement: "settings") { action in
        ///     if case .deepLink(let destination) = action { router.navigate(to: destination) }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - placement: the placement name the feed's `placements` use; `nil` shows only
        ///     announcements without `placements`.
        ///   - actionHandler: receives the action of a tapped action button, after the manager has
        ///     checked it against its action policy; without one, URLs and deep links are opened with
        ///     the environment's `openURL`.
        public init(placement: String?, actionHandler: (@MainActor (Announcement.Action) -> Void)? = nil) {
            self.placement = placement
            self.actionHandler = actionHandler
        }

        /// The card, or nothing when the placement has no active announcement.
        public var body: some View {
            if !suppressed, let announcement = manager.activeAnnouncement(for: placement) {
                let appearance = manager.appearance(of: announcement)
                AnnouncementBannerView(
                    appearance: appearance,
                    onAction: { handle(announcement, manager.perform(announcement)) },
                    onDismiss: { _ = manager.dismiss(announcement) }
                )
                .accessibilityLabel(Text(appearance.containerAccessibilityLabel))
                .modifier(
                    AnnouncementPresentationEffects(
                        announcement: announcement, appearance: appearance, manager: manager,
                        placement: placement, announcesToVoiceOver: false))
            }
        }

        /// Passes a tapped action the manager let through to the handler, or opens its URL.
        private func handle(_ announcement: Announcement, _ route: ActionRoute) {
            if let actionHandler {
                if let action = route.action(of: announcement) { actionHandler(action) }
                return
            }
            switch route {
            case .openURL(let url), .openDeepLink(let url):
                openURL(url)
            case .dismissed, .none:
                break
            }
        }
    }
#endif
