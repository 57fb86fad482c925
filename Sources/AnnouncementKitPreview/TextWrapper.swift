import AnnouncementKit

/// Wraps text to a width in display columns (see `DisplayWidth`).
///
/// Lines break at spaces; a word wider than the line is split, always between grapheme clusters.
/// East Asian wide characters may break between any two of them (as CJK text does), except that
/// closing punctuation such as `。` or `」` stays with the character before it. Line breaks in the
/// text are kept; runs of spaces collapse to one.
///
/// ```swift
/// TextWrapper.wrap("We'll be down Saturday 2-4 AM UTC.", width: 16)
/// // ["We'll be down", "Saturday 2-4 AM", "UTC."]
/// ```
package enum TextWrapper {
    /// The lines of `text`, each at most `width` columns wide (`width` is at least 2, so that any
    /// grapheme cluster fits).
    package static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 2)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += wrapParagraph(paragraph, width: width)
        }
        return lines
    }

    /// The first `maximumLines` lines of `text` wrapped as ``wrap(_:width:)`` wraps it, and how many lines
    /// it has in all. Past the first lines the rest are only counted, a line that is surely short (no more
    /// UTF-8 bytes than columns, and no character is wider than its bytes) without wrapping it: a message
    /// of thousands of lines costs little more than reading it.
    package static func wrap(_ text: String, width: Int, maximumLines: Int) -> (lines: [String], lineCount: Int) {
        let width = max(width, 2)
        var lines: [String] = []
        var count = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if lines.count >= maximumLines, paragraph.utf8.count <= width {
                count += 1
                continue
            }
            let wrapped = wrapParagraph(paragraph, width: width)
            count += wrapped.count
            if lines.count < maximumLines { lines += wrapped.prefix(maximumLines - lines.count) }
        }
        return (lines, count)
    }

    private struct Token {
        var text: String
        var width: Int
        /// Whether it follows the previous token with no space between them.
        var glued: Bool
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        func flush() {
            lines.append(line)
            line = ""
            lineWidth = 0
        }
        for token in tokens(paragraph) {
            let separator = line.isEmpty || token.glued ? 0 : 1
            if lineWidth + separator + token.width <= width {
                line += (separator == 1 ? " " : "") + token.text
                lineWidth += separator + token.width
                continue
            }
            if token.width <= width {
                if !line.isEmpty { flush() }
                line = token.text
                lineWidth = token.width
                continue
            }
            // Wider than a whole line: start it on the current line when there is room, then split.
            if !line.isEmpty {
                if width - lineWidth - separator >= 2 {
                    if separator == 1 {
                        line += " "
                        lineWidth += 1
                    }
                } else {
                    flush()
                }
            }
            for character in token.text {
                let characterWidth = DisplayWidth.of(character)
                if lineWidth + characterWidth > width { flush() }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        if !line.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    /// Words split at whitespace, with each wide character its own token glued to its neighbours.
    private static func tokens(_ paragraph: Substring) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var currentWidth = 0
        var currentGlued = false
        var pendingGlue = false
        func finishWord() {
            guard !current.isEmpty else { return }
            tokens.append(Token(text: current, width: currentWidth, glued: currentGlued))
            current = ""
            currentWidth = 0
        }
        for character in paragraph {
            if character.isWhitespace {
                finishWord()
                pendingGlue = false
                continue
            }
            let width = DisplayWidth.of(character)
            guard isWideCharacter(character) else {
                if current.isEmpty { currentGlued = pendingGlue }
                current.append(character)
                currentWidth += width
                continue
            }
            if closingPunctuation.contains(character) {
                if !current.isEmpty {
                    current.append(character)
                    currentWidth += width
                    continue
                }
                if pendingGlue, let last = tokens.indices.last {
                    tokens[last].text.append(character)
                    tokens[last].width += width
                    continue
                }
            }
            if !current.isEmpty {
                finishWord()
                pendingGlue = true
            }
            tokens.append(Token(text: String(character), width: width, glued: pendingGlue))
            pendingGlue = true
        }
        finishWord()
        return tokens
    }

    private static func isWideCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(DisplayWidth.isEastAsianWide) ?? false
    }

    private static let closingPunctuation: Set<Character> = [
        "。", "、", "，", "．", "・", "：", "；", "！", "？", "」", "』", "）", "】", "〕", "〉", "》", "ー",
        "ゃ", "ゅ", "ょ", "っ", "ャ", "ュ", "ョ", "ッ",
    ]
}
