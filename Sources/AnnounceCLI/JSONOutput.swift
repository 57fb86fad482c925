import AnnouncementKit
import Foundation

/// Machine-readable output: pretty-printed JSON with sorted keys, ending in a newline.
///
/// JSON requires only the C0 controls to be escaped inside strings, and `JSONEncoder` escapes no
/// more; DEL, the C1 controls (U+009B is a one-character CSI) and the bidi controls would reach a
/// terminal raw when the output is not piped. They are escaped too, as `\u007f`, `\u009b` or
/// `\u202e`: the same strings to any JSON reader, and nothing a terminal acts on.
enum JSONOutput {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain value types cannot fail.
        let data = try! encoder.encode(value)
        return safeForTerminal(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// `json` with every scalar ``TerminalText`` escapes written as a JSON escape. Outside strings,
    /// JSON text holds only ASCII punctuation, letters, digits, spaces and the newlines of pretty
    /// printing (kept); inside strings the encoder has escaped every C0 control, so what is left to
    /// escape is DEL, C1 and the bidi controls, and ``TerminalText`` writes those in the `\uXXXX`
    /// form JSON reads back as the same scalar.
    static func safeForTerminal(_ json: String) -> String {
        TerminalText.escaped(json, keepingNewlinesAndTabs: true)
    }
}
