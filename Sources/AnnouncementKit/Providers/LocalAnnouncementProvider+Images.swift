public import Foundation

/// The images of announcements defined in code: files that ship with the app.
///
/// ```swift
/// let promo = Announcement(
///     id: "tour", title: "New: the tour", message: "Two minutes to learn the new editor.",
///     image: Announcement.Image(
///         url: Bundle.main.url(forResource: "tour", withExtension: "png")!, alt: "The editor's toolbar"))
/// let local = LocalAnnouncementProvider([promo])
/// ```
///
/// Only `file:` URLs are read (a local provider has no network phase; an `https` image of a local
/// announcement shows as text only unless another provider of a ``CombinedAnnouncementProvider`` has
/// it), and only the URLs its own announcements name, so the provider never becomes a reader of any
/// file a caller names. A file is read bounded, like every file the package reads.
extension LocalAnnouncementProvider: AnnouncementImageProviding {
    /// The bytes of the `file:` image at `url`, when one of the provider's announcements names it and
    /// the file is a regular file of at most `ImagePrefetchLimits.largestImageSize` bytes holding a PNG,
    /// JPEG, GIF or WebP image whose header is complete and within 4096 pixels per side and 16 Mi pixels
    /// in all; otherwise `nil` (the announcement shows without its image).
    public func cachedImageData(for url: URL) -> Data? {
        guard url.isFileURL, announcements.contains(where: { $0.image?.url == url }) else { return nil }
        guard
            case .complete(let bytes)? = try? BoundedFileRead.read(
                path: url.path, limit: ImagePrefetchLimits.largestImageSize)
        else { return nil }
        let data = Data(bytes)
        return ImageHeader.isAcceptable(data) ? data : nil
    }
}
