import AnnouncementKit
import AnnouncementTestSupport
import Testing

@Suite("Terminal text")
struct TerminalTextTests {
    static let hostile = HostileText.terminal

    static func hasRawControl(_ text: String, allowingNewlines: Bool = false) -> Bool {
        HostileText.hasRawControl(text, allowingNewlines: allowingNewlines)
    }

    @Test(
        "each control and bidi control is shown as a JSON string writes it",
        arguments: [
            ("\u{1B}", "\\u001b"), ("\u{00}", "\\u0000"), ("\u{07}", "\\u0007"), ("\u{08}", "\\b"), ("\t", "\\t"),
            ("\n", "\\n"), ("\u{0B}", "\\u000b"), ("\u{0C}", "\\f"), ("\r", "\\r"), ("\u{1F}", "\\u001f"),
            ("\u{7F}", "\\u007f"), ("\u{80}", "\\u0080"), ("\u{85}", "\\u0085"), ("\u{9B}", "\\u009b"),
            ("\u{9F}", "\\u009f"), ("\u{202A}", "\\u202a"), ("\u{202B}", "\\u202b"), ("\u{202C}", "\\u202c"),
            ("\u{202D}", "\\u202d"), ("\u{202E}", "\\u202e"), ("\u{2066}", "\\u2066"), ("\u{2067}", "\\u2067"),
            ("\u{2068}", "\\u2068"), ("\u{2069}", "\\u2069"),
        ])
    func escapes(raw: String, shown: String) {
        #expect(TerminalText.escaped("a\(raw)b") == "a\(shown)b")
    }

    @Test(
        "text a terminal only shows is kept as it is",
        arguments: [
            "Scheduled Maintenance", "Geplante Wartung – 2–4 Uhr", "新機能：ダークモード", "🇩🇪 👨‍👩‍👧 e\u{301}",
            "שלום \u{200F}עולם", "مرحبا\u{061C} \u{200E}x", "C:\\path\\u001b is text", "\u{A0}\u{AD}\u{2028}\u{FEFE}",
            "\u{600}<\"\u{301}",
        ])
    func keeps(text: String) {
        #expect(TerminalText.escaped(text) == text)
        #expect(TerminalText.escaped(text, keepingNewlinesAndTabs: true) == text)
    }

    @Test("multi-line text keeps newline and tab and escapes every other control, CR included")
    func multiLine() {
        #expect(
            TerminalText.escaped("one\ttwo\r\nthree\u{1B}[2K\u{202E}", keepingNewlinesAndTabs: true)
                == "one\ttwo\\r\nthree\\u001b[2K\\u202e")
        #expect(TerminalText.escaped("one\ttwo\r\nthree") == "one\\ttwo\\r\\nthree")
    }

    @Test("hostile sequences leave nothing raw, and every part shows as text")
    func hostileText() {
        let shown = TerminalText.escaped(Self.hostile)
        #expect(!Self.hasRawControl(shown))
        #expect(
            shown
                == "\\u001b]52;c;SGVsbG8=\\u0007\\u001b]8;;https://evil.example/\\u001b\\link\\u001b]8;;\\u001b\\"
                + "\\u001b[2K\\u001b[1A\\u009b2K\\u007fInvoice \\u202egnp.exe")
        #expect(TerminalText.escaped(shown) == shown, "escaping twice changes nothing")
    }

    @Test("every scalar that needs escaping is in C0, DEL, C1, the bidi controls, the invisible ones or the tags")
    func classification() {
        let expected = Set(
            (0x00...0x1F).map { $0 } + (0x7F...0x9F).map { $0 } + (0x202A...0x202E).map { $0 }
                + (0x2066...0x2069).map { $0 } + [0x200B, 0xFEFF] + (0x2060...0x2064).map { $0 }
                + (0xE0000...0xE007F).map { $0 })
        let found = Set(
            ((0...0x2FFFF).map { $0 } + (0xDFF00...0xE0FFF).map { $0 }).compactMap { Unicode.Scalar(UInt32($0)) }
                .filter(TerminalText.needsEscaping).map {
                    Int($0.value)
                })
        #expect(found == expected)
    }

    @Test("escaped agrees with needsEscaping for every scalar, between neighbours of every UTF-8 length")
    func everyScalar() {
        for value in Array(0...0x2FFFF) + Array(0xBFF00...0xC0100) + Array(0xDFF00...0xE0FFF) {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            let text = "a–\(Character(scalar))\u{A0}é𝄞"
            let shown = TerminalText.escaped(text)
            if TerminalText.needsEscaping(scalar) {
                #expect(shown.hasPrefix("a–\\") && shown.hasSuffix("\u{A0}é𝄞"), "U+\(String(value, radix: 16))")
                #expect(!shown.unicodeScalars.contains(scalar), "U+\(String(value, radix: 16)) is left raw")
            } else if shown != text {
                Issue.record("U+\(String(value, radix: 16)) is escaped: \(shown.debugDescription)")
            }
        }
    }

    @Test("escaped text has the width it is printed with")
    func width() {
        let shown = TerminalText.escaped("a\u{1B}b\u{202E}c")
        #expect(DisplayWidth.of(shown) == shown.unicodeScalars.count)
        #expect(DisplayWidth.of(shown) == 15)
    }

    @Test("a diagnostic prints its message and path escaped, on one line")
    func diagnosticDescription() {
        let diagnostic = Diagnostic(
            severity: .warning, message: "unknown field \"\(Self.hostile)\nforged: error: x\" is ignored",
            path: "$[\"\u{1B}[2K\u{202E}\"]", line: 3, column: 7)
        let text = diagnostic.description
        #expect(!Self.hasRawControl(text))
        #expect(text.hasPrefix("3:7: warning: unknown field \"\\u001b]52;c;"))
        #expect(text.contains("gnp.exe\\nforged: error: x\" is ignored"))
        #expect(text.hasSuffix(" ($[\"\\u001b[2K\\u202e\"])"))
        #expect(diagnostic.message.contains("\u{1B}"), "the message itself is kept as the feed wrote it")
    }
}
