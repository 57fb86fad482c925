import AnnouncementKit
import AnnouncementKitPreview
import Foundation
import Testing

/// The page as a product manager shares it: each announcement in a phone-sized screen at its place, and
/// each status in plain words with its reason code beside it.
@Suite("HTML preview: phone screens and plain-words statuses")
struct HTMLPreviewScreenTests {
    private func page(
        _ items: [BannerPreviewItem], position: AnnouncementBannerPosition = .top
    ) -> String {
        HTMLPreviewRenderer(title: "feed", locale: "en", defaultLocale: "en", position: position).render(items)
    }

    private func item(_ format: Announcement.Format = .banner, status: BannerPreviewItem.Status = .active)
        -> BannerPreviewItem
    {
        let announcement = Announcement(id: "a-\(format.rawValue)", title: "Title", message: "Message", format: format)
        return BannerPreviewItem(id: announcement.id, announcement: announcement, status: status)
    }

    private func count(_ html: String, _ needle: String) -> Int {
        html.components(separatedBy: needle).count - 1
    }

    @Test(
        "a banner sits at the renderer's position, named by data-position, a class and a label",
        arguments: AnnouncementBannerPosition.allCases)
    func position(position: AnnouncementBannerPosition) {
        let html = page([item()], position: position)
        let screen =
            "<div class=\"screen format-banner placement-atPosition position-\(position.rawValue)\" data-format=\"banner\" "
            + "data-position=\"\(position.rawValue)\">"
        #expect(count(html, screen) == 2, "light and dark")
        let label = ["top": "banner at the top", "bottom": "banner at the bottom", "floating": "floating banner"]
        #expect(count(html, "<span class=\"format-marker\">\(label[position.rawValue]!)</span>") == 2)
        // Only a floating banner dims the app behind it (BannerLayout.dimsBackground).
        #expect(count(html, "<div class=\"backdrop\" aria-hidden=\"true\"></div>") == (position == .floating ? 2 : 0))
    }

    @Test(
        "a modal is centred and a sheet rises from the bottom, both over a dimmed app, at any position",
        arguments: [Announcement.Format.modal, .sheet])
    func dimmedFormats(format: Announcement.Format) {
        for position in AnnouncementBannerPosition.allCases {
            let html = page([item(format)], position: position)
            #expect(
                count(
                    html,
                    "<div class=\"screen format-\(format.rawValue) placement-\(format.traits.placement.rawValue)\""
                        + " data-format=\"\(format.rawValue)\">"
                ) == 2)
            #expect(!html.contains("data-position="), "a position is the banners' only")
            #expect(count(html, "<div class=\"backdrop\" aria-hidden=\"true\"></div>") == 2)
            let grabbers = format.traits.placement == .sheet ? 2 : 0
            #expect(count(html, "<span class=\"grabber\" aria-hidden=\"true\"></span>") == grabbers)
        }
    }

    @Test("every screen has a status bar, a faint app behind, the announcement and a home indicator")
    func screenParts() {
        let formats = Announcement.Format.allCases
        #expect(formats.count >= 3)
        let html = page(formats.map { item($0) })
        let screens = formats.count * 2  // light and dark
        #expect(count(html, "<div class=\"screen ") == screens)
        #expect(
            count(html, "<div class=\"status-bar\" aria-hidden=\"true\"><span class=\"clock\">9:41</span>") == screens)
        #expect(count(html, "<div class=\"app\" aria-hidden=\"true\">") == screens)
        #expect(count(html, "<div class=\"place\">\n<div class=\"banner ") == screens)
        #expect(count(html, "<span class=\"home-indicator\" aria-hidden=\"true\"></span>") == screens)
        #expect(
            count(html, "<div class=\"pane light\">") == formats.count
                && count(html, "<div class=\"pane dark\">") == formats.count)
    }

    @Test(
        "every exclusion reason has its own plain words, shown with the reason code beside them",
        arguments: ExclusionReason.allCases)
    func reasonWords(reason: ExclusionReason) throws {
        let words = reason.plainWords
        // Words, not a code: spaces between them and no camel case.
        #expect(
            !words.isEmpty && words != reason.rawValue && words.contains(" ") && !words.contains(where: \.isUppercase))
        #expect(words.first?.isLowercase == true, "words follow \"Not shown: \"")
        let others = ExclusionReason.allCases.filter { $0 != reason }.map(\.plainWords)
        #expect(!others.contains(words), "\(reason) shares its words")
        let status = BannerPreviewItem.Status.excluded(reason, detail: "because <x>")
        let html = page([
            reason == .invalid ? BannerPreviewItem(id: "bad", announcement: nil, status: status) : item(status: status)
        ])
        #expect(
            html.contains(
                "<span class=\"status\">Not shown: \(HTMLPreviewRenderer.escape(words))</span> "
                    + "<span class=\"reason\">(<code>\(reason.rawValue)</code>)</span>"))
        #expect(html.contains("<p class=\"detail\">because &lt;x&gt;</p>"))
        try HTMLPreviewRendererTests.checkMarkup(html)
    }

    @Test("the status in words: showing now, queued with an ordinal, not shown with the reason and its code")
    func statusWords() {
        #expect(item(status: .active).statusText == "Showing now")
        #expect(item(status: .active).reasonCode == nil)
        let ordinals = [
            1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd",
            23: "23rd", 101: "101st", 111: "111th", 112: "112th", 1_000: "1000th",
        ]
        for (position, ordinal) in ordinals {
            #expect(item(status: .queued(position: position)).statusText == "Queued (\(ordinal))")
        }
        let excluded = item(status: .excluded(.audienceMismatch, detail: "segment"))
        #expect(excluded.statusText == "Not shown: outside the audience (audienceMismatch)")
        #expect(excluded.reasonDetail == "segment")
        #expect(page([item(status: .queued(position: 2))]).contains("<span class=\"status\">Queued (2nd)</span></p>"))
    }

    @Test("the alt text in an image's place wraps between words: only a word longer than the box breaks")
    func placeholderWraps() throws {
        let css = HTMLPreviewRenderer.css
        let rule = try #require(css.components(separatedBy: ".banner .image.missing {").dropFirst().first)
        let body = String(rule.prefix { $0 != "}" })
        #expect(body.contains("overflow-wrap: break-word"))
        #expect(body.contains("word-break: normal"))
        #expect(!css.contains("break-all"))
        #expect(!body.contains("anywhere"))
    }

    @Test("the screen is 390 × 844 inside its bezel, the page lays out by grid and wraps, and stays self-contained")
    func pageShape() {
        let css = HTMLPreviewRenderer.css
        #expect(css.contains("width: 410px; height: 864px"))
        #expect(css.contains("border: 10px solid"))
        #expect(css.contains("grid-template-columns: repeat(auto-fill"))
        #expect(css.contains(".pair { display: flex; flex-wrap: wrap;"))
        let items = (0..<1_200).map { index in
            item([.banner, .modal, .sheet][index % 3], status: index == 0 ? .active : .queued(position: index))
        }
        let html = page(items)
        #expect(count(html, "<div class=\"screen ") == 2_400)
        #expect(count(html, "<section class=\"item ") == 1_200)
        #expect(html.contains("Queued (1199th)"))
        #expect(
            html.contains(
                "content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
                    + "form-action 'none'\""))
        for forbidden in ["<script", "<link", "src=", "url(", "@import", "http://", "https://"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
    }
}
