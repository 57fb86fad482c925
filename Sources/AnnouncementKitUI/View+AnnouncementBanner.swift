#if canImport(SwiftUI)
    public import AnnouncementKit
    public import SwiftUI

    extension View {
        /// Shows the active announcement of the environment's manager
        /// (``SwiftUI/EnvironmentValues/announcementManager``) over this view in its format (a banner,
        /// a modal card over a dimmed background, or a sheet), one at a time, and loads the manager's
        /// announcements when the view appears.
        ///
        /// ```swift
        /// ContentView()
        ///     .announcementBanner { action in
        ///         switch action {
        ///         case .deepLink(let destination): router.navigate(to: destination)
        ///         case .url(let url): openURL(url)
        ///         case .dismiss: break
        ///         }
        ///     }
        /// ```
        ///
        /// Tapping the action button of an announcement that can be dismissed dismisses it. A modal is
        /// dismissed by its close button, not by a tap on the dim; a sheet also by swiping it down.
        ///
        /// - Parameters:
        ///   - position: where a banner-format announcement appears: `top` and `bottom` sit inside
        ///     the safe area at that edge; `floating` is a card in the middle of the screen over a
        ///     dimmed background. Modals are always centred and sheets rise from the bottom.
        ///   - placement: the screen's placement name; `nil` shows only announcements without
        ///     `placements`.
        ///   - actionHandler: receives the action of a tapped action button, after the manager has
        ///     checked it against its action policy (an action the policy refuses never arrives);
        ///     without one, URLs and deep links are opened with the environment's `openURL`.
        public func announcementBanner(
            position: AnnouncementBannerPosition = .top,
            placement: String? = nil,
            actionHandler: (@MainActor (Announcement.Action) -> Void)? = nil
        ) -> some View {
            modifier(AnnouncementBannerModifier(position: position, placement: placement, actionHandler: actionHandler))
        }

        /// Shows `manager`'s active announcement over this view in its format (a banner, a modal card
        /// over a dimmed background, or a sheet), one at a time, and loads the manager's announcements
        /// when the view appears.
        ///
        /// ```swift
        /// ContentView()
        ///     .announcementBanner(manager: announcements, position: .top, placement: "home")
        /// ```
        ///
        /// Tapping the action button of an announcement that can be dismissed dismisses it. A modal is
        /// dismissed by its close button, not by a tap on the dim; a sheet also by swiping it down.
        ///
        /// - Parameters:
        ///   - manager: the app's ``AnnouncementManager``.
        ///   - position: where a banner-format announcement appears: `top` and `bottom` sit inside
        ///     the safe area at that edge; `floating` is a card in the middle of the screen over a
        ///     dimmed background. Modals are always centred and sheets rise from the bottom.
        ///   - placement: the screen's placement name; `nil` shows only announcements without
        ///     `placements`.
        ///   - actionHandler: receives the route of a tapped action; without one, URLs and deep
        ///     links are opened with the environment's `openURL`.
        public func announcementBanner(
            manager: AnnouncementManager,
            position: AnnouncementBannerPosition = .top,
            placement: String? = nil,
            actionHandler: (@MainActor (ActionRoute) -> Void)? = nil
        ) -> some View {
            modifier(
                AnnouncementBannerModifier(
                    manager: manager, position: position, placement: placement, routeHandler: actionHandler))
        }
    }
#endif
