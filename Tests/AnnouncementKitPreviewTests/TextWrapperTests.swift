import AnnouncementKit
import AnnouncementKitPreview
import Testing

@Suite("Text wrapping")
struct TextWrapperTests {
    static let texts = [
        "We'll be down Saturday 2-4 AM UTC while we upgrade our servers.",
        "Wegen eines Server-Upgrades sind wir am Samstag von 2 bis 4 Uhr UTC nicht erreichbar.",
        "夜でも目に優しい表示です。設定 → 外観 からオンにできます。",
        "→ https://status.example.com/incidents/2026-12-05/a-very-long-path-without-any-spaces-at-all",
        "Flags 🇩🇪🇫🇷🇯🇵🇺🇸🇬🇧 and families 👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧 and Cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e",
        "한국어 텍스트도 줄바꿈이 됩니다 그리고 ＦＵＬＬＷＩＤＴＨ文字も",
        "",
    ]

    @Test("every line fits the width, and nothing is lost", arguments: texts, [2, 5, 9, 14, 20, 33, 80])
    func fits(text: String, width: Int) {
        let lines = TextWrapper.wrap(text, width: width)
        for line in lines {
            #expect(DisplayWidth.of(line) <= width, "\(line)")
        }
        let squeeze = { (value: String) in value.filter { !$0.isWhitespace } }
        #expect(squeeze(lines.joined()) == squeeze(text))
    }

    @Test("grapheme clusters are never split")
    func clusters() {
        let text = "🇩🇪🇫🇷👨‍👩‍👧e\u{301}e\u{301}e\u{301}"
        let clusters = Set(text.map { String($0) })
        for width in 2...6 {
            for line in TextWrapper.wrap(text, width: width) {
                for character in line {
                    #expect(clusters.contains(String(character)))
                }
            }
        }
    }

    @Test(
        "breaks at spaces and keeps words whole",
        arguments: [
            ("We'll be down Saturday 2-4 AM UTC.", 16, ["We'll be down", "Saturday 2-4 AM", "UTC."]),
            ("one  two   three", 9, ["one two", "three"]),
            ("exactly ten", 11, ["exactly ten"]),
            ("first\nsecond line", 20, ["first", "second line"]),
            ("", 10, [""]),
        ])
    func words(text: String, width: Int, lines: [String]) {
        #expect(TextWrapper.wrap(text, width: width) == lines)
    }

    @Test("a word longer than the line is split")
    func longWord() {
        #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrapper.wrap("see https://example.com/x", width: 10) == ["see https:", "//example.", "com/x"])
    }

    @Test("CJK text breaks between characters, and closing punctuation stays with the text before it")
    func cjk() {
        #expect(TextWrapper.wrap("夜でも目に優しい", width: 6) == ["夜でも", "目に優", "しい"])
        #expect(TextWrapper.wrap("表示です。設定", width: 8) == ["表示で", "す。設定"])
        let lines = TextWrapper.wrap("夜でも目に優しい表示です。設定 → 外観 からオンにできます。", width: 20)
        #expect(lines == ["夜でも目に優しい表示", "です。設定 → 外観 か", "らオンにできます。"])
    }

    @Test("a wide character never lands where only one column is left")
    func wideAtEdge() {
        #expect(TextWrapper.wrap("ab新機能", width: 3) == ["ab", "新", "機", "能"])
    }
}

@Suite("Text wrapper: the first lines and the count")
struct TextWrapperCountTests {
    @Test(
        "the first lines are those of wrap, and the count is the number of lines wrap makes",
        arguments: [
            "a\nb\n\nc", String(repeating: "word ", count: 200), String(repeating: "日本語", count: 50) + "\n\nx",
            String(repeating: "short\n", count: 300) + String(repeating: "long words here ", count: 30),
            "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧\n🇩🇪🇩🇪🇩🇪🇩🇪🇩🇪🇩🇪\n" + String(repeating: "é", count: 40), "",
        ], [2, 7, 20])
    func matchesWrap(text: String, width: Int) {
        let all = TextWrapper.wrap(text, width: width)
        for maximum in [0, 1, 3, 40] {
            let (lines, count) = TextWrapper.wrap(text, width: width, maximumLines: maximum)
            #expect(count == all.count)
            #expect(lines == Array(all.prefix(maximum)))
        }
    }
}
