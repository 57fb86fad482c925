public import Foundation

extension AnnouncementManager {
    /// The cached bytes of the image at `url` (``BannerAppearance/image``'s ``BannerImage/url``), or `nil`
    /// when the provider has none or keeps no images (it does not conform to
    /// ``AnnouncementImageProviding``). Reads the provider's cache only, never the network.
    ///
    /// ```swift
    /// if let image = appearance.image, let data = manager.imageData(for: image.url) { … }
    /// ```
    public func imageData(for url: URL) -> Data? {
        (provider as? any AnnouncementImageProviding)?.cachedImageData(for: url)
    }
}
