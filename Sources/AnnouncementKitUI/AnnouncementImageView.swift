#if canImport(SwiftUI)
    import AnnouncementKit
    import SwiftUI

    /// An announcement's decoded image at its aspect ratio, filling the width it is given and cropped to
    /// the ratio, with its alt text as its VoiceOver label.
    ///
    /// An image without alt text says nothing and is left out of VoiceOver, as an empty `alt` is on the
    /// web.
    @MainActor
    struct AnnouncementImageView: View {
        let image: Image
        let description: BannerImage
        var cornerRadius: CGFloat = 10

        var body: some View {
            Color.clear
                .aspectRatio(CGFloat(description.aspectRatio), contentMode: .fit)
                .overlay {
                    image
                        .resizable()
                        .scaledToFill()
                }
                .clipShape(RoundedRectangle(cornerRadius: cornerRadius, style: .continuous))
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text(description.altText))
                .accessibilityAddTraits(.isImage)
                .accessibilityHidden(description.altText.isEmpty)
        }
    }
#endif
