#if canImport(SwiftUI)
    import AnnouncementKit
    import SwiftUI

    extension AnnouncementManager {
        /// The cached bytes of the image at `url` (``AnnouncementManager/imageData(for:)``: the
        /// provider's cache, never the network), read on a background thread: the cache is a file.
        func loadImageData(for url: URL) async -> Data? {
            await Task.detached(priority: .utility) { self.imageData(for: url) }.value
        }
    }
#endif
