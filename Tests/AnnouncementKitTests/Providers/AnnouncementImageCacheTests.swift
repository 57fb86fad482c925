import AnnouncementKit
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
}
