#if canImport(SwiftUI)
    import AnnouncementKit
    import SwiftUI

    extension AnnouncementBannerView {
        /// A banner at an ordinary text size: a small image (or the style's icon) at the leading edge,
        /// the text with its action button, and the close button at the trailing edge.
        func row(layout: BannerLayout, image: AnnouncementImageBytes?, colors: BannerColors) -> some View {
            HStack(alignment: .top, spacing: 12) {
                if let image, let description = appearance.image, layout.imagePlacement == .leading {
                    AnnouncementImageView(image: image, description: description, cornerRadius: 8)
                        .frame(width: thumbnailSize)
                } else {
                    icon(colors: colors)
                }
                VStack(alignment: .leading, spacing: 4) {
                    ScrollingWhenTall(scrolls: layout.scrollsText) { text }
                    if let actionTitle = appearance.actionTitle {
                        Button(actionTitle, action: onAction)
                            .accessibilityHint(Text(appearance.actionAccessibilityHint ?? ""))
                            .buttonStyle(.bordered)
                            .tint(Color(rgb: colors.accent))
                            .padding(.top, 4)
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
                closeButton
            }
        }

        /// A modal or a sheet drawn as a card, and every format at the accessibility sizes: the icon
        /// and the close button above, then the image across the card, the text (scrolling when it is
        /// taller than the room it has) and the action button across the card.
        func column(layout: BannerLayout, image: AnnouncementImageBytes?, colors: BannerColors) -> some View {
            VStack(alignment: .leading, spacing: 12) {
                HStack(alignment: .top, spacing: 12) {
                    icon(colors: colors)
                    Spacer(minLength: 0)
                    closeButton
                }
                if let image, let description = appearance.image, layout.imagePlacement != nil {
                    AnnouncementImageView(image: image, description: description)
                        .frame(maxWidth: .infinity)
                }
                ScrollingWhenTall(scrolls: layout.scrollsText) { text }
                if let actionTitle = appearance.actionTitle {
                    Button(action: onAction) {
                        Text(actionTitle)
                            .frame(maxWidth: .infinity)
                    }
                    .accessibilityHint(Text(appearance.actionAccessibilityHint ?? ""))
                    .buttonStyle(.borderedProminent)
                    .tint(Color(rgb: colors.accent))
                }
            }
        }

        /// The title (the card's heading for VoiceOver) and the message, wrapped, never cut off.
        var text: some View {
            VStack(alignment: .leading, spacing: 4) {
                Text(appearance.title)
                    .font(.headline)
                    .fixedSize(horizontal: false, vertical: true)
                    .accessibilityAddTraits(.isHeader)
                Text(appearance.message)
                    .font(.subheadline)
                    .fixedSize(horizontal: false, vertical: true)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }

        /// The style's symbol: decoration, since the spoken text already names an urgent style.
        func icon(colors: BannerColors) -> some View {
            Image(systemName: appearance.iconName)
                .font(.system(size: iconSize, weight: .semibold))
                .foregroundStyle(Color(rgb: colors.accent))
                .accessibilityHidden(true)
        }

        /// The close button of a dismissible announcement; nothing for one that cannot be dismissed.
        @ViewBuilder var closeButton: some View {
            if appearance.showsDismissButton {
                Button(action: onDismiss) {
                    Image(systemName: "xmark")
                        .font(.footnote.weight(.bold))
                        .padding(8)
                        .contentShape(Rectangle())
                }
                .buttonStyle(.plain)
                .accessibilityLabel(Text(appearance.dismissAccessibilityLabel))
                .accessibilityHint(Text(appearance.dismissAccessibilityHint))
            }
        }
    }
#endif
