#if canImport(SwiftUI)
    public import AnnouncementKit
    public import SwiftUI

    /// One announcement drawn as a card: icon, image, title, message, an action button and a close
    /// button, in the colours of its style. Every decision comes from ``BannerAppearance`` and its
    /// ``BannerLayout`` for the current Dynamic Type size; the view only lays it out.
    ///
    /// A banner at an ordinary text size is one row (a small image or the icon, the text, the close
    /// button); a modal or a sheet drawn as a card, and every format at the accessibility sizes, stand
    /// in a column: the image full width above the text, the buttons one above the other, the text
    /// scrolling when it is taller than the room it has. The image is the provider's cached copy
    /// (``AnnouncementManager/imageData(for:)`` of ``SwiftUI/EnvironmentValues/announcementManager``);
    /// without one the card shows text only.
    ///
    /// Use ``SwiftUI/View/announcementBanner(position:placement:actionHandler:)`` to show the
    /// manager's active announcement, ``AnnouncementCard`` to show it inline; use this view directly
    /// for custom layouts and previews:
    ///
    /// ```swift
    /// #Preview {
    ///     AnnouncementBannerView(announcement: maintenance, onAction: { _ in }, onDismiss: {})
    /// }
    /// ```
    @MainActor
    public struct AnnouncementBannerView: View {
        let appearance: BannerAppearance
        let onAction: @MainActor () -> Void
        let onDismiss: @MainActor () -> Void

        @Environment(\.announcementManager) private var manager
        @Environment(\.colorScheme) private var colorScheme
        @Environment(\.dynamicTypeSize) private var dynamicTypeSize
        @ScaledMetric(relativeTo: .title3) var iconSize: CGFloat = 22
        @ScaledMetric(relativeTo: .body) var thumbnailSize: CGFloat = 56

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

        /// The card: the announcement's parts in a row or a column (``BannerLayout``), on the
        /// background of its style.
        public var body: some View {
            let colors = appearance.tint.colors(for: colorScheme == .dark ? .dark : .light)
            let layout = appearance.layout(isAccessibilitySize: dynamicTypeSize.isAccessibilitySize)
            CachedAnnouncementImage(image: appearance.image, manager: manager) { image in
                if layout.stacksButtons {
                    column(layout: layout, image: image, colors: colors)
                } else {
                    row(layout: layout, image: image, colors: colors)
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
