#if canImport(SwiftUI)
    // AccessibilityNotification lives in the Accessibility framework (iOS 17, macOS 14), which
    // MemberImportVisibility wants imported by name for its `post()`.
    import Accessibility
    import AnnouncementKit
    import SwiftUI

    /// Lays the active banner over the content, animates it in and out, records the impression,
    /// announces it to VoiceOver and has the manager hide it when its `autoDismissAfter` runs out.
    /// Both forms of ``SwiftUI/View/announcementBanner(position:placement:actionHandler:)`` use it.
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
        @Environment(\.accessibilityReduceMotion) private var reduceMotion
        @Environment(\.accessibilityReduceTransparency) private var reduceTransparency
        @Environment(\.accessibilityVoiceOverEnabled) private var voiceOverEnabled
        @Environment(\.openURL) private var openURL
        @Environment(\.announcementsSuppressed) private var suppressed

        func body(content: Content) -> some View {
            let manager = self.manager ?? environmentManager
            let announcement = suppressed ? nil : manager.activeAnnouncement(for: placement)
            // A floating banner that can be closed is modal: its dimmed background takes the taps
            // meant for the content and VoiceOver stays on the banner. One that cannot be closed
            // never blocks the app.
            let blocksContent = position == .floating && announcement?.isDismissible == true
            content
                .accessibilityHidden(blocksContent)
                .overlay {
                    if position == .floating, announcement != nil {
                        dimming(blocksContent: blocksContent)
                    }
                }
                .overlay(alignment: alignment) {
                    if let announcement {
                        banner(for: announcement, from: manager)
                    }
                }
                .animation(animation, value: announcement?.id)
                // Loading again only refreshes, so every banner of the app may ask.
                .task(id: ObjectIdentifier(manager)) { await manager.loadAnnouncements() }
        }

        private var alignment: Alignment {
            switch position {
            case .top: .top
            case .bottom: .bottom
            case .floating: .center
            }
        }

        private var animation: Animation {
            reduceMotion ? .easeInOut(duration: 0.2) : .spring(response: 0.45, dampingFraction: 0.82)
        }

        private var transition: AnyTransition {
            if reduceMotion { return .opacity }
            switch position {
            case .top: return .move(edge: .top).combined(with: .opacity)
            case .bottom: return .move(edge: .bottom).combined(with: .opacity)
            case .floating: return .scale(scale: 0.9).combined(with: .opacity)
            }
        }

        /// The dimmed background behind a floating banner; darker with Reduce Transparency, so
        /// that the content behind shows less.
        private func dimming(blocksContent: Bool) -> some View {
            Color.black.opacity(reduceTransparency ? 0.55 : 0.3)
                .ignoresSafeArea()
                .allowsHitTesting(blocksContent)
                .accessibilityHidden(true)
                .transition(.opacity)
        }

        private func banner(for announcement: Announcement, from manager: AnnouncementManager) -> some View {
            let appearance = BannerAppearance(
                announcement: announcement, locale: manager.context.locale, defaultLocale: manager.defaultLocale,
                position: position)
            let floating = position == .floating
            return AnnouncementBannerView(
                appearance: appearance,
                onAction: { handle(announcement, manager.perform(announcement)) },
                onDismiss: { withAnimation(animation) { _ = manager.dismiss(announcement) } }
            )
            .frame(maxWidth: floating ? 440 : .infinity)
            .padding(.horizontal, floating ? 24 : 12)
            .padding(.vertical, 8)
            .shadow(color: .black.opacity(floating ? 0.25 : 0.08), radius: floating ? 16 : 10, y: 4)
            .transition(transition)
            .id(announcement.id)
            .task(id: announcement.id) {
                manager.recordImpression(announcement, placement: placement)
                AccessibilityNotification.Announcement(appearance.accessibilityAnnouncement).post()
                // A hint, not a dismissal: and never while VoiceOver may still be reading it. The manager
                // hides it on its own time source; the overlay animates it out when it goes.
                guard let delay = appearance.autoDismissAfter, !voiceOverEnabled else { return }
                manager.hide(announcement, after: delay)
            }
            // Off screen, the countdown stops; it starts again when the banner is shown again.
            .onDisappear { manager.cancelHide(announcement) }
        }

        /// Passes the route of a tapped action (the manager has already dismissed a dismissible
        /// banner) to the handler, or opens its URL.
        private func handle(_ announcement: Announcement, _ route: ActionRoute) {
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
