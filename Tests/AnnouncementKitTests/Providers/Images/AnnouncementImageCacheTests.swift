import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

/// The image cache reader as `preview --cache-dir` uses it, over a provider's cache directory.
@Suite("Image cache reader")
struct AnnouncementImageCacheTests {
    @Test("a directory without images, a missing directory and a file where the folder goes are misses")
    func misses() throws {
        let url = ImageFeedSupport.imageURL("a.png")
        let empty = try RemoteFeedSupport.temporaryDirectory()
        #expect(AnnouncementImageCache(directory: empty).data(for: url) == nil)
        let missing = empty.appendingPathComponent("nothing-here")
        #expect(AnnouncementImageCache(directory: missing).data(for: url) == nil)
        try Data("x".utf8).write(to: empty.appendingPathComponent("images"))
        #expect(AnnouncementImageCache(directory: empty).data(for: url) == nil)
    }

    @Test("file names derive from the URL: distinct URLs, distinct names; the same URL, the same name")
    func fileNames() {
        let a = AnnouncementImageCache.fileName(for: ImageFeedSupport.imageURL("a.png"))
        #expect(a == AnnouncementImageCache.fileName(for: ImageFeedSupport.imageURL("a.png")))
        #expect(a != AnnouncementImageCache.fileName(for: ImageFeedSupport.imageURL("b.png")))
        #expect(a.hasSuffix(".image"))
        #expect(!a.contains("/"))
    }

    @Test("the cache file format reads back: a file of this format's first version, and nothing from damage")
    func fileFormat() throws {
        let bytes = [UInt8](try Fixtures.data("Tests/Fixtures/images/a-png.image"))
        let image = try #require(AnnouncementImageCache.image(inFile: bytes))
        #expect(image.url == ImageFeedSupport.imageURL("a.png"))
        #expect(image.data == ImageFeedSupport.png)
        for cut in [0, 1, 9, 30, bytes.count - 1] {
            #expect(AnnouncementImageCache.image(inFile: Array(bytes.prefix(cut))) == nil)
        }
        var flipped = bytes
        flipped[bytes.count - 1] ^= 1
        #expect(AnnouncementImageCache.image(inFile: flipped) == nil)
        #expect(AnnouncementImageCache.image(inFile: Array(ImageFeedSupport.png)) == nil)
    }

    @Test("a provider cache directory holding that file gives its image to the reader")
    func readerFindsFile() throws {
        let directory = try RemoteFeedSupport.temporaryDirectory()
        let folder = directory.appendingPathComponent("images/feed-0123456789abcdef")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = ImageFeedSupport.imageURL("a.png")
        try Fixtures.data("Tests/Fixtures/images/a-png.image").write(
            to: folder.appendingPathComponent(AnnouncementImageCache.fileName(for: url)))
        #expect(AnnouncementImageCache(directory: directory).data(for: url) == ImageFeedSupport.png)
    }
}
