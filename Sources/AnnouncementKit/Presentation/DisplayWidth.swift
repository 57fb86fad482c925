/// How many terminal columns text takes: a wide East Asian character or an emoji counts 2,
/// combining marks and other zero-width characters 0, everything else 1.
///
/// Widths are per grapheme cluster (a Swift `Character`), so a flag, an emoji with skin tone or a
/// family joined with zero-width joiners is one cluster of width 2, and `e` + combining acute is 1.
///
/// ```swift
/// DisplayWidth.of("Wartung")  // 7
/// DisplayWidth.of("ダーク")    // 6
/// DisplayWidth.of("🇩🇪")       // 2
/// ```
package enum DisplayWidth {
    /// The width of a string in columns.
    package static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The width of one grapheme cluster in columns: 0, 1 or 2.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains("\u{FE0F}") { return 2 }  // emoji presentation asked for
        if isRegionalIndicator(first) { return 2 }  // a flag, or a lone regional indicator
        let width = of(first)
        if width == 2, scalars.contains("\u{FE0E}"), !isEastAsianWide(first) { return 1 }  // text presentation
        if width == 0 {
            // A cluster that starts with a zero-width scalar takes the width of its first visible one.
            return scalars.dropFirst().lazy.map { of($0) }.first { $0 > 0 } ?? 0
        }
        return width
    }

    /// The width of one scalar on its own: 0 for controls, combining marks and format characters,
    /// 2 for East Asian Wide and Fullwidth characters and emoji shown as emoji by default, else 1.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }  // Hangul medial jamo, ZWSP
        if isEastAsianWide(scalar) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Whether a scalar is East Asian Wide (W) or Fullwidth (F) in Unicode's EastAsianWidth.txt,
    /// by block: Hangul, CJK, kana, fullwidth forms and the ideograph planes.
    package static func isEastAsianWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return wideRanges.contains { $0.contains(value) }
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, Kanbun, CJK compatibility
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x17000...0x18CFF,  // Tangut
        0x1B000...0x1B2FF,  // kana supplement and extensions, Nüshu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
        0x30000...0x3FFFD,  // CJK extensions G and later
    ]
}
