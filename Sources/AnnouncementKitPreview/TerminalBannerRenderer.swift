public import AnnouncementKit

/// Draws a banner as a box of text for a terminal, the way a command-line app or `announce preview`
/// shows it.
///
/// ```
/// ╭──────────────────────────────────────╮
/// │ ⚠  Scheduled Maintenance             │
/// │    We'll be down Saturday 2-4 AM UTC │
/// │    while we upgrade our servers.     │
/// │    [ Status page ]                   │
/// │    → https://status.example.com/in │
/// │      cidents/2026-12-05              │
/// ╰──────────────────────────────────────╯
/// ```
///
/// With ``colors`` the box is filled with the style's colours (24-bit ANSI escape codes) and the
/// title is bold; without, the output has no escape codes at all. The caller decides: no colour
/// when `NO_COLOR` is set or the output is not a terminal.
///
/// Feed text never reaches the terminal raw: the title, the message, the action's title and its
/// destination go through `TerminalText` first, so control characters and bidi controls show as
/// escapes such as `\u001b` and the only escape codes in the output are the renderer's own colours.
/// Newlines in the title and the message start new lines inside the box; the action is one line.
///
/// A box is bounded whatever the text: at most ``maximumWidth`` columns wide, and a title or an action
/// button (``maximumTitleRows``), an image's alt text (``maximumImageRows``) or a message
/// (``maximumMessageRows``) that wraps to more rows is cut, its last row saying how many were left out,
/// such as `… (4961 more lines)`; the image's row stays whatever is cut around it, so its alt text
/// always shows.
public struct TerminalBannerRenderer: Sendable, Hashable {
    /// The narrowest box drawn; a smaller width is raised to this.
    public static let minimumWidth = 20
    /// The widest box drawn; a larger width is lowered to this.
    public static let maximumWidth = 1000
    /// The most rows a message takes in a box, the row that says how many more there were included.
    public static let maximumMessageRows = 40
    /// The most rows a title, and the action button, take in a box, the row that says how many more there
    /// were included.
    public static let maximumTitleRows = 10
    /// The most rows an image's `[image: ALT]` takes in a box, the row that says how many more there were
    /// included.
    public static let maximumImageRows = 6

    /// The width of the box in display columns, from ``minimumWidth`` to ``maximumWidth``.
    public var width: Int
    /// Whether to colour the box with ANSI escape codes.
    public var colors: Bool
    /// Which of the style's colour sets fills the box when ``colors`` is on.
    public var colorScheme: BannerColorScheme

    /// Creates a renderer; `width` below ``minimumWidth`` is raised to it, and above ``maximumWidth``
    /// lowered to it.
    public init(width: Int = 80, colors: Bool = false, colorScheme: BannerColorScheme = .dark) {
        self.width = min(max(width, Self.minimumWidth), Self.maximumWidth)
        self.colors = colors
        self.colorScheme = colorScheme
    }

    /// The symbol drawn for a style: ℹ info, ⚠ warning, ✔ success, ★ promotion, ✖ critical (each one
    /// column wide).
    package static func symbol(for style: Announcement.Style) -> String {
        switch style {
        case .info: "ℹ"
        case .warning: "⚠"
        case .success: "✔"
        case .promotion: "★"
        case .critical: "✖"
        }
    }

    /// The text of the action button: `[ Title → destination ]`, or `[ Title ]` without a
    /// destination; `nil` when there is no action. The title and the destination are escaped with
    /// `TerminalText`, newlines included, so the button is always one line.
    package static func buttonText(for appearance: BannerAppearance) -> String? {
        guard let title = appearance.actionTitle.map(oneLine) else { return nil }
        if let destination = appearance.actionDestination.map(oneLine) { return "[ \(title) → \(destination) ]" }
        return "[ \(title) ]"
    }

    /// Feed text for one line: every control and bidi control escaped.
    private static func oneLine(_ text: String) -> String {
        TerminalText.escaped(text)
    }

    /// Feed text whose newlines the wrapper breaks at: controls other than newline and tab escaped.
    private static func multiline(_ text: String) -> String {
        TerminalText.escaped(text, keepingNewlinesAndTabs: true)
    }

