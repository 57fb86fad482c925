import AnnouncementKit
import Foundation
import Testing

@Suite("Format and image decoding")
struct PresentationDecodingTests {
    /// A feed whose one item has the field `name` written on its own (third) line, so findings inside it
    /// have line 3. The item lists `formats` and `images` in `audience.requires` unless `requires` is false.
    private func decode(
        _ name: String, _ value: String, requires: Bool = true, policy: ActionPolicy = ActionPolicy()
    ) throws -> FeedDecodingResult {
        let audience = requires ? #" "audience": {"requires": ["formats", "images"]},"# : ""
        return try FeedDecoder(policy: policy)
            .decode(
                Data(
                    """
                    {"defaultLocale": "en", "announcements": [
                      {"id": "news", "title": "t", "message": "m",\(audience)
                    "\(name)": \(value)}
                    ]}
                    """.utf8))
    }

    @Test("each format reads back; absent and null are banners")
    func formats() throws {
        for format in Announcement.Format.allCases {
            let result = try decode("format", #""\#(format.rawValue)""#)
            #expect(result.diagnostics.isEmpty)
            #expect(result.announcements.first?.format == format)
        }
        #expect(try decode("format", "null").announcements.first?.format == .banner)
        #expect(try decode("placements", "null").announcements.first?.format == .banner)
    }

    @Test("an unknown format is a banner with a warning that names the known ones")
    func unknownFormat() throws {
        let result = try decode("format", #""popover""#)
        #expect(result.announcements.first?.format == .banner)
        let warning = try #require(result.warnings.first)
        #expect(result.warnings.count == 1)
        let known = Announcement.Format.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(known.hasPrefix("banner, modal, sheet"))
        #expect(warning.message == #"unknown format "popover" is shown as banner; known formats: "# + known)
        #expect(warning.path == "$.announcements[0].format")
        #expect(warning.line == 3 && warning.column == 11)
    }

    @Test("a format that is not a string drops the item, as a style that is not a string does")
    func formatType() throws {
        let result = try decode("format", "3")
        #expect(result.announcements.isEmpty)
        #expect(result.errors.first?.message.hasPrefix("format must be a string") == true)
    }

    @Test("an image reads back with its url, localized alt text and aspect ratio")
    func image() throws {
        let result = try decode(
            "image",
            #"{"url": "https://cdn.example.com/new.png", "alt": {"en": "A chart", "de": "Ein Diagramm"}, "aspectRatio": 1.5}"#
        )
        #expect(result.diagnostics.isEmpty)
        let image = try #require(result.announcements.first?.image)
        #expect(image.url.absoluteString == "https://cdn.example.com/new.png")
        #expect(image.alt.resolved(for: "de-AT") == "Ein Diagramm")
        #expect(image.alt.resolved(for: "fr") == "A chart")
        #expect(image.aspectRatio == 1.5)
    }

    @Test(
        "a problem with the image leaves the image out, never the item, with a warning at its place",
        arguments: [
            (#"{"alt": "x"}"#, "$.announcements[0].image", 10, #""url" is missing"#),
            (#"{"url": "https://c.example/a.png"}"#, "$.announcements[0].image", 10, #""alt" is missing"#),
            (
                #"{"url": "https://c.example/a.png", "alt": "  "}"#, "$.announcements[0].image.alt", 52,
                "alt must not be empty"
            ),
            (#"{"url": "http://c.example/a.png", "alt": "x"}"#, "$.announcements[0].image.url", 18, "plain http"),
            (#"{"url": "javascript:alert(1)", "alt": "x"}"#, "$.announcements[0].image.url", 18, "image url"),
            (#"{"url": "https://user@c.example/a.png", "alt": "x"}"#, "$.announcements[0].image.url", 18, "image url"),
            (#"{"url": 7, "alt": "x"}"#, "$.announcements[0].image.url", 18, "url must be a string"),
            (#"{"url": "https://c.example/a.png", "alt": {"de": "x"}}"#, "$.announcements[0].image.alt", 52, "en"),
            (#""https://c.example/a.png""#, "$.announcements[0].image", 10, "image must be an object"),
        ])
    func imageProblems(image: String, path: String, column: Int, message: String) throws {
        let result = try decode("image", image)
        let item = try #require(result.announcements.first)
        #expect(item.image == nil)
        #expect(result.errors.isEmpty)
        let warning = try #require(result.warnings.first { $0.path == path && $0.message.contains(message) })
        #expect(warning.line == 3 && warning.column == column)
        #expect(warning.message.hasSuffix("; the announcement shows without its image"))
    }

    @Test("plain http is accepted for an image when the app allows it for its feed")
    func httpOptIn() throws {
        let result = try decode(
            "image", #"{"url": "http://localhost:8080/a.png", "alt": "x"}"#, policy: ActionPolicy(allowsHTTP: true))
        #expect(result.diagnostics.isEmpty)
        #expect(result.announcements.first?.image?.url.absoluteString == "http://localhost:8080/a.png")
    }

    @Test("an aspect ratio out of range is ignored with a warning; the image stays")
    func aspectRatio() throws {
        for value in ["0", "-1", "20", "0.05"] {
            let result = try decode(
                "image", #"{"url": "https://c.example/a.png", "alt": "x", "aspectRatio": \#(value)}"#)
            let image = try #require(result.announcements.first?.image)
            #expect(image.aspectRatio == nil)
            #expect(result.warnings.count == 1)
            #expect(
                result.warnings.first?.message
                    == "aspectRatio \(value) is ignored: give width / height between 0.1 and 10; the image keeps its own shape"
            )
        }
        let edge = try decode("image", #"{"url": "https://c.example/a.png", "alt": "x", "aspectRatio": 10}"#)
        #expect(edge.announcements.first?.image?.aspectRatio == 10)
    }

    @Test("format and image without formats and images in audience.requires are warnings; a banner needs none")
    func capabilityWarnings() throws {
        let sheet = try decode("format", #""sheet""#, requires: false)
        #expect(
            sheet.warnings.map(\.message) == [
                #"format is a 0.2 field: add "formats" to audience.requires so 0.1 apps do not show it"#
            ])
        #expect(try decode("format", #""banner""#, requires: false).warnings.isEmpty)
        let image = try decode("image", #"{"url": "https://c.example/a.png", "alt": "x"}"#, requires: false)
        #expect(
            image.warnings.map(\.message) == [
                #"image is a 0.2 field: add "images" to audience.requires so 0.1 apps do not show it"#
            ])
        #expect(image.warnings.first?.path == "$.announcements[0].image")
    }

    @Test("format and image survive encoding and decoding")
    func roundTrip() throws {
        let announcement = Announcement(
            id: "n", title: "t", message: "m", format: .sheet,
            image: Announcement.Image(
                url: URL(string: "https://c.example/a.png")!, alt: LocalizedText(["en": "x", "fr": "y"]), aspectRatio: 2
            ))
        let data = try JSONEncoder().encode(announcement)
        let decoded = try JSONDecoder().decode(Announcement.self, from: data)
        #expect(decoded == announcement)
        let banner = String(
            decoding: try JSONEncoder().encode(Announcement(id: "b", title: "t", message: "m")), as: UTF8.self)
        #expect(!banner.contains("format") && !banner.contains("image"))
    }

    @Test("a modal or sheet that cannot be dismissed and has no link is a warning; a banner or a linked one is not")
    func wayOut() throws {
        for format in ["modal", "sheet"] {
            let result = try decode("format", #""\#(format)", "isDismissible": false"#)
            #expect(result.announcements.count == 1)
            #expect(
                result.warnings.map(\.message) == [
                    "a \(format) that cannot be dismissed and has no url or deepLink action blocks the app with no way "
                        + "forward until it ends; give it an action, make it dismissible, or use a banner"
                ])
            let linked = try decode(
                "format",
                #""\#(format)", "isDismissible": false, "action": {"type": "url", "value": "https://a.example"}"#)
            #expect(linked.warnings.isEmpty)
            #expect(try decode("format", #""\#(format)""#).warnings.isEmpty)
        }
        #expect(try decode("format", #""banner", "isDismissible": false"#).warnings.isEmpty)
    }
}
