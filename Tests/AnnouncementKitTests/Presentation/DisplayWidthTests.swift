import AnnouncementKit
import Testing

@Suite("Display width")
struct DisplayWidthTests {
    @Test(
        "columns per string",
        arguments: [
            ("", 0), ("Wartung", 7), ("Scheduled Maintenance", 21), ("ダークモード", 12), ("新機能：", 8),
            ("한국어", 6), ("ＡＢ", 4), ("e\u{301}", 1), ("Cafe\u{301}", 4), ("a\u{20DD}", 1),
            ("🎉", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇩🇪", 2), ("🇯🇵🇺🇸", 4), ("❤️", 2), ("⚠️", 2), ("⚠", 1),
            ("☺\u{FE0E}", 1), ("ℹ ⚠ ✔ ★ ✖", 9), ("→×", 2), ("\u{200B}", 0), ("a\u{200D}b", 2),
            ("\t", 0), ("Ünïcödé", 7), ("設定 → 外観", 11),
        ])
    func width(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test(
        "scalars",
        arguments: [
            (Unicode.Scalar(0x41)!, 1), (Unicode.Scalar(0x301)!, 0), (Unicode.Scalar(0x4E00)!, 2),
            (Unicode.Scalar(0x3000)!, 2), (Unicode.Scalar(0xFF01)!, 2), (Unicode.Scalar(0xFF61)!, 1),
            (Unicode.Scalar(0x1F600)!, 2), (Unicode.Scalar(0x20000)!, 2), (Unicode.Scalar(0x7F)!, 0),
            (Unicode.Scalar(0xAC00)!, 2), (Unicode.Scalar(0x1160)!, 0),
        ])
    func scalar(scalar: Unicode.Scalar, columns: Int) {
        #expect(DisplayWidth.of(scalar) == columns)
    }
}
