package import Foundation

/// Renders a feed as one self-contained HTML page for feed authors: every announcement as its banner
/// in the light and the dark appearance side by side, captioned with its id, style, priority,
/// schedule and selection status.
///
/// The page has its CSS inline and needs no other file, no network and no JavaScript; its content
/// security policy forbids scripts, so a mistake in escaping could still run none. Every piece of
/// feed text is HTML-escaped scalar by scalar (see ``escape(_:)``), in text and in attributes; only
/// `url` actions with an `http`/`https` URL become links, with `rel="noopener noreferrer"`.
///
/// Each announcement is drawn in its format, marked with the format's name (`data-format` and a label
/// on its container): a banner; a modal as a card centred on a dimmed backdrop; a sheet rising from
/// the bottom with a grabber. An image is embedded as a `data:` URI when the caller has its bytes (a
/// provider's cache, see ``CachedImage``); otherwise its alt text stands in its place. The page never
/// loads anything from the network.
///
/// The banners show their text as the app would, except that what would be hidden (controls, bidi
/// controls, zero-width and tag characters) shows as a marked escape such as `\u202e` or `\u{e0041}`.
/// The captions (the heading, the subtitle, ids, facts and selection status with its error text) are
/// technical, one line each: there newlines are escaped too, so an id or an error cannot hide, reorder
/// or split what it says.
///
/// ```swift
/// let page = HTMLPreviewRenderer(title: "feed.json", locale: "de-AT", defaultLocale: "en")
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

    /// Creates a renderer.
    package init(title: String, subtitle: String = "", locale: String?, defaultLocale: String) {
        self.title = title
        self.subtitle = subtitle
        self.locale = locale
        self.defaultLocale = defaultLocale
    }

    /// An image's bytes for the page: what the provider cached for a URL, with the media type its first
    /// bytes showed.
    package struct CachedImage: Sendable, Hashable {
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
    package func render(_ items: [BannerPreviewItem], images: (URL) -> CachedImage? = { _ in nil }) -> String {
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
            <header>
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

    private func section(_ item: BannerPreviewItem, images: (URL) -> CachedImage?) -> String {
        let statusClass: String
        switch item.status {
        case .active: statusClass = "active"
        case .queued: statusClass = "queued"
        case .excluded: statusClass = "excluded"
        }
        let id = Self.caption(item.id)
        var html = "<section class=\"item \(statusClass)\" id=\"\(id)\">\n<div class=\"caption\">"
        html += "<span class=\"status\">\(Self.caption(item.statusText))</span> "
        html += "<code class=\"id\">\(id)</code>"
        guard let announcement = item.announcement else {
            html += "<span class=\"fact\">not in the feed: it failed validation</span></div>\n</section>\n"
            return html
        }
        var facts = [announcement.format.rawValue, announcement.style.rawValue, "priority \(announcement.priority)"]
        facts.append(
            "from " + (announcement.startDate.map(Timestamp.format) ?? "the start") + " until "
                + (announcement.endDate.map(Timestamp.format) ?? "no end"))
        if let schedule = announcement.schedule { facts.append("window \(Self.describe(schedule))") }
        if !announcement.isDismissible { facts.append("not dismissible") }
        let appearance = BannerAppearance(announcement: announcement, locale: locale, defaultLocale: defaultLocale)
        if let seconds = appearance.autoDismissAfter { facts.append("hides after \(Self.seconds(seconds)) s") }
        if let destination = appearance.actionDestination, appearance.actionType == .deepLink {
            facts.append("opens \(destination)")
        }
        html += facts.map { "<span class=\"fact\">\(Self.caption($0))</span>" }.joined()
        html += "</div>\n<div class=\"pair\">\n"
        // Written once for both panes: an embedded image is its bytes as base64.
        let image = imageHTML(appearance, image: appearance.image.flatMap { images($0.url) })
        for scheme in BannerColorScheme.allCases {
            html += "<div class=\"pane \(scheme.rawValue)\"><p class=\"scheme\">\(scheme.rawValue)</p>\n"
            html += stage(appearance, scheme: scheme, imageMarkup: image)
            html += "</div>\n"
        }
        html += "</div>\n</section>\n"
        return html
    }

    /// The announcement in its format: the container names the format (a class, `data-format` and a
    /// visible label); modals and sheets sit on a dimmed backdrop.
    private func stage(_ appearance: BannerAppearance, scheme: BannerColorScheme, imageMarkup: String) -> String {
        let format = appearance.format.rawValue
        var html = "<div class=\"stage format-\(format)\" data-format=\"\(format)\">"
        html += "<span class=\"format-marker\">\(format)</span>\n"
        html += banner(appearance, scheme: scheme, imageMarkup: imageMarkup)
        html += "</div>\n"
        return html
    }

    /// The image as an `<img>` with a `data:` URI when its bytes are at hand, else its alt text in a box
    /// of the image's shape; empty without an image.
    private func imageHTML(_ appearance: BannerAppearance, image: CachedImage?) -> String {
        guard let picture = appearance.image else { return "" }
        let placement = appearance.layout(isAccessibilitySize: false).imagePlacement == .leading ? "leading" : "top"
        let alt = Self.escape(picture.altText)
        let shape = "aspect-ratio: \(Self.number(picture.aspectRatio))"
        if let image, Self.isEmbeddable(image) {
            return
                "<img class=\"image \(placement)\" alt=\"\(alt)\" style=\"\(shape)\" src=\"data:\(image.mediaType);base64,"
                + image.data.base64EncodedString() + "\">\n"
        }
        return "<div class=\"image \(placement) missing\" role=\"img\" aria-label=\"\(alt)\" style=\"\(shape)\">"
            + "<span>\(Self.escapeContent(picture.altText))</span></div>\n"
    }

    private func banner(_ appearance: BannerAppearance, scheme: BannerColorScheme, imageMarkup: String) -> String {
        let colors = appearance.tint.colors(for: scheme)
        let role = appearance.isUrgent ? "alert" : "status"
        var html =
            "<div class=\"banner \(appearance.style.rawValue)\" role=\"\(role)\" "
            + "aria-label=\"\(Self.escape(appearance.accessibilityAnnouncement))\" "
            + "style=\"--bg:\(colors.background.hex);--fg:\(colors.text.hex);--accent:\(colors.accent.hex)\">\n"
        if appearance.format == .sheet { html += "<span class=\"grabber\" aria-hidden=\"true\"></span>\n" }
        html += imageMarkup
        html +=
            "<span class=\"icon\" aria-hidden=\"true\">\(TerminalBannerRenderer.symbol(for: appearance.style))</span>\n"
        html += "<div class=\"body\">\n<p class=\"title\">\(Self.escapeContent(appearance.title))</p>\n"
        if !appearance.message.isEmpty {
            html += "<p class=\"message\">\(Self.escapeContent(appearance.message))</p>\n"
        }
        if let actionTitle = appearance.actionTitle {
            let title = Self.escapeContent(actionTitle)
            if appearance.actionType == .url, let destination = appearance.actionDestination,
                Self.isWebURL(destination)
            {
                html +=
                    "<a class=\"action\" href=\"\(Self.escape(destination))\" rel=\"noopener noreferrer\" "
                    + "target=\"_blank\">\(title)</a>\n"
            } else {
                html += "<span class=\"action\">\(title)</span>\n"
            }
        }
        html += "</div>\n"
        if appearance.showsDismissButton {
            html +=
                "<button class=\"close\" type=\"button\" aria-label=\"\(Self.escape(appearance.dismissAccessibilityLabel))\">"
                + "×</button>\n"
        }
        html += "</div>\n"
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
    private static func caption(_ text: String) -> String {
        escape(TerminalText.escaped(text))
    }

    /// No script, no network, no plugin, no form and no `<base>`: only the page's own inline CSS and
    /// images written into the page as `data:` URIs.
    private static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    private static func isWebURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }

    /// Whether `image` becomes a `data:` URI: one of the four image types a provider caches, whose bytes
    /// are that type with a complete header within the pixel budget (``ImageHeader/check(_:)``), so that
    /// a pixel bomb handed to the renderer shows as its alt text.
    private static func isEmbeddable(_ image: CachedImage) -> Bool {
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
    private static func number(_ value: Double) -> String {
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

    private static let css = """
        :root { color-scheme: light; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto,
          "Noto Sans", "Noto Sans CJK JP", sans-serif; }
        body { margin: 0; padding: 24px; background: #F2F2F7; color: #1C1C1E; }
        header h1 { margin: 0 0 4px; font-size: 22px; }
        header p { margin: 0 0 4px; color: #3A3A3C; font-size: 14px; }
        main { display: flex; flex-direction: column; gap: 20px; margin-top: 20px; }
        section.item { background: #FFFFFF; border-radius: 12px; padding: 12px 16px 16px;
          box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); }
        .caption { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px 12px; margin-bottom: 12px;
          font-size: 13px; color: #3A3A3C; }
        .caption .id { font-size: 14px; font-weight: 600; color: #1C1C1E; }
        .status { padding: 2px 8px; border-radius: 999px; font-weight: 600; background: #E5E5EA; }
        .active .status { background: #1E7B34; color: #FFFFFF; }
        .queued .status { background: #0A58CA; color: #FFFFFF; }
        .excluded .status { background: #E5E5EA; color: #3A3A3C; }
        .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
        .pane { border-radius: 10px; padding: 10px 12px 12px; }
        .pane.light { background: #F2F2F7; }
        .pane.dark { background: #1C1C1E; }
        .scheme { margin: 0 0 6px; font-size: 11px; text-transform: uppercase; letter-spacing: 0.06em; }
        .light .scheme { color: #3A3A3C; }
        .dark .scheme { color: #D1D1D6; }
        .banner { display: flex; align-items: flex-start; gap: 10px; padding: 12px 14px; border-radius: 12px;
          background: var(--bg); color: var(--fg); border: 1px solid var(--accent);
          box-shadow: 0 2px 8px rgba(0, 0, 0, 0.15); }
        .banner .icon { flex: none; width: 24px; height: 24px; border-radius: 50%; display: flex;
          align-items: center; justify-content: center; background: var(--accent); color: var(--bg);
          font-weight: 700; font-size: 14px; line-height: 1; }
        .banner .body { flex: 1; min-width: 0; }
        .banner .title { margin: 0; font-weight: 650; font-size: 15px; }
        .banner .message { margin: 4px 0 0; font-size: 14px; line-height: 1.4; overflow-wrap: anywhere; }
        .banner .action { display: inline-block; margin-top: 8px; padding: 4px 12px; border-radius: 999px;
          border: 1.5px solid var(--accent); color: var(--fg); font-size: 13px; font-weight: 600;
          text-decoration: none; }
        .banner .close { flex: none; border: none; background: transparent; color: var(--fg); font-size: 20px;
          line-height: 1; padding: 0 2px; cursor: pointer; }
        .stage { position: relative; padding-top: 18px; }
        .format-marker { position: absolute; top: 0; left: 0; font-size: 11px; font-weight: 600;
          letter-spacing: 0.06em; text-transform: uppercase; opacity: 0.7; }
        .light .format-marker { color: #3A3A3C; }
        .dark .format-marker { color: #D1D1D6; }
        .stage.format-modal, .stage.format-sheet { background: rgba(0, 0, 0, 0.45); border-radius: 8px;
          padding: 26px 16px 16px; min-height: 160px; display: flex; flex-direction: column; }
        .stage.format-modal { justify-content: center; align-items: center; }
        .stage.format-modal .format-marker, .stage.format-sheet .format-marker { top: 6px; left: 10px;
          color: #FFFFFF; }
        .stage.format-sheet { justify-content: flex-end; padding-bottom: 0; padding-left: 0; padding-right: 0; }
        .format-modal .banner { flex-direction: column; max-width: 400px; width: 100%; box-sizing: border-box;
          border-radius: 14px; }
        .format-sheet .banner { flex-direction: column; border-radius: 14px 14px 0 0; padding-top: 14px; }
        .banner .grabber { align-self: center; width: 36px; height: 5px; border-radius: 3px;
          background: var(--fg); opacity: 0.35; }
        .banner .image { display: block; object-fit: cover; border-radius: 8px; }
        .banner .image.top { width: 100%; }
        .banner .image.leading { flex: none; width: 56px; height: 56px; }
        .banner .image.missing { display: flex; align-items: center; justify-content: center; box-sizing: border-box;
          padding: 6px; border: 1px dashed var(--accent); font-size: 12px; text-align: center;
          overflow: hidden; overflow-wrap: anywhere; }
        .banner .image.top.missing { max-height: 180px; }
        .format-modal .close { position: absolute; top: 10px; right: 12px; }
        .format-sheet .close { position: absolute; top: 6px; right: 12px; }
        .format-modal .banner, .format-sheet .banner { position: relative; }
        .empty { color: #3A3A3C; }
        mark.hidden-char { background: #FFE08A; color: #1C1C1E; border-radius: 3px; padding: 0 2px;
          font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.85em; }
        @media (max-width: 760px) { .pair { grid-template-columns: 1fr; } }

        """
}
