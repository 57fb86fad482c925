public import Foundation

/// An announcement's image as a view draws it: where its bytes are cached, the words that stand for it,
/// and the room it takes.
///
/// The view draws the bytes the provider cached for ``url`` (see
/// ``AnnouncementManager/imageData(for:)``) and never loads the URL itself; without cached bytes it
/// draws nothing, or, in a text medium, ``altText``.
public struct BannerImage: Sendable, Hashable {
    /// The image's URL as the feed gives it: the key of the provider's image cache.
    public var url: URL
    /// What the image shows, in the reader's language: VoiceOver reads it, and a text medium shows it.
    public var altText: String
    /// Width divided by height to lay the image out at: the feed's, else one the format suits (16:9 at
    /// the top of a sheet or a modal, square beside a banner's text).
    public var aspectRatio: Double

    /// Creates an image as a view draws it.
    package init(url: URL, altText: String, aspectRatio: Double) {
        self.url = url
        self.altText = altText
        self.aspectRatio = aspectRatio
    }

    /// The image of `announcement` for a reader of `locale` in the given format; `nil` without an image.
    static func resolving(
        _ announcement: Announcement, format: Announcement.Format, locale: String?, defaultLocale: String
    ) -> BannerImage? {
        guard let image = announcement.image else { return nil }
        let alt = image.alt.resolved(for: locale, defaultLocale: defaultLocale)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return BannerImage(
            url: image.url, altText: alt, aspectRatio: image.aspectRatio ?? format.traits.imageAspectRatio)
    }
}
