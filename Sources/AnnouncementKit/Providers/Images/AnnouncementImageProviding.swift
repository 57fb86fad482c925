public import Foundation

/// A provider that keeps the images of its announcements, fetched with the feed, for the views to draw.
///
/// Views never load an image from the network when they show an announcement: they ask the manager
/// (``AnnouncementManager/imageData(for:)``), which asks its provider through this protocol. An image
/// that is not cached is drawn as nothing (or, in a text medium, as its alt text).
public protocol AnnouncementImageProviding: Sendable {
    /// The bytes of the image at `url` as they were fetched with the feed (PNG, JPEG, GIF or WebP, checked
    /// by their first bytes), or `nil` when the image is not cached. Reads the cache only, never the
    /// network; fast enough to call from a view's task.
    func cachedImageData(for url: URL) -> Data?
}
