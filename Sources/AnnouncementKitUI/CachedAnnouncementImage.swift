#if canImport(SwiftUI)
    import AnnouncementKit
    import SwiftUI

    /// Reads an announcement's image from the manager's cache (``AnnouncementManager/imageData(for:)``,
    /// never the network) off the main actor, decodes it, and hands it to `content`: `nil` while it
    /// loads, when the provider has no bytes for it, or when they are not an image.
    @MainActor
    struct CachedAnnouncementImage<Content: View>: View {
        let image: BannerImage?
        let manager: AnnouncementManager
        @ViewBuilder let content: (Image?) -> Content

        @State private var decoded: Image? = nil

        var body: some View {
            content(decoded)
                .task(id: image?.url) {
                    decoded = nil
                    guard let url = image?.url else { return }
                    let bytes = await manager.loadImageData(for: url)
                    guard !Task.isCancelled, let bytes else { return }
                    decoded = Image(imageData: bytes)
                }
        }
    }
#endif
