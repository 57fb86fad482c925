package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The image files of every feed folder of a provider cache directory, listed once: the reader of every
/// feed (``AnnouncementImageCache/init(directory:)``, `announce preview --cache-dir`) looks a URL up in
/// this index instead of listing and reading the tree again for each image.
///
/// A cache directory is a tree anyone may have filled, so the index is bounded: it examines at most
/// `maximumEntries` directory entries in all (the names in `images/`, then in the first
/// ``AnnouncementImageCache/maximumFeedFolders`` feed folders by name), keeps only names of the form
/// `<16 hex digits>.image`, reads at most `maximumBytesRead` bytes of files in all, and counts what it
/// skipped (``Report``). A file is read when a URL whose
/// file name it has is looked up, at most once for each URL looked up: what it held (another URL, or
/// damage) is remembered, so a file that is not the URL's image is never read again.
package final class ImageCacheDirectoryIndex: Sendable {
    /// The default most directory entries examined: 10,000.
    package static let defaultMaximumEntries = 10_000
    /// The default most bytes of cache files read: 64 MiB (the largest image 8 times over; a page
    /// embeds at most 16 MiB).
    package static let defaultMaximumBytesRead = 64 << 20
    /// The most names counted, by name only, in a directory past the budget.
    package static let maximumNamesCounted = 1_000_000

    /// What the index examined and left out of the directory.
    package struct Report: Sendable, Hashable {
        /// Directory entries examined (their names read and indexed).
        package var entriesExamined = 0
        /// Entries past the budget, counted by name only (at most ``maximumNamesCounted`` per directory)
        /// and not indexed.
        package var entriesSkipped = 0
        /// Feed folders not searched: past ``AnnouncementImageCache/maximumFeedFolders``, or not reached
        /// within the budget.
        package var feedFoldersSkipped = 0
        /// Cache files read.
        package var filesRead = 0
        /// Bytes of cache files read.
        package var bytesRead = 0
        /// Cache files not read because the bytes read had reached their budget.
        package var filesSkipped = 0
    }

    /// What one read of a file found.
    private enum Content {
        /// An intact image, of this URL.
        case image(url: String)
        /// A file that is damaged, missing, oversized or not an acceptable image.
        case unusable
    }

    private struct State {
        var built = false
        /// File name → paths that have it, in feed-folder order.
        var candidates: [String: [String]] = [:]
        /// Path → what it held when read.
        var read: [String: Content] = [:]
        var report = Report()
    }

    private let root: URL
    private let maximumEntries: Int
    private let maximumBytesRead: Int
    private let state = LockedValue(State())

    /// An index of the `images` folder `root`, examining at most `maximumEntries` entries and reading at
    /// most `maximumBytesRead` bytes of files (a file is read whole or not at all).
    package init(
        root: URL, maximumEntries: Int = ImageCacheDirectoryIndex.defaultMaximumEntries,
        maximumBytesRead: Int = ImageCacheDirectoryIndex.defaultMaximumBytesRead
    ) {
        self.root = root
        self.maximumEntries = max(0, maximumEntries)
        self.maximumBytesRead = max(0, maximumBytesRead)
    }

    /// What the index examined and skipped; `nil` before the first lookup.
    package var report: Report? {
        state.withLock { $0.built ? $0.report : nil }
    }

    /// The intact image of `url` in the first feed folder that has it; `nil` when none has.
    func image(for url: URL) -> CachedImage? {
        let name = AnnouncementImageCache.fileName(for: url)
        let paths: [String] = state.withLock { state in
            if !state.built { build(&state) }
            return (state.candidates[name] ?? []).filter { path in
                switch state.read[path] {
                case nil: true
                case .image(let held): held == url.absoluteString
                case .unusable: false
                }
            }
        }
        for path in paths {
            let left = state.withLock { maximumBytesRead - $0.report.bytesRead }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= left else {
                state.withLock { $0.report.filesSkipped += 1 }
                continue
            }
            let image = AnnouncementImageCache.readAny(URL(fileURLWithPath: path))
            state.withLock { state in
                state.report.filesRead += 1
                state.report.bytesRead += size
                state.read[path] = image.map { .image(url: $0.url.absoluteString) } ?? .unusable
            }
            if let image, image.url.absoluteString == url.absoluteString { return image }
        }
        return nil
    }

    /// Lists `images/` and the first feed folders once, within the budget of entries.
    private func build(_ state: inout State) {
        state.built = true
        var budget = maximumEntries
        var folders: [String] = []
        state.report.entriesSkipped += Self.listNames(root.path, budget: &budget) { name in
            if name.hasPrefix("feed-") { folders.append(name) }
        }
        folders.sort()
        state.report.feedFoldersSkipped = max(0, folders.count - AnnouncementImageCache.maximumFeedFolders)
        for (position, folder) in folders.prefix(AnnouncementImageCache.maximumFeedFolders).enumerated() {
            guard budget > 0 else {
                state.report.feedFoldersSkipped +=
                    min(folders.count, AnnouncementImageCache.maximumFeedFolders)
                    - position
                break
            }
            let folderPath = root.appendingPathComponent(folder, isDirectory: true).path
            state.report.entriesSkipped += Self.listNames(folderPath, budget: &budget) { name in
                guard Self.isCacheFileName(name) else { return }
                state.candidates[name, default: []].append(folderPath + "/" + name)
            }
        }
        state.report.entriesExamined = maximumEntries - budget
    }

    /// Whether `name` is `<16 hex digits>.image`, as ``AnnouncementImageCache/fileName(for:)`` makes them.
    static func isCacheFileName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        let suffix = Array(("." + AnnouncementImageCache.fileExtension).utf8)
        guard utf8.count == 16 + suffix.count, utf8.suffix(suffix.count).elementsEqual(suffix) else { return false }
        return utf8.prefix(16).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Calls `body` with each name in the directory at `path` (not `.` and `..`) while `budget` lasts,
    /// taking one from it per name; returns how many names were left past the budget (counted by name
    /// only, at most ``maximumNamesCounted``). A directory that cannot be opened has no names.
    private static func listNames(_ path: String, budget: inout Int, _ body: (String) -> Void) -> Int {
        guard let directory = opendir(path) else { return 0 }
        defer { closedir(directory) }
        var skipped = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            if budget > 0 {
                budget -= 1
                body(name)
            } else {
                skipped += 1
                if skipped >= maximumNamesCounted { break }
            }
        }
        return skipped
    }
}
