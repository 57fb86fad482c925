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
public struct TerminalBannerRenderer: Sendable, Hashable {
    /// The narrowest box drawn; a smaller width is raised to this.
    public static let minimumWidth = 20

    /// The width of the box in display columns, at least ``minimumWidth``.
    public var width: Int
    /// Whether to colour the box with ANSI escape codes.
    public var colors: Bool
    /// Which of the style's colour sets fills the box when ``colors`` is on.
    public var colorScheme: BannerColorScheme

    /// Creates a renderer; `width` below ``minimumWidth`` is raised to it.
    public init(width: Int = 80, colors: Bool = false, colorScheme: BannerColorScheme = .dark) {
        self.width = max(width, Self.minimumWidth)
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

    /// The banner as lines, each ending in a newline and each exactly ``width`` columns wide.
    public func render(_ appearance: BannerAppearance) -> String {
        let inner = width - 4
        let indent = 3
        let textWidth = inner - indent
        let closeButton = appearance.showsDismissButton ? " [×]" : ""
        var titleLines = TextWrapper.wrap(
            Self.multiline(appearance.title), width: textWidth - DisplayWidth.of(closeButton))
        if titleLines.isEmpty { titleLines = [""] }

        var rows: [[Piece]] = []
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
            for line in TextWrapper.wrap(Self.multiline(appearance.message), width: textWidth) {
                rows.append([Piece(String(repeating: " ", count: indent), .text), Piece(line, .text)])
            }
        }
        if let button = Self.buttonText(for: appearance) {
            // The whole button on one line when it fits; else the button, then its destination below.
            var lines = [button]
            if DisplayWidth.of(button) > textWidth, let title = appearance.actionTitle.map(Self.oneLine) {
                lines = TextWrapper.wrap("[ \(title) ]", width: textWidth)
                if let destination = appearance.actionDestination.map(Self.oneLine) {
                    let parts = TextWrapper.wrap(destination, width: textWidth - 2)
                    lines += parts.enumerated().map { ($0.offset == 0 ? "→ " : "  ") + $0.element }
                }
            }
            for line in lines {
                rows.append([Piece(String(repeating: " ", count: indent), .text), Piece(line, .accent)])
            }
        }

        let palette = appearance.tint.colors(for: colorScheme)
        var output = frame("╭", "╮", palette)
        for pieces in rows {
            let used = pieces.reduce(0) { $0 + DisplayWidth.of($1.text) }
            let padded = pieces + [Piece(String(repeating: " ", count: max(0, inner - used)), .text)]
            output += row([Piece("│ ", .border)] + padded + [Piece(" │", .border)], palette)
        }
        output += frame("╰", "╯", palette)
        return output
    }

    private enum Role {
        case border, icon, title, text, accent
    }

    private struct Piece {
        var text: String
        var role: Role
        init(_ text: String, _ role: Role) {
            self.text = text
            self.role = role
        }
    }

    private func frame(_ left: String, _ right: String, _ palette: BannerColors) -> String {
        row([Piece(left + String(repeating: "─", count: width - 2) + right, .border)], palette)
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
