/// Makes text safe to write to a terminal: every character a terminal would act on instead of
/// showing, or that would reorder the text around it, is written as a visible escape.
///
/// Feed text is hostile. Written raw, `ESC ] 52 ;` sets the clipboard (OSC 52), `ESC ] 8 ;` plants a
/// hidden link (OSC 8), `ESC [ 2K` and `ESC [ 1A` erase the lines above, the one-character CSI U+009B
/// does the same where C1 controls are honoured, and U+202E makes `Invoice ‮gnp.exe` read as
/// `Invoice exe.png`. Escaped, each of them shows as what it is.
///
/// Escaped scalars, written as a JSON string writes them (so the escape is the one a feed author
/// would type in the feed):
/// - the C0 controls U+0000–U+001F: `\b`, `\t`, `\n`, `\f` and `\r` for those five, otherwise
///   `\u` and four lowercase hex digits, such as `\u001b` for ESC;
/// - DEL U+007F and the C1 controls U+0080–U+009F: `\u007f`, `\u009b`;
/// - the bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069: `\u202e`.
///
/// Everything else is kept as it is: letters of every script, emoji, combining marks, and the bidi
/// marks U+200E, U+200F and U+061C, which open no state, cannot reverse a run of letters and are
/// needed by right-to-left text. A backslash is kept too: the escaped form is for reading, not for
/// parsing back.
///
/// Escape before measuring widths or wrapping: the escape is plain ASCII, so ``DisplayWidth`` counts
/// it as printed.
///
/// ```swift
/// TerminalText.escaped("Invoice \u{202E}gnp.exe")          // "Invoice \\u202egnp.exe"
/// TerminalText.escaped("a\u{1B}[2Kb")                      // "a\\u001b[2Kb"
/// TerminalText.escaped("two\nlines")                       // "two\\nlines"
/// TerminalText.escaped("two\nlines", keepingNewlinesAndTabs: true)  // "two\nlines"
/// ```
public enum TerminalText {
    /// `text` with every control and bidi control scalar replaced by its escape.
    ///
    /// - Parameters:
    ///   - text: feed text, or any other text that did not come from this program.
    ///   - keepingNewlinesAndTabs: keep newline (U+000A) and tab (U+0009) as they are, for multi-line
    ///     text whose lines the caller lays out itself (a banner's message, which ``TextWrapper``
    ///     breaks at newlines and whose tabs it turns into spaces). Off by default: in a one-line
    ///     field (an id, a file name, a message about the feed) a newline would start a line that
    ///     seems to come from the program.
    public static func escaped(_ text: some StringProtocol, keepingNewlinesAndTabs: Bool = false) -> String {
        func escapes(_ scalar: Unicode.Scalar) -> Bool {
            guard needsEscaping(scalar) else { return false }
            return !(keepingNewlinesAndTabs && (scalar == "\n" || scalar == "\t"))
        }
        guard text.unicodeScalars.contains(where: escapes) else { return String(text) }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if escapes(scalar) {
                output.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Whether ``escaped(_:keepingNewlinesAndTabs:)`` replaces `scalar`: C0 controls, DEL, C1
    /// controls, and the bidi controls U+202A–U+202E and U+2066–U+2069.
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The visible form of one scalar that needs escaping, as a JSON string writes it.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\u{08}": return "\\b"
        case "\t": return "\\t"
        case "\n": return "\\n"
        case "\u{0C}": return "\\f"
        case "\r": return "\\r"
        default:
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
}
