#if canImport(SwiftUI)
    import AnnouncementKit
    import SwiftUI

    /// An announcement's image at its aspect ratio, filling the width it is given and cropped to the
    /// ratio, with its alt text as its VoiceOver label.
    ///
    /// The image is decoded for the frame it fills, in pixels of the screen it is on: a 4000 × 3000
    /// photo in a 56-point thumbnail at 3× is decoded 224 pixels wide, never at its full size
    /// (``ImageHeader/longestSideToDecode(fillingWidth:height:)``, ``ImageDownsampling``).
    ///
    /// An image without alt text says nothing and is left out of VoiceOver, as an empty `alt` is on the
    /// web.
    @MainActor
    struct AnnouncementImageView: View {
        let image: AnnouncementImageBytes
        let description: BannerImage
        var cornerRadius: CGFloat = 10

        @Environment(\.displayScale) private var displayScale

        var body: some View {
            Color.clear
                .aspectRatio(CGFloat(description.aspectRatio), contentMode: .fit)
                .overlay {
                    GeometryReader { proxy in
                        DownsampledImage(
                            bytes: image, scale: displayScale,
                            maximumPixelSize: image.header.longestSideToDecode(
                                fillingWidth: Double(proxy.size.width * displayScale),
                                height: Double(proxy.size.height * displayScale))
                        )
                        .frame(width: proxy.size.width, height: proxy.size.height)
                    }
                }
                .clipShape(RoundedRectangle(cornerRadius: cornerRadius, style: .continuous))
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text(description.altText))
                .accessibilityAddTraits(.isImage)
                .accessibilityHidden(description.altText.isEmpty)
        }
    }

    /// The image in `bytes` decoded off the main actor with its longest side at most `maximumPixelSize`,
    /// filling its frame; nothing until it is decoded, and decoded again only when the image or the
    /// size changes.
    @MainActor
    struct DownsampledImage: View {
        let bytes: AnnouncementImageBytes
        let scale: CGFloat
        let maximumPixelSize: Int

        /// What the decoded image depends on.
        private struct Key: Hashable {
            let url: URL
            let maximumPixelSize: Int
        }

        @State private var decoded: Image? = nil

        var body: some View {
            Color.clear
                .overlay {
                    if let decoded {
                        decoded
                            .resizable()
                            .scaledToFill()
                    }
                }
                .task(id: Key(url: bytes.url, maximumPixelSize: maximumPixelSize)) {
                    // Not laid out yet: nothing to decode for.
                    guard maximumPixelSize > 1 else { return }
                    let bytes = bytes
                    let size = maximumPixelSize
                    let thumbnail = await Task.detached(priority: .userInitiated) {
                        ImageDownsampling.decode(bytes, maximumPixelSize: size)
                    }.value
                    guard !Task.isCancelled else { return }
                    decoded = thumbnail.map { Image(decorative: $0, scale: scale) }
                }
        }
    }
#endif