    /// The announcement as lines, each ending in a newline and each exactly ``width`` columns wide, drawn
    /// for its format's placement: a banner in a rounded box; a centred format (a modal) in a double-lined
    /// box centred on a shaded background (the dimmed app behind it); a sheet across the whole width with a
    /// grabber on its top edge and square corners at the bottom, where it meets the screen's edge. An image
    /// shows as `[image: ALT]`: above the title when the format puts it there (a modal, a sheet), below the
    /// text otherwise (a banner).
    public func render(_ appearance: BannerAppearance) -> String {
        let width = min(max(self.width, Self.minimumWidth), Self.maximumWidth)
        let palette = appearance.tint.colors(for: colorScheme)
        switch appearance.format.traits.placement {
        case .atPosition:
            return box(
                contentRows(appearance, boxWidth: width), boxWidth: width, corners: ("╭", "╮", "╰", "╯"), palette)
        case .centred:
            let boxWidth = max(Self.minimumWidth, min(width - 8, 64))
            let margin = (width - boxWidth) / 2
            let shade = Piece(String(repeating: "░", count: width), .dim)
            let card = box(
                contentRows(appearance, boxWidth: boxWidth), boxWidth: boxWidth,
                corners: ("╔", "╗", "╚", "╝"), line: ("═", "║"), palette,
                margins: (margin, width - boxWidth - margin))
            return row([shade], palette) + card + row([shade], palette)
        case .sheet:
            return box(
                contentRows(appearance, boxWidth: width), boxWidth: width, corners: ("╭", "╮", "└", "┘"), palette,
                grabber: true)
        }
    }

    /// The rows inside a box `boxWidth` columns wide: the image line when it stands above the text, the title
    /// with the icon and the close button, the message, the image line when it does not, and the action button.
    private func contentRows(_ appearance: BannerAppearance, boxWidth: Int) -> [[Piece]] {
        let inner = boxWidth - 4
        let indent = 3
        let textWidth = inner - indent
        let closeButton = appearance.showsDismissButton ? " [×]" : ""
        let titleWidth = textWidth - DisplayWidth.of(closeButton)
        let titleCut = Self.cut(Self.multiline(appearance.title), to: Self.maximumTitleRows, width: titleWidth)
        var titleLines = titleCut.kept + titleCut.mark
        if titleLines.isEmpty { titleLines = [""] }
        let imageRows: [[Piece]] =
            Self.imageText(for: appearance).map { text -> [[Piece]] in
                let cut = Self.cut(text, to: Self.maximumImageRows, width: textWidth)
                return (cut.kept + cut.mark).map {
                    [Piece(String(repeating: " ", count: indent), .text), Piece($0, .accent)]
                }
            } ?? []

        let imageAbove = appearance.format.traits.imageAboveText
        var rows: [[Piece]] = imageAbove ? imageRows : []
        for (index, line) in titleLines.enumerated() {
            var pieces: [Piece] = [
                Piece(index == 0 ? Self.symbol(for: appearance.style) : " ", .icon), Piece("  ", .text),
                Piece(line, .title),
            ]
            if index == 0, !closeButton.isEmpty {
                let gap = textWidth - DisplayWidth.of(line) - DisplayWidth.of(closeButton)
                pieces += [Piece(String(repeating: " ", count: gap), .text), Piece(closeButton, .accent)]
            }
            rows.append(pieces)
        }
        if !appearance.message.isEmpty {
            let cut = Self.cut(Self.multiline(appearance.message), to: Self.maximumMessageRows, width: textWidth)
            for line in cut.kept {
                rows.append([Piece(String(repeating: " ", count: indent), .text), Piece(line, .text)])
            }
            for line in cut.mark {
                rows.append([Piece(String(repeating: " ", count: indent), .text), Piece(line, .accent)])
            }
        }
        if !imageAbove { rows += imageRows }
        for line in Self.buttonLines(for: appearance, width: textWidth) {
            rows.append([Piece(String(repeating: " ", count: indent), .text), Piece(line, .accent)])
        }
        return rows
    }

    /// `text` wrapped to `width` when it takes at most `limit` rows; else as many of its first rows as
    /// leave room for the mark `… (N more lines)` (wrapped to `width`), and the mark: `limit` rows in all.
    package static func cut(_ text: String, to limit: Int, width: Int) -> (kept: [String], mark: [String]) {
        let (lines, count) = TextWrapper.wrap(text, width: width, maximumLines: limit)
        return cut(lines, lineCount: count, to: limit, width: width)
    }

    /// The first rows of a text of `lineCount` rows, `lines` (at least `limit` of them when it has more),
    /// cut as ``cut(_:to:width:)`` cuts.
    package static func cut(_ lines: [String], lineCount: Int, to limit: Int, width: Int)
        -> (kept: [String], mark: [String])
    {
        guard lineCount > limit else { return (lines, []) }
        var mark: [String] = []
        var kept = max(0, limit - 1)
        // The mark's row count depends on its number; it settles in a step or two.
        for _ in 0..<4 {
            let hidden = lineCount - kept
            mark = TextWrapper.wrap("… (\(hidden) more line\(hidden == 1 ? "" : "s"))", width: width)
            let next = max(0, limit - mark.count)
            if next == kept { break }
            kept = next
        }
        return (Array(lines.prefix(kept)), mark)
    }

