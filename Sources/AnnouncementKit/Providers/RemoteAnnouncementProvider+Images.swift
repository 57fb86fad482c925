public import Foundation

/// The images of the feed's announcements: fetched after the feed into the provider's image cache
/// (``ImagePrefetcher``), and read back from it for the views.
extension RemoteAnnouncementProvider: AnnouncementImageProviding {
    /// The cached bytes of the image at `url`, fetched with the feed; `nil` when it is not cached.
    /// Reads the cache only (at most one bounded file), never the network.
    public nonisolated func cachedImageData(for url: URL) -> Data? {
        imageCache.data(for: url)
    }

    /// The distinct image URLs of `announcements`, in feed order.
    static func imageURLs(of announcements: [Announcement]) -> [URL] {
        var seen = Set<String>()
        return announcements.compactMap { announcement in
            guard let url = announcement.image?.url, seen.insert(url.absoluteString).inserted else { return nil }
            return url
        }
    }

    /// `result` with what happened to its images: after the server sent or confirmed the feed (a `2xx`
    /// or a `304`) the images are downloaded (conditionally when cached; not at all while still fresh,
    /// unless `force`) and the images of items no longer in the feed are removed from the cache;
    /// otherwise no image is requested and the summary says which images the cache has.
    func withImages(_ result: FetchResult, force: Bool = false) async -> FetchResult {
        var result = result
        let urls = Self.imageURLs(of: result.announcements)
        let prefetcher = ImagePrefetcher(
            limits: configuration.imageLimits, configuration: configuration, downloader: downloader,
            cache: imageCache, timeSource: timeSource)
        let confirmed = result.source == .network || (result.source == .notModified && result.status == 304)
        if confirmed {
            result.images = await prefetcher.run(urls, revalidating: force)
            imageCache.prune(keeping: Set(urls))
        } else {
            result.images = prefetcher.summaryWithoutNetwork(urls)
        }
        return result
    }
}
