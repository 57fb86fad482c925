import AnnouncementKit
import AnnouncementKitPreview
import Foundation
import Testing

@Suite("HTML preview renderer")
struct HTMLPreviewRendererTests {
    static let hostile = Announcement(
        id: "x\"><script>alert(1)</script>", title: "<script>alert('title')</script>",
        message: "Tom & Jerry's \"quote\" <b>bold</b>", style: .critical,
        action: .url(URL(string: "https://example.com/?a=1&b=\"><script>")!),
        actionLabel: "<img src=x onerror=alert(1)>")
    static let deepLink = Announcement(
        id: "deep", title: "Open settings", message: "Tap", action: .deepLink("app://settings"), priority: 3,
        startDate: Date(timeIntervalSince1970: 1_796_083_200))

    private func page(_ items: [BannerPreviewItem]) -> String {
        HTMLPreviewRenderer(title: "feed <1>.json", subtitle: "at <now>", locale: "en", defaultLocale: "en")
            .render(items)
    }

    @Test("feed text is escaped everywhere: no markup from the feed reaches the page")
    func escaping() {
        let html = page([BannerPreviewItem(id: Self.hostile.id, announcement: Self.hostile, status: .active)])
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;"))
        #expect(html.contains("Tom &amp; Jerry&#39;s &quot;quote&quot; &lt;b&gt;bold&lt;/b&gt;"))
        // The URL type percent-encodes what a URL cannot hold; the ampersand is still escaped.
        #expect(html.contains("href=\"https://example.com/?a=1&amp;b=%22%3E%3Cscript%3E\""))
        #expect(html.contains("feed &lt;1&gt;.json"))
        #expect(html.contains("at &lt;now&gt;"))
    }

    @Test("escape covers the five characters that matter")
    func escape() {
        #expect(
            HTMLPreviewRenderer.escape("<a href=\"x\">'&'</a>")
                == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }

    /// Markup hidden behind scalars that join the character before or after into one grapheme
    /// cluster: U+0600 is a prepended mark, U+0301 a combining accent.
    static let clustered = Announcement(
        id: "id\u{600}<b>\"\u{301} x=\u{1B}[2K\u{202E}",
        title: "\u{600}<img src=x onerror=alert(1)>\"\u{301}&'\u{301}",
        message: "\u{600}<script>alert(2)</script> \"\u{301}onmouseover=alert(3) \u{600}&amp;",
        style: .critical,
        action: .url(URL(string: "https://example.com/?q=\"\u{301}><script>alert(4)</script>")!),
        actionLabel: "\u{600}<i>\"\u{301}'")

    @Test("escape works on scalars: a < or \" inside a grapheme cluster is still escaped")
    func escapeScalars() {
        #expect(HTMLPreviewRenderer.escape("\u{600}<") == "\u{600}&lt;")
        #expect(HTMLPreviewRenderer.escape("\"\u{301}") == "&quot;\u{301}")
        #expect(HTMLPreviewRenderer.escape("\u{600}&\u{600}>'\u{301}") == "\u{600}&amp;\u{600}&gt;&#39;\u{301}")
        #expect(HTMLPreviewRenderer.escape("e\u{301}<\u{20DD}") == "e\u{301}&lt;\u{20DD}")
    }

    @Test("a < after U+0600 or a \" before U+0301 from any field or error text never reaches the page raw")
    func clusteredMarkup() throws {
        let detail = "rule \"\u{301} onfocus=alert(5) \u{600}<svg onload=alert(6)>"
        let html = HTMLPreviewRenderer(
            title: "feed\u{600}<x>.json", subtitle: "at \"\u{301}<now>", locale: "en\"\u{301}", defaultLocale: "en"
        ).render([
            BannerPreviewItem(id: Self.clustered.id, announcement: Self.clustered, status: .active),
            BannerPreviewItem(
                id: "bad\u{600}<u>", announcement: nil, status: .excluded(.invalid, detail: detail)),
            BannerPreviewItem(
                id: Self.clustered.id, announcement: Self.clustered,
                status: .excluded(.audienceMismatch, detail: detail)),
        ])
        let bytes = Array(html.utf8)
        for needle in ["\u{600}<", "\"\u{301}", "<img", "<script", "<svg", "<b>", "<i>", "<u>", "<x>", "<now>"] {
            #expect(!Self.contains(bytes, needle), "\(needle.debugDescription) reached the page raw")
        }
        for needle in [
            "\u{600}&lt;img", "&quot;\u{301}", "\u{600}&lt;script&gt;", "&lt;svg onload", "\u{600}&amp;amp;",
        ] {
            #expect(Self.contains(bytes, needle), "\(needle.debugDescription) is missing")
        }
        try Self.checkMarkup(html)
        // Captions show controls and bidi controls as escapes; banners keep their text as the app shows it.
        #expect(Self.contains(bytes, "<code class=\"id\">id\u{600}&lt;b&gt;&quot;\u{301} x=\\u001b[2K\\u202e</code>"))
        #expect(!Self.contains(bytes, "\u{1B}"))
    }