    /// `[image: ALT]` for an announcement with an image, its alt text escaped; `nil` without an image.
    package static func imageText(for appearance: BannerAppearance) -> String? {
        guard let image = appearance.image else { return nil }
        return "[image: \(oneLine(image.altText))]"
    }

    /// The action button's lines: the whole button on one line when it fits; else the button, then its
    /// destination below.
    private static func buttonLines(for appearance: BannerAppearance, width: Int) -> [String] {
        guard let button = buttonText(for: appearance) else { return [] }
        guard DisplayWidth.of(button) > width, let title = appearance.actionTitle.map(oneLine) else { return [button] }
        var lines = TextWrapper.wrap("[ \(title) ]", width: width)
        if let destination = appearance.actionDestination.map(oneLine) {
            let parts = TextWrapper.wrap(destination, width: width - 2)
            lines += parts.enumerated().map { ($0.offset == 0 ? "→ " : "  ") + $0.element }
        }
        let cut = Self.cut(lines, lineCount: lines.count, to: maximumTitleRows, width: width)
        return cut.kept + cut.mark
    }

    /// `rows` in a box `boxWidth` columns wide with the given corners and lines (a grabber in the middle of
    /// the top edge for a sheet), between shaded margins of the given widths.
    private func box(
        _ rows: [[Piece]], boxWidth: Int, corners: (String, String, String, String),
        line: (String, String) = ("─", "│"), _ palette: BannerColors, margins: (Int, Int) = (0, 0),
        grabber: Bool = false
    ) -> String {
        let inner = boxWidth - 4
        let left = margins.0 > 0 ? [Piece(String(repeating: "░", count: margins.0), .dim)] : []
        let right = margins.1 > 0 ? [Piece(String(repeating: "░", count: margins.1), .dim)] : []
        func edge(_ start: String, _ end: String, grabber: Bool) -> String {
            var middle = String(repeating: line.0, count: boxWidth - 2)
            if grabber {
                let handle = "━━━━━"
                let before = (boxWidth - 2 - handle.count) / 2
                middle =
                    String(repeating: line.0, count: before) + handle
                    + String(repeating: line.0, count: boxWidth - 2 - before - handle.count)
            }
            return row(left + [Piece(start + middle + end, .border)] + right, palette)
        }
        var output = edge(corners.0, corners.1, grabber: grabber)
        for pieces in rows {
            let used = pieces.reduce(0) { $0 + DisplayWidth.of($1.text) }
            let padded = pieces + [Piece(String(repeating: " ", count: max(0, inner - used)), .text)]
            output += row(
                left + [Piece(line.1 + " ", .border)] + padded + [Piece(" " + line.1, .border)] + right, palette)
        }
        output += edge(corners.2, corners.3, grabber: false)
        return output
    }

    private enum Role {
        case border, icon, title, text, accent
        /// The shaded background around a modal: drawn faint, outside the banner's colours.
        case dim
    }

    private struct Piece {
        var text: String
        var role: Role
        init(_ text: String, _ role: Role) {
            self.text = text
            self.role = role
        }
    }

    private func row(_ pieces: [Piece], _ palette: BannerColors) -> String {
        guard colors else { return pieces.map(\.text).joined() + "\n" }
        var line = Self.background(palette.background)
        for piece in pieces {
            switch piece.role {
            case .border, .accent: line += Self.foreground(palette.accent) + piece.text
            case .icon: line += Self.foreground(palette.accent) + "\u{1B}[1m" + piece.text + "\u{1B}[22m"
            case .title: line += Self.foreground(palette.text) + "\u{1B}[1m" + piece.text + "\u{1B}[22m"
            case .text: line += Self.foreground(palette.text) + piece.text
            case .dim: line += "\u{1B}[0m\u{1B}[2m" + piece.text + "\u{1B}[22m" + Self.background(palette.background)
            }
        }
        return line + "\u{1B}[0m\n"
    }

    private static func foreground(_ color: RGBColor) -> String {
        "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m"
    }

    private static func background(_ color: RGBColor) -> String {
        "\u{1B}[48;2;\(color.red);\(color.green);\(color.blue)m"
    }
}
