import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

/// The reader of every feed's images over a cache directory someone else filled (each file read at most
/// once, a budget of directory entries, what was skipped counted), and the order in which a feed's
/// cache removes images to stay within its bound.
@Suite("Image cache directory index and bound")
struct ImageCacheDirectoryIndexTests {
    private func folder(_ directory: URL, _ name: String) throws -> URL {
        let folder = directory.appendingPathComponent("images/\(name)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("64 feed folders of damaged files named for every URL: each file is read once, however often it is asked")
    func eachFileReadOnce() throws {
        let directory = try RemoteFeedSupport.temporaryDirectory()
        let urls = (0..<10).map { ImageFeedSupport.imageURL("\($0).png") }
        for index in 0..<64 {
            let folder = try folder(directory, String(format: "feed-%016x", index))
            for url in urls {
                let file = folder.appendingPathComponent(AnnouncementImageCache.fileName(for: url))
                if index == 63, url == urls[3] {
                    try AnnouncementImageCache.fileContents(url: url, body: ImageFeedSupport.png).write(to: file)
                } else if index % 2 == 0 {
                    try Data("damaged".utf8).write(to: file)
                } else {
                    let bomb = HostileImages.webpLossless(width: 16383, height: 16383)
                    try AnnouncementImageCache.fileContents(url: url, body: bomb).write(to: file)
                }
            }
        }
        let reader = AnnouncementImageCache(directory: directory)
        for _ in 0..<3 {
            for url in urls where url != urls[3] { #expect(reader.data(for: url) == nil) }
        }
        #expect(reader.data(for: urls[3]) == ImageFeedSupport.png)
        let report = try #require(reader.directoryReport)
        #expect(report.filesRead == 64 * 10, "each of the 640 files read once")
        #expect(report.entriesExamined == 64 + 640, "the 64 feed folders and their 640 files")
        #expect((report.entriesSkipped, report.feedFoldersSkipped) == (0, 0))
    }

    @Test("past the budget of entries, the rest is skipped and counted; feed folders past 64 are counted")
    func budget() throws {
        #expect(ImageCacheDirectoryIndex.defaultMaximumEntries == 10_000)
        let directory = try RemoteFeedSupport.temporaryDirectory()
        let images = directory.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for index in 0..<100 {
            #expect(
                FileManager.default.createFile(
                    atPath: images.appendingPathComponent("junk-\(index)").path, contents: nil))
        }
        let small = AnnouncementImageCache(directory: directory, maximumEntries: 40)
        #expect(small.data(for: ImageFeedSupport.imageURL("a.png")) == nil)
        let report = try #require(small.directoryReport)
        #expect((report.entriesExamined, report.entriesSkipped, report.filesRead) == (40, 60, 0))
        #expect(PreviewImagesNote.expected(report) != nil)

        for index in 0..<70 { _ = try folder(directory, String(format: "feed-%016x", index)) }
        let wide = AnnouncementImageCache(directory: directory)
        #expect(wide.data(for: ImageFeedSupport.imageURL("a.png")) == nil)
        let wideReport = try #require(wide.directoryReport)
        #expect(wideReport.feedFoldersSkipped == 6)
        #expect(wideReport.entriesExamined == 170)
    }

    @Test("files are read within a budget of bytes; past it a file is not read, and is counted")
    func bytesRead() throws {
        #expect(ImageCacheDirectoryIndex.defaultMaximumBytesRead == 64 << 20)
        let directory = try RemoteFeedSupport.temporaryDirectory()
        let folder = try folder(directory, "feed-0000000000000001")
        let urls = (0..<10).map { ImageFeedSupport.imageURL("\($0).png") }
        for url in urls {
            try Data(repeating: 0x41, count: 1000)
                .write(to: folder.appendingPathComponent(AnnouncementImageCache.fileName(for: url)))
        }
        let reader = AnnouncementImageCache(directory: directory, maximumBytesRead: 3500)
        for url in urls { #expect(reader.data(for: url) == nil) }
        let report = try #require(reader.directoryReport)
        #expect((report.filesRead, report.bytesRead, report.filesSkipped) == (3, 3000, 7))
    }

    @Test("only names of the form <16 hex digits>.image are indexed")
    func names() {
        #expect(ImageCacheDirectoryIndex.isCacheFileName("0123456789abcdef.image"))
        #expect(!ImageCacheDirectoryIndex.isCacheFileName("0123456789ABCDEF.image"))
        #expect(!ImageCacheDirectoryIndex.isCacheFileName("0123456789abcde.image"))
        #expect(!ImageCacheDirectoryIndex.isCacheFileName("0123456789abcdef.images"))
        #expect(!ImageCacheDirectoryIndex.isCacheFileName("../3456789abcdef.image"))
    }

    @Test("a feed's cache past its bound removes the images stored longest ago, by the files' modification times")
    func oldestFirst() throws {
        let directory = try RemoteFeedSupport.temporaryDirectory()
        let cache = AnnouncementImageCache(
            directory: directory, feedURL: URL(string: "https://cdn.example.com/feed.json")!,
            bound: ImageCacheBound(maximumBytes: 1 << 20, maximumFiles: 2))
        let urls = ["a", "b", "c", "d"].map { ImageFeedSupport.imageURL("\($0).png") }
        func store(_ url: URL) throws { try cache.store(CachedImage(url: url, body: ImageFeedSupport.png)) }
        func touch(_ url: URL, _ seconds: TimeInterval) throws {
            let file = try #require(cache.folder).appendingPathComponent(AnnouncementImageCache.fileName(for: url))
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: file.path)
        }
        try store(urls[0])
        try store(urls[1])
        try touch(urls[0], 1_600_000_000)
        try touch(urls[1], 1_700_000_000)
        try store(urls[2])
        #expect(urls.map(cache.contains) == [false, true, true, false])
        // b is now the newest (a time in the future): c, stored now, goes first.
        try touch(urls[1], 4_000_000_000)
        try store(urls[3])
        #expect(urls.map(cache.contains) == [false, true, false, true])
        // An image kept in memory (no-store) counts too, and is removed when it is the oldest.
        try cache.store(CachedImage(url: urls[0], body: ImageFeedSupport.png), onDisk: false)
        #expect(urls.map(cache.contains) == [true, true, false, false])
    }
}

/// The stderr note of `preview` is made in the CLI; here only whether a report has anything to say.
private enum PreviewImagesNote {
    static func expected(_ report: ImageCacheDirectoryIndex.Report) -> Bool? {
        report.entriesSkipped > 0 || report.feedFoldersSkipped > 0 ? true : nil
    }
}
