#if canImport(SwiftUI)
    import AnnouncementKit
    import SwiftUI

    /// Shows the active announcement in its format and records the impression, tells VoiceOver of it
    /// and has the manager hide it when its `autoDismissAfter` runs out
    /// (``AnnouncementPresentationEffects``).
    /// Both forms of ``SwiftUI/View/announcementBanner(position:placement:actionHandler:)`` use it.
    ///
    /// - A banner lies over the content at the app's position, animated in and out.
    /// - A modal is a card in the middle of the screen over a dimmed background, which takes the taps
    ///   meant for the content and keeps VoiceOver on the card. A tap on the dim does nothing: like an
    ///   alert, a modal is answered by its buttons (VoiceOver's escape gesture closes a dismissible one).
    /// - A sheet is a SwiftUI sheet; swiping a dismissible one down dismisses it.
    @MainActor
    struct AnnouncementBannerModifier: ViewModifier {
        /// The manager to show; `nil` takes ``SwiftUI/EnvironmentValues/announcementManager``.
        let manager: AnnouncementManager?
        let position: AnnouncementBannerPosition
        let placement: String?
        /// Receives a tapped action after the manager performed it; `nil` opens URLs and deep links.
        let actionHandler: (@MainActor (Announcement, ActionRoute) -> Void)?

        /// Shows `manager`; `routeHandler` receives the route of a tapped action.
        init(
            manager: AnnouncementManager, position: AnnouncementBannerPosition, placement: String?,
            routeHandler: (@MainActor (ActionRoute) -> Void)?
        ) {
            self.manager = manager
            self.position = position
            self.placement = placement
            if let routeHandler {
                actionHandler = { _, route in routeHandler(route) }
            } else {
                actionHandler = nil
            }
        }

        /// Shows the environment's manager; `actionHandler` receives the announcement's action for a
        /// tap the manager let through (`ActionRoute.action(of:)`).
        init(
            position: AnnouncementBannerPosition, placement: String?,
            actionHandler: (@MainActor (Announcement.Action) -> Void)?
        ) {
            self.manager = nil
            self.position = position
            self.placement = placement
            if let actionHandler {
                self.actionHandler = { announcement, route in
                    if let action = route.action(of: announcement) { actionHandler(action) }
                }
            } else {
                self.actionHandler = nil
            }
        }

        @Environment(\.announcementManager) private var environmentManager
        @Environment(\.accessibilityReduceMotion) var reduceMotion
        @Environment(\.accessibilityReduceTransparency) private var reduceTransparency
        @Environment(\.dynamicTypeSize) var dynamicTypeSize
        @Environment(\.openURL) private var openURL
        @Environment(\.announcementsSuppressed) private var suppressed

        func body(content: Content) -> some View {
            let manager = self.manager ?? environmentManager
            let active = suppressed ? nil : manager.activeAnnouncement(for: placement)
            // A sheet is presented by SwiftUI; the other placements lie over the content.
            let isSheet = active?.format.traits.placement == .sheet
            let sheeted = isSheet ? active : nil
            let overlaid = isSheet ? nil : active
            let appearance = overlaid.map { manager.appearance(of: $0, position: position) }
            let layout = appearance?.layout(isAccessibilitySize: dynamicTypeSize.isAccessibilitySize)
            // The dim takes the taps and hides the app from VoiceOver (BannerLayout.dimsBackground).
            let blocksContent = layout?.dimsBackground == true
            content
                .accessibilityHidden(blocksContent)
                .overlay {
                    if blocksContent {
                        dimming
                    }
                }
                .overlay(alignment: overlaid?.format.traits.placement == .centred ? .center : alignment) {
                    if let overlaid, let appearance, let layout {
                        presentation(of: overlaid, appearance: appearance, layout: layout, from: manager)
                    }
                }
                .animation(animation, value: overlaid?.id)
                .sheet(item: sheetBinding(for: sheeted, from: manager)) { announcement in
                    sheetContent(for: announcement, from: manager)
                }
                // Loading again only refreshes, so every banner of the app may ask.
                .task(id: ObjectIdentifier(manager)) { await manager.loadAnnouncements() }
        }

        var alignment: Alignment {
            switch position {
            case .top: .top
            case .bottom: .bottom
            case .floating: .center
            }
        }

        var animation: Animation {
            reduceMotion ? .easeInOut(duration: 0.2) : .spring(response: 0.45, dampingFraction: 0.82)
        }

        /// The dimmed background behind a modal or a floating banner that can be closed, which takes the
        /// taps meant for the app; darker with Reduce Transparency, so that the content behind shows less.
        private var dimming: some View {
            Color.black.opacity(reduceTransparency ? 0.55 : 0.3)
                .ignoresSafeArea()
                .accessibilityHidden(true)
                .transition(.opacity)
        }

        /// Passes the route of a tapped action (the manager has already dismissed a dismissible
        /// announcement) to the handler, or opens its URL.
        func handle(_ announcement: Announcement, _ route: ActionRoute) {
            if let actionHandler {
                actionHandler(announcement, route)
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
