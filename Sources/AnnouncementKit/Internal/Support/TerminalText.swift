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
/// - the bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069: `\u202e`;
/// - the invisible characters that draw nothing and can hide text or make two strings look alike: ZERO
///   WIDTH SPACE U+200B, WORD JOINER U+2060 and the invisible operators U+2061–U+2064, the byte order
///   mark / ZERO WIDTH NO-BREAK SPACE U+FEFF: `\u200b`, `\ufeff`;
/// - the tag characters U+E0000–U+E007F, which spell hidden ASCII ("smuggled" text a reader never sees
///   but a program, or a language model, reads): beyond U+FFFF the escape is `\u{` and the hex digits
///   and `}`, such as `\u{e0041}` for TAG LATIN CAPITAL LETTER A. The subdivision flags (England,
///   Scotland, Wales) are written with tags, so they show as 🏴 followed by their escapes.
///
/// Everything else is kept as it is: letters of every script, emoji, combining marks, the joiners
/// U+200C and U+200D (which emoji and Indic scripts need), and the bidi marks U+200E, U+200F and
/// U+061C, which open no state, cannot reverse a run of letters and are needed by right-to-left
/// text. A backslash is kept too: the escaped form is for reading, not for parsing back.
///
/// Escape before measuring widths or wrapping: the escape is plain ASCII, so `DisplayWidth` counts
/// it as printed.
///
/// ```swift
/// TerminalText.escaped("Invoice \u{202E}gnp.exe")          // "Invoice \\u202egnp.exe"
/// TerminalText.escaped("a\u{1B}[2Kb")                      // "a\\u001b[2Kb"
/// TerminalText.escaped("two\nlines")                       // "two\\nlines"
/// TerminalText.escaped("two\nlines", keepingNewlinesAndTabs: true)  // "two\nlines"
/// ```
package enum TerminalText {
    /// `text` with every control and bidi control scalar replaced by its escape.
    ///
    /// - Parameters:
    ///   - text: feed text, or any other text that did not come from this program.
    ///   - keepingNewlinesAndTabs: keep newline (U+000A) and tab (U+0009) as they are, for multi-line
    ///     text whose lines the caller lays out itself (a banner's message, which `TextWrapper`
    ///     breaks at newlines and whose tabs it turns into spaces). Off by default: in a one-line
    ///     field (an id, a file name, a message about the feed) a newline would start a line that
    ///     seems to come from the program.
    package static func escaped(_ text: some StringProtocol, keepingNewlinesAndTabs: Bool = false) -> String {
        var string = String(text)
        let result = string.withUTF8 { Self.escaped(utf8: $0, keepingNewlinesAndTabs: keepingNewlinesAndTabs) }
        return result ?? string
    }

    /// Whether ``escaped(_:keepingNewlinesAndTabs:)`` replaces `scalar`: C0 controls, DEL, C1
    /// controls, the bidi controls U+202A–U+202E and U+2066–U+2069, the invisible U+200B, U+2060–U+2064
    /// and U+FEFF, and the tag characters U+E0000–U+E007F. The HTML preview makes the same decision.
    package static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200B, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF,
            0xE0000...0xE007F:
            true
        default: false
        }
    }

    /// The escaped text of the well-formed UTF-8 `bytes`, or `nil` when nothing needs escaping.
    ///
    /// Works on bytes, in one pass: every scalar to escape starts with a byte below 0x20, 0x7F (DEL),
    /// 0xC2 (U+0080–U+00BF, of which C1 is U+0080–U+009F), 0xE2 (U+2000–U+2FFF: U+200B, the bidi
    /// controls E2 80 AA–AE and E2 81 A6–A9, U+2060–U+2064), 0xEF (U+F000–U+FFFF: U+FEFF) or 0xF3
    /// (U+C0000–U+FFFFF: the tags), and the bytes in between are copied in runs.
    private static func escaped(utf8 bytes: UnsafeBufferPointer<UInt8>, keepingNewlinesAndTabs: Bool) -> String? {
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        while true {
            index = ByteScan.first(
                in: bytes, from: index,
                flags: {
                    ByteScan.below($0, 0x20) .| ByteScan.equal($0, 0x7F) .| ByteScan.equal($0, 0xC2)
                        .| ByteScan.equal($0, 0xE2) .| ByteScan.equal($0, 0xEF) .| ByteScan.equal($0, 0xF3)
                },
                matches: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || $0 == 0xEF || $0 == 0xF3 })
            guard index < bytes.count else { break }
            guard let (scalar, length) = scalarToEscape(in: bytes, at: index, keepingNewlinesAndTabs) else {
                index += 1
                continue
            }
            if output.isEmpty { output.reserveCapacity(bytes.count + 16) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            output.append(contentsOf: escape(scalar).utf8)
            index += length
            copied = index
        }
        guard copied > 0 else { return nil }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        return String(decoding: output, as: UTF8.self)
    }

    /// The scalar to escape that starts at `index`, and its length in bytes; `nil` when the scalar
    /// there is kept.
    private static func scalarToEscape(
        in bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ keepingNewlinesAndTabs: Bool
    ) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[index]
        let value: UInt32
        let length: Int
        switch lead {
        case 0xC2:
            guard index + 1 < bytes.count else { return nil }
            value = (UInt32(lead & 0x1F) << 6) | UInt32(bytes[index + 1] & 0x3F)
            length = 2
        case 0xE2, 0xEF:
            guard index + 2 < bytes.count else { return nil }
            value =
                (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
            length = 3
        case 0xF3:
            guard index + 3 < bytes.count else { return nil }
            value =
                (UInt32(lead & 0x07) << 18) | (UInt32(bytes[index + 1] & 0x3F) << 12)
                | (UInt32(bytes[index + 2] & 0x3F) << 6) | UInt32(bytes[index + 3] & 0x3F)
            length = 4
        default:
            value = UInt32(lead)
            length = 1
            if keepingNewlinesAndTabs, lead == 0x0A || lead == 0x09 { return nil }
        }
        guard let scalar = Unicode.Scalar(value), needsEscaping(scalar) else { return nil }
        return (scalar, length)
    }

    /// The visible form of one scalar that needs escaping: as a JSON string writes it up to U+FFFF, and
    /// as `\u{e0041}` beyond.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\u{08}": return "\\b"
        case "\t": return "\\t"
        case "\n": return "\\n"
        case "\u{0C}": return "\\f"
        case "\r": return "\\r"
        default:
            let hex = String(scalar.value, radix: 16)
            if scalar.value > 0xFFFF { return "\\u{" + hex + "}" }
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
}
