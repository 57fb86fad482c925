import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation

/// Feeds with images, image bytes and providers for the image tests.
enum ImageFeedSupport {
    /// A feed with one announcement per item, with an image where its URL is given.
    static func feed(_ items: [(id: String, image: URL?)]) -> Data {
        let objects = items.map { item in
            let image = item.image.map { #", "image": {"url": "\#($0.absoluteString)", "alt": "Picture \#(item.id)"}"# }
            return #"{"id": "\#(item.id)", "title": "Title \#(item.id)", "message": "Message \#(item.id)", "#
                + #""audience": {"requires": ["images"]}\#(image ?? "")}"#
        }
        return Data(#"{"schemaVersion": 1, "announcements": [\#(objects.joined(separator: ", "))]}"#.utf8)
    }

    /// The PNG fixture (24 × 16).
    static var png: Data { (try? Fixtures.data("Tests/Fixtures/images/good.png")) ?? Data() }
    /// The JPEG fixture (24 × 16).
    static var jpeg: Data { (try? Fixtures.data("Tests/Fixtures/images/good.jpg")) ?? Data() }
    /// The GIF fixture (8 × 8).
    static var gif: Data { (try? Fixtures.data("Tests/Fixtures/images/good.gif")) ?? Data() }
    /// The WebP fixture (8 × 8).
    static var webp: Data { (try? Fixtures.data("Tests/Fixtures/images/good.webp")) ?? Data() }

    /// `size` bytes that start as a PNG of 24 × 16 pixels (its signature and `IHDR` chunk, then zeros).
    static func pngSized(_ size: Int) -> Data {
        var data = HostileImages.png(width: 24, height: 16)
        data.append(Data(count: max(0, size - data.count)))
        return data
    }

    /// An HTML error page, as a misconfigured server sends it behind `Content-Type: image/png`.
    static let html = Data("<!DOCTYPE html><html><body><h1>Not here</h1></body></html>\n".utf8)

    /// The image URL `name` on the image host.
    static func imageURL(_ name: String) -> URL {
        URL(string: "https://img.example.com/\(name)")!
    }

    /// A provider of the feed at `https://cdn.example.com/announcements.json` on a routed downloader and
    /// a manual clock.
    struct Fixture {
        static let feedURL = URL(string: "https://cdn.example.com/announcements.json")!
        let time = ManualTimeSource(now: RemoteFeedSupport.start)
        let downloader: RoutedDownloader
        let directory: URL?
        let provider: RemoteAnnouncementProvider

        init(
            limits: ImagePrefetchLimits = ImagePrefetchLimits(), allowsHTTP: Bool = false, directory: URL?? = nil,
            delay: Duration = .zero
        ) throws {
            downloader = RoutedDownloader(delay: delay)
            let resolved = try directory ?? RemoteFeedSupport.temporaryDirectory()
            self.directory = resolved
            var configuration = RemoteProviderConfiguration(cacheDirectory: resolved, allowsHTTP: allowsHTTP)
            configuration.imageLimits = limits
            provider = RemoteAnnouncementProvider(
                url: Self.feedURL, configuration: configuration, timeSource: time, downloader: downloader,
                random: { 1 })
        }

        /// Routes the next feed request to a `200` with `items`, its ETag `etag`.
        func serveFeed(_ items: [(id: String, image: URL?)], etag: String = #""feed-1""#) {
            downloader.route(Self.feedURL, .ok(ImageFeedSupport.feed(items), etag: etag))
        }

        /// The image files in the provider's image folder.
        func imageFiles() -> [URL] {
            guard let directory else { return [] }
            let images = directory.appendingPathComponent("images")
            let feeds =
                (try? FileManager.default.contentsOfDirectory(at: images, includingPropertiesForKeys: nil)) ?? []
            return feeds.flatMap {
                (try? FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil)) ?? []
            }
        }
    }
}

extension ScriptedDownloader.Step {
    /// A `200` with an image's bytes and its validators.
    static func image(_ body: Data, etag: String? = nil, lastModified: String? = nil) -> Self {
        .ok(body, etag: etag, lastModified: lastModified)
    }
}
