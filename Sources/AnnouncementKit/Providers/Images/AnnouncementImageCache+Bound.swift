import Foundation

extension AnnouncementImageCache {
    /// One image the cache holds, for the bound: where it is, its size and when it was stored.
    struct StoredImage {
        /// The URL of its cache file; `nil` for an image in memory.
        var file: URL?
        /// The image's URL, for an image in memory.
        var key: String?
        var bytes: Int
        var storedAt: Date
    }

    /// The image files of this feed's folder with their sizes and modification times (only names ending
    /// in `.image`; a directory or another entry is not counted).
    func diskImages() -> [(url: URL, bytes: Int, modified: Date)] {
        guard let folder else { return [] }
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys)
        else { return [] }
        return files.compactMap { file in
            guard file.pathExtension == Self.fileExtension,
                let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true
            else { return nil }
            return (file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
    }

    /// Removes the images stored longest ago, never the one at `url` (just stored), until the cache
    /// (files and memory together) is within ``bound``.
    func enforceBound(keeping url: URL) {
        let keptName = Self.fileName(for: url)
        var stored = diskImages().map { StoredImage(file: $0.url, key: nil, bytes: $0.bytes, storedAt: $0.modified) }
        stored +=
            memory?.withLock { images in
                images.map {
                    StoredImage(file: nil, key: $0.key, bytes: $0.value.image.body.count, storedAt: $0.value.storedAt)
                }
            } ?? []
        var files = stored.count
        var bytes = stored.reduce(0) { $0 + $1.bytes }
        guard bound.isExceeded(files: files, bytes: bytes) else { return }
        let oldestFirst = stored.sorted { $0.storedAt < $1.storedAt }
        for image in oldestFirst where bound.isExceeded(files: files, bytes: bytes) {
            if let file = image.file {
                guard file.lastPathComponent != keptName, (try? FileManager.default.removeItem(at: file)) != nil
                else { continue }
            } else if let key = image.key {
                guard key != url.absoluteString else { continue }
                memory?.withLock { _ = $0.removeValue(forKey: key) }
            }
            files -= 1
            bytes -= image.bytes
        }
    }
}
