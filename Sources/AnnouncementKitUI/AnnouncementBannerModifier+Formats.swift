#if canImport(SwiftUI)
    import AnnouncementKit
    import SwiftUI

    extension AnnouncementBannerModifier {
        /// A banner at the app's position, or a modal's card in the middle of the screen.
        @ViewBuilder
        func presentation(
            of announcement: Announcement, appearance: BannerAppearance, layout: BannerLayout,
            from manager: AnnouncementManager
        ) -> some View {
            let card = AnnouncementBannerView(
                appearance: appearance,
                onAction: { handle(announcement, manager.perform(announcement)) },
                onDismiss: { withAnimation(animation) { _ = manager.dismiss(announcement) } }
            )
            .environment(\.announcementManager, manager)
            if announcement.format.traits.placement == .centred {
                modal(card, announcement: announcement, layout: layout, from: manager)
                    .modifier(effects(of: announcement, appearance: appearance, from: manager))
            } else {
                let floating = position == .floating
                card
                    .frame(maxWidth: floating ? 440 : .infinity)
                    .padding(.horizontal, floating ? 24 : 12)
                    .padding(.vertical, 8)
                    .shadow(color: .black.opacity(floating ? 0.25 : 0.08), radius: floating ? 16 : 10, y: 4)
                    .transition(transition)
                    .id(announcement.id)
                    .modifier(effects(of: announcement, appearance: appearance, from: manager))
            }
        }

        /// A modal's card: at most ``BannerLayout/maximumContentWidth`` wide, modal for VoiceOver, whose
        /// escape gesture closes a dismissible one as its close button does.
        private func modal(
            _ card: some View, announcement: Announcement, layout: BannerLayout, from manager: AnnouncementManager
        ) -> some View {
            card
                .frame(maxWidth: layout.maximumContentWidth.map { CGFloat($0) })
                .padding(24)
                .shadow(color: .black.opacity(0.25), radius: 20, y: 6)
                .accessibilityAddTraits(.isModal)
                .accessibilityAction(.escape) {
                    guard announcement.isDismissible else { return }
                    withAnimation(animation) { _ = manager.dismiss(announcement) }
                }
                .transition(reduceMotion ? .opacity : .scale(scale: 0.92).combined(with: .opacity))
                .id(announcement.id)
        }

        /// A sheet-format announcement as a sheet's content.
        func sheetContent(for announcement: Announcement, from manager: AnnouncementManager) -> some View {
            let appearance = manager.appearance(of: announcement, position: position)
            return AnnouncementSheetView(
                appearance: appearance,
                onAction: { handle(announcement, manager.perform(announcement)) },
                onDismiss: { _ = manager.dismiss(announcement) }
            )
            .environment(\.announcementManager, manager)
            .modifier(effects(of: announcement, appearance: appearance, from: manager, announces: false))
        }

        /// Presents `announcement` as a sheet while it is the active one. The sheet writes `nil` when it
        /// goes away: that dismisses the announcement only when the user swiped it away (it is still
        /// the active one), never when it went because it was hidden, replaced or ended.
        func sheetBinding(
            for announcement: Announcement?, from manager: AnnouncementManager
        ) -> Binding<Announcement?> {
            let placement = placement
            return Binding(
                get: { announcement },
                set: { newValue in
                    guard newValue == nil, let announcement, announcement.isDismissible,
                        manager.activeAnnouncement(for: placement)?.id == announcement.id
                    else { return }
                    _ = manager.dismiss(announcement)
                })
        }

        private func effects(
            of announcement: Announcement, appearance: BannerAppearance, from manager: AnnouncementManager,
            announces: Bool = true
        ) -> AnnouncementPresentationEffects {
            AnnouncementPresentationEffects(
                announcement: announcement, appearance: appearance, manager: manager, placement: placement,
                announcesToVoiceOver: announces)
        }

        private var transition: AnyTransition {
            if reduceMotion { return .opacity }
            switch position {
            case .top: return .move(edge: .top).combined(with: .opacity)
            case .bottom: return .move(edge: .bottom).combined(with: .opacity)
            case .floating: return .scale(scale: 0.9).combined(with: .opacity)
            }
        }
    }
#endif
