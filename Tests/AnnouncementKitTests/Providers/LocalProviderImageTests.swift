import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

/// Images of announcements defined in code: `file:` URLs the app ships, read bounded and checked by
/// their header (format and pixel budget); nothing else.
@Suite("Local provider images")
struct LocalProviderImageTests {
    typealias Support = ImageFeedSupport

    /// A folder with `files` written in it.
    private func folder(_ files: [String: Data]) throws -> URL {
        let folder = try RemoteFeedSupport.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    private func item(_ id: String, image url: URL) -> Announcement {
        Announcement(id: id, title: "T", message: "M", image: Announcement.Image(url: url, alt: "Alt \(id)"))
    }

    @Test("a bundled PNG, JPEG, GIF or WebP named by an announcement is read; the manager hands it to the views")
    func bundledImages() async throws {
        let folder = try folder([
            "a.png": Support.png, "b.jpg": Support.jpeg, "c.gif": Support.gif, "d.webp": Support.webp,
        ])
        let urls = ["a.png", "b.jpg", "c.gif", "d.webp"].map { folder.appendingPathComponent($0) }
        let provider = LocalAnnouncementProvider(urls.enumerated().map { item("i\($0.offset)", image: $0.element) })
        #expect(
            urls.map { provider.cachedImageData(for: $0) } == [Support.png, Support.jpeg, Support.gif, Support.webp])

        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(platform: "iOS"), store: InMemoryAnnouncementStateStore())
        await manager.loadAnnouncements()
        #expect(manager.imageData(for: urls[0]) == Support.png)
        // Combined with a remote provider, the local provider's files are found too.
        let combined = CombinedAnnouncementProvider([
            RemoteAnnouncementProvider(url: URL(string: "https://cdn.example.com/feed.json")!), provider,
        ])
        #expect(combined.cachedImageData(for: urls[1]) == Support.jpeg)
    }

    @Test("anything else is nil: bytes that are no image, a missing file, a directory, a file past 8 MiB")
    func refused() throws {
        let folder = try folder(["page.png": Support.html, "empty.png": Data()])
        let directory = folder.appendingPathComponent("dir.png", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let huge = folder.appendingPathComponent("huge.png")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Support.pngSized(16)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(ImagePrefetchLimits.largestImageSize + 1))
        try handle.close()
        let urls = ["page.png", "empty.png", "missing.png", "dir.png", "huge.png"].map {
            folder.appendingPathComponent($0)
        }
        let provider = LocalAnnouncementProvider(urls.enumerated().map { item("i\($0.offset)", image: $0.element) })
        for url in urls {
            #expect(provider.cachedImageData(for: url) == nil, "\(url.lastPathComponent)")
        }
    }

    @Test("a bundled pixel bomb or a cut header is nil: the file is never handed to the views")
    func bundledBombs() throws {
        let files: [String: Data] = [
            "bomb.webp": HostileImages.webpLossless(width: 16383, height: 16383),
            "bomb.png": HostileImages.png(width: 16000, height: 16000, padding: 2000),
            "bomb.jpg": HostileImages.jpeg(width: 65500, height: 65500),
            "bomb.gif": HostileImages.gif(width: 65500, height: 65500),
            "cut.png": Support.png.prefix(20),
            "fine.png": HostileImages.png(width: 4096, height: 4096, padding: 64),
        ]
        let folder = try folder(files)
        let urls = files.keys.sorted().map { folder.appendingPathComponent($0) }
        let provider = LocalAnnouncementProvider(urls.enumerated().map { item("i\($0.offset)", image: $0.element) })
        for url in urls {
            let expected = url.lastPathComponent == "fine.png" ? files["fine.png"] : nil
            #expect(provider.cachedImageData(for: url) == expected, "\(url.lastPathComponent)")
        }
    }

    @Test("only the files its announcements name, and never the network")
    func onlyItsOwnFiles() throws {
        let folder = try folder(["a.png": Support.png, "b.png": Support.png])
        let named = folder.appendingPathComponent("a.png")
        let provider = LocalAnnouncementProvider([item("a", image: named)])
        #expect(provider.cachedImageData(for: named) == Support.png)
        #expect(provider.cachedImageData(for: folder.appendingPathComponent("b.png")) == nil)
        let remote = Support.imageURL("a.png")
        #expect(LocalAnnouncementProvider([item("r", image: remote)]).cachedImageData(for: remote) == nil)
    }
}
