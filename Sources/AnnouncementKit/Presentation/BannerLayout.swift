/// How a view arranges an announcement for one text size: the decisions that keep it readable from the
/// smallest Dynamic Type size to the largest accessibility size, made once for every platform.
///
/// ```swift
/// let layout = appearance.layout(isAccessibilitySize: dynamicTypeSize.isAccessibilitySize)
/// if layout.stacksButtons { VStack { buttons } } else { HStack { buttons } }
/// ```
public struct BannerLayout: Sendable, Hashable {
    /// Where the image goes.
    public enum ImagePlacement: Sendable, Hashable {
        /// Full width above the title (sheets and modals, and every format at accessibility sizes).
        case top
        /// A small square at the leading edge, beside the text (banners and cards at ordinary sizes).
        case leading
    }

    /// Where the image goes; `nil` when there is no image.
    public var imagePlacement: ImagePlacement?
    /// Whether the buttons stand one above the other, each the full width, rather than side by side.
    public var stacksButtons: Bool
    /// Whether the text scrolls inside the announcement: at the largest sizes a modal's or a banner's text
    /// may be taller than the screen, and must still be read to the end.
    public var scrollsText: Bool
    /// Whether the app behind the announcement is dimmed, takes no taps and is hidden from VoiceOver:
    /// behind a modal or a sheet, and behind a floating banner that can be closed. A banner that cannot
    /// be closed never dims or blocks the app, wherever it stands.
    public var dimsBackground: Bool
    /// The widest the announcement's content grows, in points; `nil` for the full width available. Long
    /// lines are hard to read, so a modal's card stays narrow on a wide screen.
    public var maximumContentWidth: Double?

    /// Creates a layout.
    package init(
        imagePlacement: ImagePlacement?, stacksButtons: Bool, scrollsText: Bool, dimsBackground: Bool,
        maximumContentWidth: Double?
    ) {
        self.imagePlacement = imagePlacement
        self.stacksButtons = stacksButtons
        self.scrollsText = scrollsText
        self.dimsBackground = dimsBackground
        self.maximumContentWidth = maximumContentWidth
    }
}

extension BannerAppearance {
    /// How to arrange the announcement at an ordinary text size or, with `isAccessibilitySize`, at one of
    /// the accessibility sizes (SwiftUI's `DynamicTypeSize.isAccessibilitySize`).
    ///
    /// At accessibility sizes nothing sits side by side: the image moves above the text, the buttons stack
    /// and every format's text scrolls, so no word is cut off. At ordinary sizes the format's traits decide:
    /// sheets always scroll (they are for longer texts); a modal's card is at most 400 points wide and a
    /// sheet's content 600.
    public func layout(isAccessibilitySize: Bool) -> BannerLayout {
        let traits = format.traits
        var placement: BannerLayout.ImagePlacement?
        if image != nil { placement = traits.imageAboveText || isAccessibilitySize ? .top : .leading }
        return BannerLayout(
            imagePlacement: placement,
            stacksButtons: isAccessibilitySize || traits.stacksButtons,
            scrollsText: isAccessibilitySize || traits.scrollsText,
            dimsBackground: traits.takesScreen || (position == .floating && showsDismissButton),
            maximumContentWidth: traits.maximumContentWidth)
    }
}
