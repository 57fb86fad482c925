import AnnouncementKit
import Foundation

extension HTMLPreviewRenderer {
    /// The announcement in a phone-sized screen: a status bar, a faint mock app, the announcement where
    /// the app shows it, over a dimmed backdrop when ``BannerLayout/dimsBackground`` says so, and the home
    /// indicator. The screen names the format (a class and `data-format`), the format's placement (a
    /// class, which the style sheet lays out), for a banner its position (a class and `data-position`),
    /// and a label above it says where it is.
    func screen(_ appearance: BannerAppearance, scheme: BannerColorScheme, imageMarkup: String) -> String {
        let format = appearance.format.rawValue
        let placement = appearance.format.traits.placement
        var html = "<p class=\"scheme\">\(scheme.rawValue) · <span class=\"format-marker\">"
        html += Self.placeName(appearance) + "</span></p>\n"
        html += "<div class=\"screen format-\(format) placement-\(placement.rawValue)"
        if placement == .atPosition {
            let position = appearance.position.rawValue
            html += " position-\(position)\" data-format=\"\(format)\" data-position=\"\(position)\">\n"
        } else {
            html += "\" data-format=\"\(format)\">\n"
        }
        html += Self.mockApp
        if appearance.layout(isAccessibilitySize: false).dimsBackground {
            html += "<div class=\"backdrop\" aria-hidden=\"true\"></div>\n"
        }
        html += "<div class=\"place\">\n" + banner(appearance, scheme: scheme, imageMarkup: imageMarkup) + "</div>\n"
        html += "<span class=\"home-indicator\" aria-hidden=\"true\"></span>\n</div>\n"
        return html
    }

    /// Where the announcement is, in words: `banner at the top`, `floating banner`, `modal, centred`.
    static func placeName(_ appearance: BannerAppearance) -> String {
        let format = appearance.format.rawValue
        return switch (appearance.format.traits.placement, appearance.position) {
        case (.atPosition, .top): "\(format) at the top"
        case (.atPosition, .bottom): "\(format) at the bottom"
        case (.atPosition, .floating): "floating \(format)"
        case (.centred, _): "\(format), centred"
        case (.sheet, _): "\(format) from the bottom"
        }
    }

    /// The status bar and the faint app behind the announcement, the same in every screen (hidden from
    /// assistive technology: it is scenery).
    static let mockApp =
        "<div class=\"status-bar\" aria-hidden=\"true\"><span class=\"clock\">9:41</span>"
        + "<span class=\"island\"></span><span class=\"signal\"></span><span class=\"battery\"></span></div>\n"
        + "<div class=\"app\" aria-hidden=\"true\"><span class=\"app-title\"></span><span class=\"app-search\"></span>"
        + String(repeating: "<span class=\"app-row\"></span>", count: 8) + "</div>\n"

    /// The image as an `<img>` with a `data:` URI when its bytes are at hand, else its alt text in a box
    /// of the image's shape; empty without an image.
    func imageHTML(_ appearance: BannerAppearance, image: EmbeddedImage?) -> String {
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

    /// The announcement's card in its colours for `scheme`: a grabber on a sheet, the image, the icon,
    /// the escaped title and message, the action (a link only for an `http(s)` URL) and the close button.
    func banner(_ appearance: BannerAppearance, scheme: BannerColorScheme, imageMarkup: String) -> String {
        let colors = appearance.tint.colors(for: scheme)
        let role = appearance.isUrgent ? "alert" : "status"
        var html =
            "<div class=\"banner \(appearance.style.rawValue)\" role=\"\(role)\" "
            + "aria-label=\"\(Self.escape(appearance.accessibilityAnnouncement))\" "
            + "style=\"--bg:\(colors.background.hex);--fg:\(colors.text.hex);--accent:\(colors.accent.hex)"
            + (appearance.format.traits.maximumContentWidth.map { ";max-width:\(Self.number($0))px" } ?? "") + "\">\n"
        if appearance.format.traits.placement == .sheet {
            html += "<span class=\"grabber\" aria-hidden=\"true\"></span>\n"
        }
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
}
