import AnnouncementKit
import Foundation
import Testing

@Suite("HTML preview renderer")
struct HTMLPreviewRendererTests {
    static let hostile = Announcement(
        id: "x\"><script>alert(1)</script>", title: "<script>alert('title')</script>",
        message: "Tom & Jerry's \"quote\" <b>bold</b>", style: .critical,
        action: .url("https://example.com/?a=1&b=\"><script>", label: "<img src=x onerror=alert(1)>"))
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
        #expect(html.contains("href=\"https://example.com/?a=1&amp;b=&quot;&gt;&lt;script&gt;\""))
        #expect(html.contains("feed &lt;1&gt;.json"))
        #expect(html.contains("at &lt;now&gt;"))
    }

    @Test("escape covers the five characters that matter")
    func escape() {
        #expect(
            HTMLPreviewRenderer.escape("<a href=\"x\">'&'</a>")
                == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
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
        #expect(html.contains("excluded: expired (ended at 2026-12-01T08:00:00Z)"))
        #expect(html.contains("not in the feed: it failed validation"))
        #expect(html.contains("--bg:#E8F1FD"))
        #expect(html.contains("--bg:#10263F"))
    }
}
