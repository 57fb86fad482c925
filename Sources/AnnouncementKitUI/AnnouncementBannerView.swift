#if canImport(SwiftUI)
    public import AnnouncementKit
    public import SwiftUI

    /// One announcement drawn as a banner: icon, title, message, an action button and a close
    /// button, in the colours of its style. Every decision comes from ``BannerAppearance``; the view
    /// only lays it out.
    ///
    /// Use ``SwiftUI/View/announcementBanner(position:placement:actionHandler:)`` to show the
    /// manager's active announcement; use this view directly for custom layouts and previews:
    ///
    /// ```swift
    /// #Preview {
    ///     AnnouncementBannerView(announcement: maintenance, onAction: { _ in }, onDismiss: {})
    /// }
    /// ```
    @MainActor
    public struct AnnouncementBannerView: View {
        private let appearance: BannerAppearance
        private let onAction: @MainActor () -> Void
        private let onDismiss: @MainActor () -> Void

        @Environment(\.colorScheme) private var colorScheme
        @ScaledMetric(relativeTo: .title3) private var iconSize: CGFloat = 22

        /// Creates a banner for `announcement` in the device's language; `onAction` receives its
        /// action when the action button is tapped and `onDismiss` runs when the close button is.
        ///
        /// A `dismiss` action without a label draws no action button.
        ///
        /// ```swift
        /// AnnouncementBannerView(
        ///     announcement: announcement,
        ///     onAction: { handleAction($0) },
        ///     onDismiss: { manager.dismiss(announcement) }
        /// )
        /// ```
        ///
        /// - Parameters:
        ///   - announcement: the announcement to show.
        ///   - onAction: receives the announcement's action when the action button is tapped.
        ///   - onDismiss: runs when the close button is tapped.
        public init(
            announcement: Announcement, onAction: @escaping @MainActor (Announcement.Action) -> Void,
            onDismiss: @escaping @MainActor () -> Void
        ) {
            let appearance = BannerAppearance(
                announcement: announcement, locale: AnnouncementContext.current.locale, defaultLocale: "en")
            self.init(appearance: appearance, onAction: { onAction(announcement.action) }, onDismiss: onDismiss)
        }

        /// Creates a banner for `appearance`; `onAction` runs when the action button is tapped and
        /// `onDismiss` when the close button is, both on the main actor.
        ///
        /// ```swift
        /// let appearance = BannerAppearance(announcement: maintenance, locale: "en", defaultLocale: "en")
        /// AnnouncementBannerView(appearance: appearance, onDismiss: { showsBanner = false })
        /// ```
        ///
        /// - Parameters:
        ///   - appearance: what the banner shows and says.
        ///   - onAction: runs when the action button is tapped.
        ///   - onDismiss: runs when the close button is tapped.
        public init(
            appearance: BannerAppearance, onAction: @escaping @MainActor () -> Void = {},
            onDismiss: @escaping @MainActor () -> Void = {}
        ) {
            self.appearance = appearance
            self.onAction = onAction
            self.onDismiss = onDismiss
        }

        /// The banner: icon, title, message, action button and close button in a rounded card.
        public var body: some View {
            let colors = appearance.tint.colors(for: colorScheme == .dark ? .dark : .light)
            HStack(alignment: .top, spacing: 12) {
                Image(systemName: appearance.iconName)
                    .font(.system(size: iconSize, weight: .semibold))
                    .foregroundStyle(Color(rgb: colors.accent))
                    .accessibilityHidden(true)
                VStack(alignment: .leading, spacing: 4) {
                    Text(appearance.title)
                        .font(.headline)
                        .accessibilityAddTraits(.isHeader)
                    Text(appearance.message)
                        .font(.subheadline)
                        .fixedSize(horizontal: false, vertical: true)
                    if let actionTitle = appearance.actionTitle {
                        Button(actionTitle, action: onAction)
                            .buttonStyle(.bordered)
                            .tint(Color(rgb: colors.accent))
                            .padding(.top, 4)
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
                if appearance.showsDismissButton {
                    Button(action: onDismiss) {
                        Image(systemName: "xmark")
                            .font(.footnote.weight(.bold))
                            .padding(8)
                            .contentShape(Rectangle())
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(Text(appearance.dismissAccessibilityLabel))
                }
            }
            .foregroundStyle(Color(rgb: colors.text))
            .padding(14)
            .background {
                RoundedRectangle(cornerRadius: 14, style: .continuous)
                    .fill(Color(rgb: colors.background))
            }
            .overlay {
                RoundedRectangle(cornerRadius: 14, style: .continuous)
                    .strokeBorder(Color(rgb: colors.accent).opacity(0.4), lineWidth: 1)
            }
            .accessibilityElement(children: .contain)
        }
    }

    extension Color {
        /// The sRGB colour of a ``RGBColor`` token.
        init(rgb: RGBColor) {
            self.init(
                .sRGB, red: Double(rgb.red) / 255, green: Double(rgb.green) / 255, blue: Double(rgb.blue) / 255,
                opacity: 1)
        }
    }
#endif
