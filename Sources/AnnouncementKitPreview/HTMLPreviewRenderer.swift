package import AnnouncementKit
package import Foundation

/// Renders a feed as one self-contained HTML page to share with the team: every announcement drawn in a
/// phone-sized screen, in the light and the dark appearance side by side, captioned with its id, its
/// status in plain words with the reason code beside it ("Not shown: outside the audience
/// (audienceMismatch)"), and its style, priority and schedule.
///
/// The page has its CSS inline and needs no other file, no network and no JavaScript; its content
/// security policy forbids scripts, so a mistake in escaping could still run none. Every piece of
/// feed text is HTML-escaped scalar by scalar (see ``escape(_:)``), in text and in attributes; only
/// `url` actions with an `http`/`https` URL become links, with `rel="noopener noreferrer"`.
///
/// Each screen has a status bar, a faint mock app behind the announcement and a home indicator, and
/// names the announcement's format and place (`data-format`, for a banner `data-position`, and a label
/// above it): a banner under the status bar (``AnnouncementBannerPosition/top``), above the home
/// indicator (`bottom`) or inset with a shadow in the middle (`floating`, over a dimmed app); a modal as a
/// card centred on a dimmed backdrop; a sheet anchored to the bottom with a grabber. An image is embedded
/// as a `data:` URI when the caller has its bytes (a provider's cache, see ``EmbeddedImage``); otherwise
/// its alt text stands in its place, wrapped between words. The page never loads anything from the
/// network.
///
/// The banners show their text as the app would, except that what would be hidden (controls, bidi
/// controls, zero-width and tag characters) shows as a marked escape such as `\u202e` or `\u{e0041}`.
/// The captions (the heading, the subtitle, ids, facts and selection status with its error text) are
/// technical, one line each: there newlines are escaped too, so an id or an error cannot hide, reorder
/// or split what it says.
///
/// ```swift
/// let page = HTMLPreviewRenderer(title: "feed.json", locale: "de-AT", defaultLocale: "en", position: .bottom)
///     .render(BannerPreviewItem.items(for: selection, announcements: feed.announcements))
/// ```
package struct HTMLPreviewRenderer: Sendable, Hashable {
    /// The page's heading, such as the feed's file name.
    package var title: String
    /// A line under the heading, such as the instant and the context.
    package var subtitle: String
    /// The language the banners' text is resolved for.
    package var locale: String?
    /// The feed's default locale.
    package var defaultLocale: String
    /// Where the app shows banner-format announcements; modals are centred and sheets rise from the
    /// bottom whatever it is.
    package var position: AnnouncementBannerPosition

    /// Creates a renderer.
    package init(
        title: String, subtitle: String = "", locale: String?, defaultLocale: String,
        position: AnnouncementBannerPosition = .top
    ) {
        self.title = title
        self.subtitle = subtitle
        self.locale = locale
        self.defaultLocale = defaultLocale
        self.position = position
    }

    /// An image's bytes for the page: what the provider cached for a URL, with the media type its first
    /// bytes showed.
    package struct EmbeddedImage: Sendable, Hashable {
        /// The image's bytes.
        package var data: Data
        /// Its media type, such as `image/png`.
        package var mediaType: String

        /// Creates a cached image.
        package init(data: Data, mediaType: String) {
            self.data = data
            self.mediaType = mediaType
        }
    }

    /// The page for `items`, in their order; `images` gives the cached bytes of an image's URL, if any.
    package func render(_ items: [BannerPreviewItem], images: (URL) -> EmbeddedImage? = { _ in nil }) -> String {
        // The banners' language, in BCP 47's spelling (`pt_BR` is written `pt-BR`).
        let language = Self.escape((locale ?? defaultLocale).replacingOccurrences(of: "_", with: "-"))
        var html = """
            <!DOCTYPE html>
            <html lang="\(language)">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.caption(title)) — announcement preview</title>
            <style>
            \(Self.css)</style>
            </head>
            <body>
            <header lang="en">
            <h1>\(Self.caption(title))</h1>

            """
        if !subtitle.isEmpty { html += "<p class=\"subtitle\">\(Self.caption(subtitle))</p>\n" }
        html += "<p class=\"count\">\(items.count) announcement\(items.count == 1 ? "" : "s")</p>\n</header>\n<main>\n"
        for item in items {
            html += section(item, images: images)
        }
        if items.isEmpty { html += "<p class=\"empty\">The feed has no announcements.</p>\n" }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    private func section(_ item: BannerPreviewItem, images: (URL) -> EmbeddedImage?) -> String {
        let statusClass: String
        switch item.status {
        case .active: statusClass = "active"
        case .queued: statusClass = "queued"
        case .excluded: statusClass = "excluded"
        }
        let id = Self.caption(item.id)
        var html = "<section class=\"item \(statusClass)\" id=\"\(id)\">\n<div class=\"caption\" lang=\"en\">\n"
        html += "<p class=\"headline\"><code class=\"id\">\(id)</code> "
        html += "<span class=\"status\">\(Self.caption(item.statusWords))</span>"
        if let code = item.reasonCode { html += " <span class=\"reason\">(<code>\(Self.caption(code))</code>)</span>" }
        html += "</p>\n"
        if !item.reasonDetail.isEmpty { html += "<p class=\"detail\">\(Self.caption(item.reasonDetail))</p>\n" }
        guard let announcement = item.announcement else {
            html += "<p class=\"facts\"><span class=\"fact\">not in the feed: it failed validation</span></p>\n"
            return html + "</div>\n</section>\n"
        }
        var facts = [announcement.format.rawValue, announcement.style.rawValue, "priority \(announcement.priority)"]
        facts.append(
            "from " + (announcement.startDate.map(Timestamp.format) ?? "the start") + " until "
                + (announcement.endDate.map(Timestamp.format) ?? "no end"))
        if let schedule = announcement.schedule { facts.append("window \(Self.describe(schedule))") }
        if !announcement.isDismissible { facts.append("not dismissible") }
        if let variant = announcement.variantID { facts.append("variant \(variant)") }
        let appearance = BannerAppearance(
            announcement: announcement, locale: locale, defaultLocale: defaultLocale, position: position)
        if let seconds = appearance.autoDismissAfter { facts.append("hides after \(Self.seconds(seconds)) s") }
        if let destination = appearance.actionDestination, appearance.actionType == .deepLink {
            facts.append("opens \(destination)")
        }
        html += "<p class=\"facts\">" + facts.map { "<span class=\"fact\">\(Self.caption($0))</span>" }.joined()
        html += "</p>\n</div>\n<div class=\"pair\">\n"
        // Written once for both panes: an embedded image is its bytes as base64.
        let image = imageHTML(appearance, image: appearance.image.flatMap { images($0.url) })
        for scheme in BannerColorScheme.allCases {
            html += "<div class=\"pane \(scheme.rawValue)\">\n"
            html += screen(appearance, scheme: scheme, imageMarkup: image)
            html += "</div>\n"
        }
        html += "</div>\n</section>\n"
        return html
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, safe in element
    /// content and in quoted attribute values; and every scalar a terminal shows as an escape (see
    /// `TerminalText.needsEscaping`: controls, bidi controls, U+200B, U+2060–U+2064, U+FEFF and the tag
    /// characters U+E0000–U+E007F) written as that same visible escape, such as `\u202e` or
    /// `\u{e0041}`, so hidden or reordering text cannot reach the page. Newline and tab are kept.
    ///
    /// The text is read scalar by scalar, never by grapheme cluster: a `<` after a prepended
    /// character such as U+0600, or a `"` followed by a combining mark such as U+0301, is one
    /// `Character` in Swift but still a `<` or a `"` to an HTML parser, and is escaped.
    package static func escape(_ text: String) -> String {
        escape(text, marked: false)
    }

    /// ``escape(_:)`` for element content: each escape of a hidden scalar is also marked, as
    /// `<mark class="hidden-char" title="U+202E">\u202e</mark>`, so it stands out from a backslash the
    /// text itself holds.
    package static func escapeContent(_ text: String) -> String {
        escape(text, marked: true)
    }

    private static func escape(_ text: String, marked: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\n", "\t": output.unicodeScalars.append(scalar)
            default:
                guard TerminalText.needsEscaping(scalar) else {
                    output.unicodeScalars.append(scalar)
                    continue
                }
                let visible = TerminalText.escape(scalar)
                guard marked else {
                    output += visible
                    continue
                }
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let name = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                output += "<mark class=\"hidden-char\" title=\"\(name)\">\(visible)</mark>"
            }
        }
        return output
    }

    /// Caption text: controls and bidi controls shown as `TerminalText` escapes, then HTML-escaped.
    static func caption(_ text: String) -> String {
        escape(TerminalText.escaped(text))
    }

    /// No script, no network, no plugin, no form and no `<base>`: only the page's own inline CSS and
    /// images written into the page as `data:` URIs.
    private static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    static func isWebURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }

    /// Whether `image` becomes a `data:` URI: one of the four image types a provider caches, whose bytes
    /// are that type with a complete header within the pixel budget (``ImageHeader/check(_:)``), so that
    /// a pixel bomb handed to the renderer shows as its alt text.
    static func isEmbeddable(_ image: EmbeddedImage) -> Bool {
        guard isImageMediaType(image.mediaType), case .success(let header) = ImageHeader.check(image.data) else {
            return false
        }
        return header.format.mediaType == image.mediaType
    }

    /// Only the four image types a provider caches become `data:` URIs.
    private static func isImageMediaType(_ type: String) -> Bool {
        ["image/png", "image/jpeg", "image/gif", "image/webp"].contains(type)
    }

    /// A number for CSS: an integer without a fraction, else up to four decimals.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.4f", value)
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func describe(_ schedule: Announcement.Schedule) -> String {
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let days = schedule.weekdays.map { $0.compactMap { (1...7).contains($0) ? names[$0 - 1] : nil } }
        let start = schedule.startTime.map { "\($0)" } ?? "00:00"
        let end = schedule.endTime.map { "\($0)" } ?? "24:00"
        return (days.map { $0.joined(separator: ",") + " " } ?? "") + "\(start)–\(end) \(schedule.timeZone)"
    }
}
