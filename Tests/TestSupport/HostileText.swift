import AnnouncementKit

/// Feed text a hostile author would write to act on a terminal, and the check that none of it got
/// through raw: for the tests of `TerminalText` and of the renderers that use it.
public enum HostileText {
    /// Sequences a hostile feed would hide in its text: set the clipboard (OSC 52), plant a hidden link
    /// (OSC 8), erase the line and move up (CSI), the same through the one-byte C1 CSI, DEL, and a
    /// right-to-left override that makes `gnp.exe` read as `exe.png`.
    public static let terminal =
        "\u{1B}]52;c;SGVsbG8=\u{07}" + "\u{1B}]8;;https://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\"
        + "\u{1B}[2K\u{1B}[1A" + "\u{9B}2K" + "\u{7F}" + "Invoice \u{202E}gnp.exe"

    /// Whether `text` holds a scalar a terminal acts on or that reorders text (newline allowed when asked).
    public static func hasRawControl(_ text: String, allowingNewlines: Bool = false) -> Bool {
        text.unicodeScalars.contains { scalar in
            if allowingNewlines, scalar == "\n" { return false }
            return TerminalText.needsEscaping(scalar)
        }
    }
}
