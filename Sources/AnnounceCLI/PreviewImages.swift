package import AnnouncementKit
package import AnnouncementKitPreview
package import Foundation

/// The images `preview --html` embeds from a provider cache, within a budget: a cache directory is a
/// file tree anyone may have filled, and every byte embedded is written into the page (twice as base64,
/// light and dark). Each URL is read once; past the budget the page shows alt texts, and says so.
package struct PreviewImages {
    /// The most image bytes one page embeds: four fetches' worth at the provider's default total.
    package static let maximumTotalBytes = 4 * ImagePrefetchLimits.defaultMaximumTotalSize
    /// The most distinct image URLs looked up in the cache for one page.
    package static let maximumLookups = 256

    /// The cached bytes of a URL (a provider cache's reader, bounded per file).
    private let lookup: (URL) -> Data?
    private var found: [URL: HTMLPreviewRenderer.EmbeddedImage?] = [:]
    private var totalBytes = 0
    /// How many images were left out for the budget.
    package private(set) var leftOut = 0

    /// Images read from a provider cache directory.
    init(cache: AnnouncementImageCache) {
        self.init(lookup: cache.data(for:))
    }

    /// Images read through `lookup`.
    package init(lookup: @escaping (URL) -> Data?) {
        self.lookup = lookup
    }

    /// The cached image at `url` when its header is complete and within the pixel budget
    /// (``ImageHeader/check(_:)``) and it fits the budget of bytes.
    package mutating func image(for url: URL) -> HTMLPreviewRenderer.EmbeddedImage? {
        if let known = found[url] { return known }
        guard found.count < Self.maximumLookups else {
            leftOut += 1
            return nil
        }
        var image: HTMLPreviewRenderer.EmbeddedImage?
        if let data = lookup(url), case .success(let header) = ImageHeader.check(data) {
            if totalBytes + data.count <= Self.maximumTotalBytes {
                totalBytes += data.count
                image = HTMLPreviewRenderer.EmbeddedImage(data: data, mediaType: header.format.mediaType)
            } else {
                leftOut += 1
            }
        }
        found[url] = image
        return image
    }

    /// What the reader of the cache directory left out, for stderr; `nil` when it examined everything.
    package static func directoryNote(_ report: ImageCacheDirectoryIndex.Report) -> String? {
        var parts: [String] = []
        if report.entriesSkipped > 0 || report.feedFoldersSkipped > 0 {
            let more = report.entriesSkipped >= ImageCacheDirectoryIndex.maximumNamesCounted ? "at least " : ""
            parts.append(
                "\(report.entriesExamined) entries examined, \(more)\(report.entriesSkipped) skipped past the "
                    + "budget of \(ImageCacheDirectoryIndex.defaultMaximumEntries), \(report.feedFoldersSkipped) "
                    + "feed folder\(report.feedFoldersSkipped == 1 ? "" : "s") not searched (at most "
                    + "\(AnnouncementImageCache.maximumFeedFolders))")
        }
        if report.filesSkipped > 0 {
            parts.append(
                "\(report.filesSkipped) file\(report.filesSkipped == 1 ? "" : "s") not read past the budget of "
                    + "\(ImageCacheDirectoryIndex.defaultMaximumBytesRead >> 20) MiB read")
        }
        guard !parts.isEmpty else { return nil }
        return "the image cache directory was read in part (images it holds past that show as alt text): "
            + parts.joined(separator: "; ")
    }
}
