public import Foundation

/// The images of a combined provider: those of the first child provider that has the image cached.
extension CombinedAnnouncementProvider: AnnouncementImageProviding {
    /// The cached bytes of the image at `url` from the first provider, in precedence order, that keeps
    /// images (conforms to ``AnnouncementImageProviding``) and has it; `nil` when none has. Reads caches
    /// only, never the network.
    public func cachedImageData(for url: URL) -> Data? {
        for provider in providers {
            if let data = (provider as? any AnnouncementImageProviding)?.cachedImageData(for: url) { return data }
        }
        return nil
    }
}
