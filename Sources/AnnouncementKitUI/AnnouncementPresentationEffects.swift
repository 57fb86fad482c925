#if canImport(SwiftUI)
    // AccessibilityNotification lives in the Accessibility framework (iOS 17, macOS 14), which
    // MemberImportVisibility wants imported by name for its `post()`.
    import Accessibility
    import AnnouncementKit
    import SwiftUI

    /// What happens while an announcement is on screen, in every format: the manager records the
    /// impression, VoiceOver hears it (for a banner or a modal, which VoiceOver's focus does not move to
    /// by itself), and the manager hides it when its `autoDismissAfter` runs out, unless VoiceOver is
    /// running; off screen, the countdown stops.
    @MainActor
    struct AnnouncementPresentationEffects: ViewModifier {
        let announcement: Announcement
        let appearance: BannerAppearance
        let manager: AnnouncementManager
        let placement: String?
        /// Whether VoiceOver is told of it when it appears: not for a sheet, which VoiceOver's focus
        /// moves into, nor for an inline card, which the reader reaches in the order of the screen.
        let announcesToVoiceOver: Bool

        @Environment(\.accessibilityVoiceOverEnabled) private var voiceOverEnabled

        func body(content: Content) -> some View {
            content
                .task(id: announcement.id) {
                    // The showing begins as for every host (AnnouncementPresenter too): the impression,
                    // and the auto-dismissal, a hint, not a dismissal, never while VoiceOver may still be
                    // reading it. The manager hides it on its own time source; the view animates it out.
                    manager.beginShowing(announcement, placement: placement, autoDismisses: !voiceOverEnabled)
                    if announcesToVoiceOver {
                        AccessibilityNotification.Announcement(appearance.accessibilityAnnouncement).post()
                    }
                }
                // Off screen, the countdown stops; it starts again when the announcement is shown again.
                .onDisappear { manager.endShowing(announcement) }
        }
    }
#endif
