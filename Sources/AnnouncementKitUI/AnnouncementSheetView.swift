#if canImport(SwiftUI)
    import AnnouncementKit
    import SwiftUI

    /// A sheet-format announcement as the content of a SwiftUI sheet: the image across the top, the
    /// icon, title and message below it in a scroll view, the action button across the bottom and, for
    /// a dismissible one, a close button in the top trailing corner.
    ///
    /// The sheet opens at half height and can be pulled to full height. A dismissible one also closes
    /// when it is swiped down (with its drag indicator shown); one that cannot be dismissed cannot be
    /// swiped away and has no close button.
    @MainActor
    struct AnnouncementSheetView: View {
        let appearance: BannerAppearance
        let onAction: @MainActor () -> Void
        let onDismiss: @MainActor () -> Void

        @Environment(\.announcementManager) private var manager
        @Environment(\.colorScheme) private var colorScheme
        @Environment(\.dynamicTypeSize) private var dynamicTypeSize
        @ScaledMetric(relativeTo: .title2) private var iconSize: CGFloat = 28

        var body: some View {
            let colors = appearance.tint.colors(for: colorScheme == .dark ? .dark : .light)
            let layout = appearance.layout(isAccessibilitySize: dynamicTypeSize.isAccessibilitySize)
            CachedAnnouncementImage(image: appearance.image, manager: manager) { image in
                VStack(spacing: 0) {
                    // A sheet's text always scrolls (``BannerLayout/scrollsText``): its height is the
                    // detent's, whatever the length of the text and the text size.
                    ScrollView(.vertical) {
                        content(image: image, colors: colors)
                            .frame(maxWidth: layout.maximumContentWidth.map { CGFloat($0) })
                            .frame(maxWidth: .infinity)
                    }
                    if let actionTitle = appearance.actionTitle {
                        Button(action: onAction) {
                            Text(actionTitle)
                                .frame(maxWidth: .infinity)
                                .padding(.vertical, 6)
                        }
                        .accessibilityHint(Text(appearance.actionAccessibilityHint ?? ""))
                        .buttonStyle(.borderedProminent)
                        .tint(Color(rgb: colors.accent))
                        .frame(maxWidth: layout.maximumContentWidth.map { CGFloat($0) })
                        .padding(24)
                    }
                }
                .overlay(alignment: .topTrailing) { closeButton(colors: colors) }
            }
            .foregroundStyle(Color(rgb: colors.text))
            .presentationBackground(Color(rgb: colors.background))
            .presentationDetents([.medium, .large])
            .presentationDragIndicator(appearance.showsDismissButton ? .visible : .hidden)
            .interactiveDismissDisabled(!appearance.showsDismissButton)
        }

        /// The image across the top, edge to edge, then the icon, the title and the message.
        private func content(image: AnnouncementImageBytes?, colors: BannerColors) -> some View {
            VStack(alignment: .leading, spacing: 16) {
                if let image, let description = appearance.image {
                    AnnouncementImageView(image: image, description: description, cornerRadius: 0)
                }
                VStack(alignment: .leading, spacing: 8) {
                    Image(systemName: appearance.iconName)
                        .font(.system(size: iconSize, weight: .semibold))
                        .foregroundStyle(Color(rgb: colors.accent))
                        .accessibilityHidden(true)
                    Text(appearance.title)
                        .font(.title2.weight(.bold))
                        .fixedSize(horizontal: false, vertical: true)
                        .accessibilityAddTraits(.isHeader)
                    Text(appearance.message)
                        .font(.body)
                        .fixedSize(horizontal: false, vertical: true)
                }
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(.horizontal, 24)
                .padding(.top, appearance.image == nil ? 32 : 0)
            }
        }

        /// The close button of a dismissible sheet, on an opaque circle so that it shows over the image.
        @ViewBuilder private func closeButton(colors: BannerColors) -> some View {
            if appearance.showsDismissButton {
                Button(action: onDismiss) {
                    Image(systemName: "xmark")
                        .font(.footnote.weight(.bold))
                        .padding(10)
                        .background { Circle().fill(Color(rgb: colors.background)) }
                        .contentShape(Rectangle())
                }
                .buttonStyle(.plain)
                .accessibilityLabel(Text(appearance.dismissAccessibilityLabel))
                .accessibilityHint(Text(appearance.dismissAccessibilityHint))
                .padding(12)
            }
        }
    }
#endif
