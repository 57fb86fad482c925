import AnnounceCLI
import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

/// `announce preview --cache-dir` over a cache directory someone else filled: pixel bombs planted in
/// cache files are never embedded (the page shows their alt text), and a directory of too many entries
/// is read within its budget, with what was skipped said on stderr.
@Suite("announce preview: hostile image caches")
struct PreviewHostileImageTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("preview-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A feed of one item per image URL, each with the alt text `Alt <name>`.
    private func feed(_ names: [String]) -> Data {
        let items = names.map { name in
            #"{"id": "\#(name)", "title": "T", "message": "m", "#
                + #""image": {"url": "https://img.example.com/\#(name)", "alt": "Alt \#(name)"}}"#
        }
        return Data(#"{"announcements": [\#(items.joined(separator: ", "))]}"#.utf8)
    }

    private func plant(_ body: Data, for name: String, in directory: URL) throws {
        let url = URL(string: "https://img.example.com/\(name)")!
        let folder = directory.appendingPathComponent("images/feed-0123456789abcdef")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try AnnouncementImageCache.fileContents(url: url, body: body)
            .write(to: folder.appendingPathComponent(AnnouncementImageCache.fileName(for: url)))
    }

    @Test("the four pixel bombs planted in cache files show as their alt text; a good image beside them is embedded")
    func bombsNotEmbedded() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bombs: [(String, Data)] = [
            ("bomb.webp", HostileImages.webpLossless(width: 16383, height: 16383)),
            ("bomb.png", HostileImages.png(width: 16000, height: 16000, padding: 4000)),
            ("bomb.jpg", HostileImages.jpeg(width: 65500, height: 65500)),
            ("bomb.gif", HostileImages.gif(width: 65500, height: 65500)),
        ]
        for (name, bomb) in bombs { try plant(bomb, for: name, in: directory) }
        let good = try Fixtures.data("Tests/Fixtures/images/good.png")
        try plant(good, for: "good.png", in: directory)
        let feedFile = directory.appendingPathComponent("feed.json")
        try feed(bombs.map(\.0) + ["good.png"]).write(to: feedFile)
        let page = directory.appendingPathComponent("page.html")

        let result = await Announce.run([
            "preview", feedFile.path, "--html", page.path, "--cache-dir", directory.path, "--locale", "en",
        ])
        #expect(result.status == .success, "\(result.standardError)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.components(separatedBy: "src=\"data:").count == 3, "only the good image, light and dark")
        #expect(html.contains("data:image/png;base64,\(good.base64EncodedString())"))
        for (name, _) in bombs {
            #expect(html.components(separatedBy: "<span>Alt \(name)</span>").count == 3, "\(name): its alt text")
        }
        #expect(!result.standardError.contains("read in part"))
    }

    @Test("a cache directory of more entries than the budget: the rest is skipped and counted on stderr")
    func entryBudget() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let images = directory.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let entries = ImageCacheDirectoryIndex.defaultMaximumEntries + 25
        for index in 0..<entries {
            #expect(
                FileManager.default.createFile(atPath: images.appendingPathComponent("e\(index)").path, contents: nil))
        }
        let feedFile = directory.appendingPathComponent("feed.json")
        try feed(["a.png"]).write(to: feedFile)
        let result = await Announce.run([
            "preview", feedFile.path, "--html", directory.appendingPathComponent("page.html").path, "--cache-dir",
            directory.path,
        ])
        #expect(result.status == .success)
        #expect(
            result.standardError.contains(
                "announce preview: the image cache directory was read in part (images it holds past that show as "
                    + "alt text): 10000 entries examined, 25 skipped past the budget of 10000, 0 feed folders not "
                    + "searched (at most 64)\n"), "\(result.standardError)")
    }
}
