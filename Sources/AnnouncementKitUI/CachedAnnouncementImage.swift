#if canImport(SwiftUI)
    import AnnouncementKit
    import SwiftUI

    /// Reads an announcement's image from the manager's cache (``AnnouncementManager/imageData(for:)``,
    /// never the network) off the main actor, checks its header (``AnnouncementImageBytes``), and hands
    /// it to `content`: `nil` while it loads, when the provider has no bytes for it, or when they are not
    /// an image within the pixel budget. The bytes are decoded later, at the size they are drawn
    /// (``AnnouncementImageView``).
    @MainActor
    struct CachedAnnouncementImage<Content: View>: View {
        let image: BannerImage?
        let manager: AnnouncementManager
        @ViewBuilder let content: (AnnouncementImageBytes?) -> Content

        @State private var loaded: AnnouncementImageBytes? = nil

        var body: some View {
            content(loaded)
                .task(id: image?.url) {
                    loaded = nil
                    guard let url = image?.url else { return }
                    let bytes = await manager.loadImageData(for: url)
                    guard !Task.isCancelled, let bytes else { return }
                    loaded = AnnouncementImageBytes(url: url, data: bytes)
                }
        }
    }
#endif
