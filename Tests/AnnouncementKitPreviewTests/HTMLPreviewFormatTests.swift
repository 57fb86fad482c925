import AnnouncementKit
import AnnouncementKitPreview
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("HTML preview: formats and images")
struct HTMLPreviewFormatTests {
    static let imageURL = URL(string: "https://cdn.example.com/new.png")!
    /// The signature and `IHDR` chunk of a 24 × 16 PNG, and a few more bytes.
    static let png = HostileImages.png(width: 24, height: 16) + Data([1, 2, 3])

    private func announcement(_ format: Announcement.Format, alt: LocalizedText = "A chart") -> Announcement {
        Announcement(
            id: "n-\(format.rawValue)", title: "New", message: "M", format: format,
            image: Announcement.Image(url: Self.imageURL, alt: alt, aspectRatio: 1.5))
    }

    private func page(
        _ announcements: [Announcement], images: (URL) -> HTMLPreviewRenderer.EmbeddedImage? = { _ in nil }
    ) -> String {
        HTMLPreviewRenderer(title: "feed", locale: "en", defaultLocale: "en")
            .render(
                announcements.map { BannerPreviewItem(id: $0.id, announcement: $0, status: .active) }, images: images)
    }

    @Test("every announcement's container names its format, in light and dark", arguments: Announcement.Format.allCases)
    func marker(format: Announcement.Format) {
        let html = page([announcement(format)])
        let placement = format.traits.placement
        let attributes =
            placement == .atPosition
            ? " position-top\" data-format=\"\(format.rawValue)\" data-position=\"top\">"
            : "\" data-format=\"\(format.rawValue)\">"
        let container = "<div class=\"screen format-\(format.rawValue) placement-\(placement.rawValue)" + attributes
        #expect(html.components(separatedBy: container).count == 3)
        let label =
            switch placement {
            case .atPosition: "\(format.rawValue) at the top"
            case .centred: "\(format.rawValue), centred"
            case .sheet: "\(format.rawValue) from the bottom"
            }
        #expect(html.components(separatedBy: "<span class=\"format-marker\">\(label)</span>").count == 3)
        #expect(html.contains("<span class=\"grabber\"") == (placement == .sheet))
    }

    @Test("a cached image is embedded as a data: URI with its alt text and shape; nothing loads from the network")
    func embedded() {
        let html = page([announcement(.sheet)]) { url in
            url == Self.imageURL ? .init(data: Self.png, mediaType: "image/png") : nil
        }
        let tag =
            "<img class=\"image top\" alt=\"A chart\" style=\"aspect-ratio: 1.5000\" src=\"data:image/png;base64,"
            + Self.png.base64EncodedString() + "\">"
        #expect(html.components(separatedBy: tag).count == 3)
        #expect(!html.contains("https://cdn.example.com"))
    }

    @Test("without cached bytes the alt text stands in the image's place, labelled for assistive technology")
    func altText() {
        let html = page([announcement(.banner)])
        #expect(
            html.contains(
                "<div class=\"image leading missing\" role=\"img\" aria-label=\"A chart\" style=\"aspect-ratio: 1.5000\">"
                    + "<span>A chart</span></div>"))
        #expect(!html.contains("<img"))
    }

    @Test("bytes of another media type are never embedded")
    func otherMediaType() {
        let html = page([announcement(.modal)]) { _ in
            .init(data: Data("<svg onload=alert(1)>".utf8), mediaType: "image/svg+xml")
        }
        #expect(!html.contains("<img"))
        #expect(!html.contains("src="))
    }

    @Test("a hostile alt text is escaped in the attribute and in the text, embedded or not")
    func hostileAlt() throws {
        let alt: LocalizedText = "\"><img src=x onerror=alert(1)><script>alert(2)</script>"
        for images in [
            { (_: URL) in HTMLPreviewRenderer.EmbeddedImage?.none },
            { _ in .init(data: Self.png, mediaType: "image/png") },
        ] {
            let html = page(Announcement.Format.allCases.map { announcement($0, alt: alt) }, images: images)
            try HTMLPreviewRendererTests.checkMarkup(html)
            #expect(!html.contains("<script"))
            #expect(!html.contains("<img src=x"))
            #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;"))
        }
    }

    @Test("the captions list the format among the facts")
    func facts() {
        #expect(page([announcement(.modal)]).contains("<span class=\"fact\">modal</span>"))
    }
}