    /// Every tag in `html` is one the renderer writes, and every attribute one it sets, with a quoted
    /// value: a `<` from feed text would open an unknown tag, a `"` would end a value and start an
    /// attribute of the feed's choosing.
    static func checkMarkup(_ html: String) throws {
        let tags: Set<String> = [
            "!DOCTYPE", "html", "head", "meta", "title", "style", "body", "header", "h1", "p", "main", "section",
            "div", "span", "code", "a", "button", "img",
        ]
        let attributes: Set<String> = [
            "html", "lang", "charset", "name", "content", "http-equiv", "class", "id", "role", "aria-label",
            "aria-hidden", "style", "href", "rel", "target", "type", "data-format", "data-position", "alt", "src",
        ]
        // Scalar semantics, as an HTML parser reads: `"` + U+0301 is a quote followed by an accent.
        let tag = try Regex(#"<(/?)([^\s>/]+)([^>]*)>"#).matchingSemantics(.unicodeScalar)
        let attribute = try Regex(#"\s+([^\s=>]+)(?:="([^"]*)")?"#).matchingSemantics(.unicodeScalar)
        for match in html.matches(of: tag) {
            let name = String(try #require(match.output[2].substring))
            #expect(tags.contains(name), "unexpected tag <\(name)>")
            let rest = String(try #require(match.output[3].substring))
            var remainder = rest[...]
            while let found = remainder.prefixMatch(of: attribute) {
                let attributeName = String(try #require(found.output[1].substring))
                #expect(attributes.contains(attributeName), "unexpected attribute \(attributeName) in <\(name)>")
                if attributeName == "src" {
                    // The only source a page has: an image the caller cached, as a data: URI.
                    let value = String(found.output[2].substring ?? "")
                    #expect(value.contains(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+\/=]*$/), "src \(value)")
                }
                remainder = remainder[found.range.upperBound...]
            }
            #expect(remainder.trimmingCharacters(in: .whitespaces).isEmpty, "unparsed \(remainder) in <\(name)>")
        }
    }

    /// Whether the UTF-8 of `html` holds the UTF-8 of `needle`, byte for byte (never by grapheme cluster).
    static func contains(_ html: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, html.count >= pattern.count else { return false }
        return (0...(html.count - pattern.count)).contains { start in
            html[start..<(start + pattern.count)].elementsEqual(pattern)
        }
    }

    @Test("a url action is a link with rel=noopener noreferrer; a deep link is not a link")
    func links() {
        let html = page([
            BannerPreviewItem(id: "x", announcement: Self.hostile, status: .active),
            BannerPreviewItem(id: "deep", announcement: Self.deepLink, status: .queued(position: 1)),
        ])
        #expect(html.components(separatedBy: "<a ").count - 1 == 2)  // one link per appearance
        #expect(html.components(separatedBy: "rel=\"noopener noreferrer\"").count - 1 == 2)
        #expect(!html.contains("href=\"app://"))
        #expect(html.contains("opens app://settings"))
    }

    @Test("each item shows in light and dark with its caption; invalid items are listed")
    func structure() {
        let items = [
            BannerPreviewItem(id: "deep", announcement: Self.deepLink, status: .active),
            BannerPreviewItem(
                id: "old", announcement: Announcement(id: "old", title: "Old", message: "Gone"),
                status: .excluded(.expired, detail: "ended at 2026-12-01T08:00:00Z")),
            BannerPreviewItem(id: "$.announcements[7]", announcement: nil, status: .excluded(.invalid, detail: "bad")),
        ]
        let html = page(items)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<style>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("src="))
        for id in ["deep", "old", "$.announcements[7]"] {
            #expect(html.contains("<code class=\"id\">\(id)</code>"))
        }
        #expect(html.components(separatedBy: "class=\"pane light\"").count - 1 == 2)
        #expect(html.components(separatedBy: "class=\"pane dark\"").count - 1 == 2)
        #expect(html.contains("priority 3"))
        #expect(html.contains("from 2026-12-01T00:00:00Z until no end"))
        #expect(
            html.contains(
                "<span class=\"status\">Not shown: it has ended</span> <span class=\"reason\">(<code>expired</code>)</span>"
            ))
        #expect(html.contains("<p class=\"detail\">ended at 2026-12-01T08:00:00Z</p>"))
        #expect(html.contains("<span class=\"status\">Showing now</span>"))
        #expect(html.contains("not in the feed: it failed validation"))
        #expect(html.contains("--bg:#E8F1FD"))
        #expect(html.contains("--bg:#10263F"))
    }
}
