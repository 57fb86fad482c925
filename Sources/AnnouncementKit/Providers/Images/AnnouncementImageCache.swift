package import Foundation

/// The images a ``RemoteAnnouncementProvider`` fetched with its feed, on disk: one file per image URL
/// in a folder per feed, `images/feed-<hash of the feed URL>/<hash of the image URL>.image` in the
/// provider's cache directory, each written atomically with its validators (see ``CachedImage``).
///
/// Reading is bounded and never fails loudly: a missing, damaged or oversized file, one that is not a
/// regular file, one that holds another URL (two URLs whose names collide), or one whose image header is
/// malformed or claims more than ``ImageHeader/maximumSide`` pixels per side or
/// ``ImageHeader/maximumPixels`` in all is a miss (`nil`), never a crash; the provider then downloads
/// the image again. A provider without a cache directory keeps its images in memory instead, and so does
/// any provider for an image its server sent with `Cache-Control: no-store` (it is shown while the app
/// runs and asked for again after a relaunch).
///
/// The cache of one feed holds at most ``ImageCacheBound/maximumBytes`` of images and
/// ``ImageCacheBound/maximumFiles`` images, on disk and in memory together: each store removes the
/// images stored longest ago (by the file's modification time, which is when it was downloaded or last
/// written after a `304`, or when an image was kept in memory) until the cache is within its bound.
///
/// `announce preview --cache-dir DIR` reads a provider's images with ``init(directory:)``, which
/// looks in the folder of every feed through an index of the directory built once
/// (``ImageCacheDirectoryIndex``).
package final class AnnouncementImageCache: Sendable {
    /// The folder of one feed's images; `nil` for a reader of every feed, or for a cache in memory.
    let folder: URL?
    /// The index of every feed's images, for a reader of every feed; `nil` otherwise.
    private let directoryIndex: ImageCacheDirectoryIndex?
    /// The images kept in memory, by URL: all of them for a provider without a cache directory, those
    /// sent with `no-store` otherwise; `nil` for a reader of every feed.
    let memory: LockedValue<[String: MemoryImage]>?
    /// The most this cache holds.
    let bound: ImageCacheBound

    /// An image kept in memory, and when it was stored (the wall clock, as a file's modification time).
    struct MemoryImage: Sendable {
        var image: CachedImage
        var storedAt: Date
    }

    /// The most bytes of a cache file read back: the largest image and 64 KiB for the header lines.
    static let maximumFileSize = ImagePrefetchLimits.largestImageSize + 64 * 1024
    /// The most feed folders a reader of every feed looks in.
    package static let maximumFeedFolders = 64
    /// The extension of an image cache file.
    static let fileExtension = "image"

    /// A reader of the images of every provider whose cache directory is `directory`.
    package init(
        directory: URL, maximumEntries: Int = ImageCacheDirectoryIndex.defaultMaximumEntries,
        maximumBytesRead: Int = ImageCacheDirectoryIndex.defaultMaximumBytesRead
    ) {
        folder = nil
        directoryIndex = ImageCacheDirectoryIndex(
            root: directory.appendingPathComponent("images", isDirectory: true), maximumEntries: maximumEntries,
            maximumBytesRead: maximumBytesRead)
        memory = nil
        bound = ImageCacheBound()
    }

    /// The image cache of the feed at `feedURL` in `directory`, or in memory when `directory` is `nil`,
    /// holding at most `bound`.
    init(directory: URL?, feedURL: URL, bound: ImageCacheBound = ImageCacheBound()) {
        directoryIndex = nil
        folder = directory.map {
            $0.appendingPathComponent("images", isDirectory: true)
                .appendingPathComponent(Self.folderName(for: feedURL), isDirectory: true)
        }
        memory = LockedValue([:])
        self.bound = bound
    }

    /// What the reader of every feed examined and skipped of the directory; `nil` for a feed's cache or
    /// before the first lookup.
    package var directoryReport: ImageCacheDirectoryIndex.Report? {
        directoryIndex?.report
    }

    /// `feed-<FNV-1a 64 of the feed URL>`.
    static func folderName(for feedURL: URL) -> String {
        "feed-" + Checksum.hex(Checksum.fnv1a64(Data(feedURL.absoluteString.utf8)))
    }

    /// `<FNV-1a 64 of the image URL>.image`.
    package static func fileName(for url: URL) -> String {
        Checksum.hex(Checksum.fnv1a64(Data(url.absoluteString.utf8))) + "." + fileExtension
    }

    /// The cached bytes of the image at `url`, or `nil` when there are none (or they cannot be read).
    package func data(for url: URL) -> Data? {
        entry(for: url)?.body
    }

    /// The cached image at `url` with its validators, or `nil` on a miss.
    func entry(for url: URL) -> CachedImage? {
        if let directoryIndex { return directoryIndex.image(for: url) }
        if let image = memory?.withLock({ $0[url.absoluteString]?.image }) { return image }
        guard let folder else { return nil }
        return Self.read(folder.appendingPathComponent(Self.fileName(for: url)), url: url)
    }

    /// Whether a copy of the image at `url` is kept, by a look at the file system only (the file is not
    /// read, so a damaged file counts until it is read); a reader of every feed reads it (once).
    func contains(_ url: URL) -> Bool {
        if let directoryIndex { return directoryIndex.image(for: url) != nil }
        if memory?.withLock({ $0[url.absoluteString] != nil }) == true { return true }
        guard let folder else { return false }
        let path = folder.appendingPathComponent(Self.fileName(for: url)).path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return attributes?[.type] as? FileAttributeType == .typeRegular
    }

    /// Writes `image` atomically, creating the folder when missing; with `onDisk` false (the server
    /// said `no-store`), or without a cache directory, keeps it in memory and removes an older file.
    /// Then removes the images stored longest ago until the cache is within ``bound``.
    func store(_ image: CachedImage, onDisk: Bool = true) throws {
        let key = image.url.absoluteString
        defer { enforceBound(keeping: image.url) }
        guard let folder, onDisk else {
            memory?.withLock { $0[key] = MemoryImage(image: image, storedAt: Date()) }
            if let folder {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(Self.fileName(for: image.url)))
            }
            return
        }
        memory?.withLock { _ = $0.removeValue(forKey: key) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(Self.fileName(for: image.url))
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            // Something put a directory where the file goes: it is no image, and would block the write.
            try FileManager.default.removeItem(at: file)
        }
        try image.encoded().write(to: file, options: .atomic)
    }

    /// Removes the images whose URLs are not in `urls`; returns how many were removed.
    @discardableResult
    func prune(keeping urls: Set<URL>) -> Int {
        let kept = Set(urls.map(\.absoluteString))
        var removed =
            memory?.withLock { images in
                let before = images.count
                images = images.filter { kept.contains($0.key) }
                return before - images.count
            } ?? 0
        let keptNames = Set(urls.map(Self.fileName(for:)))
        for file in diskImages() where !keptNames.contains(file.url.lastPathComponent) {
            if (try? FileManager.default.removeItem(at: file.url)) != nil { removed += 1 }
        }
        return removed
    }

    /// The URL and bytes of the image in the cache file `bytes`, or `nil` for anything damaged (the
    /// reading the cache does, for the fuzzer and the format's tests).
    package static func image(inFile bytes: [UInt8]) -> (url: URL, data: Data)? {
        guard let image = try? CachedImage.decode(bytes) else { return nil }
        return (image.url, image.body)
    }

    /// The bytes of a cache file holding `body` as the image of `url`, without validators or freshness,
    /// whatever `body` is (for tests that plant files, and the fuzzer's seeds).
    package static func fileContents(url: URL, body: Data) throws -> Data {
        try CachedImage(url: url, body: body).encoded()
    }

    /// The image in `file` when it is intact and holds `url`; `nil` otherwise.
    static func read(_ file: URL, url: URL) -> CachedImage? {
        guard let image = readAny(file), image.url.absoluteString == url.absoluteString else { return nil }
        return image
    }

    /// The image in `file` when it is intact (whatever its URL); `nil` otherwise.
    static func readAny(_ file: URL) -> CachedImage? {
        guard case .complete(let bytes) = try? BoundedFileRead.read(path: file.path, limit: maximumFileSize) else {
            return nil
        }
        return try? CachedImage.decode(bytes)
    }
}
