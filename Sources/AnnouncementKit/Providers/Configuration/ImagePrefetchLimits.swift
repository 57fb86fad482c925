public import Foundation

/// The bounds of the image phase of a ``RemoteAnnouncementProvider`` fetch: after a feed is accepted
/// (or confirmed with a `304`) the provider downloads the images of its announcements into its cache,
/// within these limits, so that a slow or hostile image server can neither hold the feed's result for
/// long nor fill the disk.
///
/// An image past a limit is left out (the announcement shows with its text only) and tried again at the
/// next fetch.
public struct ImagePrefetchLimits: Sendable, Hashable {
    /// The default largest image: 512 KiB.
    package static let defaultMaximumImageSize = 512 * 1024
    /// The default most bytes of images downloaded by one fetch: 4 MiB.
    package static let defaultMaximumTotalSize = 4 * 1024 * 1024
    /// The default most bytes one feed's image cache holds, on disk and in memory: 32 MiB.
    package static let defaultMaximumCacheSize = 32 * 1024 * 1024
    /// The default most images one feed's image cache holds, on disk and in memory: 256.
    package static let defaultMaximumCachedImages = 256
    /// The largest image any configuration allows: 8 MiB (the most a cache file is read back).
    package static let largestImageSize = 8 * 1024 * 1024

    /// The largest image accepted, in bytes, checked by `Content-Length` first and then as the bytes
    /// arrive; clamped to `largestImageSize`.
    public var maximumImageSize: Int
    /// The most image bytes one fetch downloads, all images together, checked the same way: once it is
    /// spent, the remaining images of that fetch fail.
    public var maximumTotalSize: Int
    /// The longest one image download may take, in seconds.
    public var imageDeadline: TimeInterval
    /// The longest the whole image phase may take, in seconds: images not done by then fail, and the
    /// fetch's result is returned.
    public var deadline: TimeInterval
    /// How many images are downloaded at once.
    public var maximumConcurrentDownloads: Int
    /// The most distinct image URLs one fetch sends a request for; the images of later announcements
    /// that would need one fail (or keep their cached copy). An image still fresh in the cache needs no
    /// request and does not count.
    public var maximumImages: Int
    /// The most bytes the image cache of the provider's feed holds, its files and the images kept in
    /// memory together: storing an image removes those stored longest ago until the cache is within
    /// this and ``maximumCachedImages``.
    public var maximumCacheSize: Int
    /// The most images the image cache of the provider's feed holds, on disk and in memory together.
    public var maximumCachedImages: Int

    /// Creates limits; by default 512 KiB per image and 4 MiB per fetch, 10 s per image and 15 s for
    /// the whole phase, 4 downloads at once, 64 images that need a request, a cache of at most 32 MiB
    /// and 256 images.
    public init(
        maximumImageSize: Int = 512 * 1024,
        maximumTotalSize: Int = 4 * 1024 * 1024,
        imageDeadline: TimeInterval = 10,
        deadline: TimeInterval = 15,
        maximumConcurrentDownloads: Int = 4,
        maximumImages: Int = 64,
        maximumCacheSize: Int = 32 * 1024 * 1024,
        maximumCachedImages: Int = 256
    ) {
        self.maximumImageSize = maximumImageSize
        self.maximumTotalSize = maximumTotalSize
        self.imageDeadline = imageDeadline
        self.deadline = deadline
        self.maximumConcurrentDownloads = maximumConcurrentDownloads
        self.maximumImages = maximumImages
        self.maximumCacheSize = maximumCacheSize
        self.maximumCachedImages = maximumCachedImages
    }

    /// ``maximumImageSize`` within `0...largestImageSize`.
    var imageCap: Int { min(max(0, maximumImageSize), Self.largestImageSize) }
    /// ``maximumTotalSize``, at least zero.
    var totalCap: Int { max(0, maximumTotalSize) }
    /// ``maximumConcurrentDownloads``, at least one.
    var concurrency: Int { max(1, maximumConcurrentDownloads) }
    /// The bound of the image cache.
    var cacheBound: ImageCacheBound {
        ImageCacheBound(maximumBytes: maximumCacheSize, maximumFiles: maximumCachedImages)
    }
}
