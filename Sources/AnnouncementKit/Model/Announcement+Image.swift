public import Foundation

extension Announcement {
    /// An image shown with the announcement: fetched with the feed by the remote provider and drawn from its
    /// cache, never loaded from the network at display time.
    ///
    /// An image that cannot be had (too large, not an image, the server failed) is left out: the
    /// announcement still shows, with its text only.
    ///
    /// ```swift
    /// let image = Announcement.Image(
    ///     url: URL(string: "https://cdn.example.com/whats-new.png")!,
    ///     alt: "The new calendar view, with three meetings on Monday",
    ///     aspectRatio: 16.0 / 9.0)
    /// ```
    public struct Image: Sendable, Hashable {
        /// Where the image is fetched from: `https`, or plain `http` when the app allows it for its feed.
        public var url: URL
        /// What the image shows, in words: VoiceOver reads it, and it stands in for an image that is not
        /// available. Plain or with translations.
        public var alt: LocalizedText
        /// Width divided by height, so that the layout keeps its room before the image is drawn; `nil`
        /// lets the image's own size decide.
        public var aspectRatio: Double?

        /// Creates an image reference.
        public init(url: URL, alt: LocalizedText, aspectRatio: Double? = nil) {
            self.url = url
            self.alt = alt
            self.aspectRatio = aspectRatio
        }

        /// The smallest and largest aspect ratios the feed may give: from a tall 1:10 to a wide 10:1.
        package static let aspectRatioRange: ClosedRange<Double> = 0.1...10
    }
}

extension Announcement.Image: Encodable {
    private enum CodingKeys: String, CodingKey {
        case url, alt, aspectRatio
    }

    /// Encodes the image as the feed's `image` object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url.absoluteString, forKey: .url)
        try container.encode(alt, forKey: .alt)
        try container.encodeIfPresent(aspectRatio, forKey: .aspectRatio)
    }
}
