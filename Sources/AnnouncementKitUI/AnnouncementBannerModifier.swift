#if canImport(SwiftUI)
    // AccessibilityNotification lives in the Accessibility framework (iOS 17, macOS 14), which
    // MemberImportVisibility wants imported by name for its `post()`.
    import Accessibility
    public import AnnouncementKit
    public import SwiftUI

    extension View {
        /// Shows the manager's active announcement as a banner over this view, one at a time.
        ///
        /// ```swift
        /// ContentView()
        ///     .announcementBanner(manager: announcements, position: .top, placement: "home")
        /// ```
        ///
        /// - Parameters:
        ///   - manager: the app's ``AnnouncementManager``.
        ///   - position: `top` and `bottom` sit inside the safe area at that edge; `floating` sits
        ///     at the bottom, inset like a card.
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
                    manager: manager, position: position, placement: placement, actionHandler: actionHandler))
        }
    }

    /// Lays the active banner over the content, animates it in and out, records the impression,
    /// announces it to VoiceOver and has the manager hide it when its `autoDismissAfter` runs out.
    @MainActor
    struct AnnouncementBannerModifier: ViewModifier {
        let manager: AnnouncementManager
        let position: AnnouncementBannerPosition
        let placement: String?
        let actionHandler: (@MainActor (ActionRoute) -> Void)?

        @Environment(\.accessibilityReduceMotion) private var reduceMotion
        @Environment(\.accessibilityVoiceOverEnabled) private var voiceOverEnabled
        @Environment(\.openURL) private var openURL
        @Environment(\.announcementsSuppressed) private var suppressed

        func body(content: Content) -> some View {
            let announcement = suppressed ? nil : manager.activeAnnouncement(for: placement)
            content
                .overlay(alignment: position == .top ? .top : .bottom) {
                    if let announcement {
                        banner(for: announcement)
                    }
                }
                .animation(animation, value: announcement?.id)
        }

        private var animation: Animation {
            reduceMotion ? .easeInOut(duration: 0.2) : .spring(response: 0.45, dampingFraction: 0.82)
        }

        private var transition: AnyTransition {
            if reduceMotion { return .opacity }
            return .move(edge: position == .top ? .top : .bottom).combined(with: .opacity)
        }

        private func banner(for announcement: Announcement) -> some View {
            let appearance = BannerAppearance(
                announcement: announcement, locale: manager.context.locale, defaultLocale: manager.defaultLocale,
                position: position)
            return AnnouncementBannerView(
                appearance: appearance,
                onAction: { handle(manager.perform(announcement)) },
                onDismiss: { withAnimation(animation) { _ = manager.dismiss(announcement) } }
            )
            .padding(.horizontal, position == .floating ? 20 : 12)
            .padding(.vertical, position == .floating ? 16 : 8)
            .shadow(color: .black.opacity(position == .floating ? 0.18 : 0.08), radius: 10, y: 4)
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

        private func handle(_ route: ActionRoute) {
            if let actionHandler {
                actionHandler(route)
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
