import AnnouncementKit
import Foundation

/// What `validate` shows under a JSON syntax error: the feed's line, cut to 72 columns around the
/// error, a `^` under it, and the likely cause when it is one of the usual slips (a trailing comma,
/// a curly quote, a single-quoted string, a comment). The line is the feed's text, so every
/// character a terminal would act on is shown as `·`; widths follow the terminal's (East Asian
/// wide characters take two columns, combining marks none), so the caret stands under the error.
enum SyntaxExcerpt {
    /// The columns of the line shown.
    static let width = 72

    /// The two lines to print under the finding at `line`:`column` (1-based; the column in Unicode
    /// scalars) of `data`, or none when the line is not there.
    static func lines(_ data: Data, line: Int, column: Int) -> [String] {
        let bytes = [UInt8](data)
        var lineStart = 0
        var current = 1
        while current < line, lineStart < bytes.count {
            guard let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { return [] }
            lineStart = newline + 1
            current += 1
        }
        guard current == line else { return [] }
        let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let scalars = Array(String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self).unicodeScalars)
        let at = min(max(column - 1, 0), scalars.count)
        // Each scalar as shown, and the terminal cells it takes.
        let shownScalars: [(text: String, cells: Int)] = scalars.map { scalar in
            if scalar == "\t" { return (" ", 1) }
            if scalar == "\r" || TerminalText.needsEscaping(scalar) { return ("·", 1) }
            return (String(scalar), DisplayWidth.of(scalar))
        }
        // Up to half the width before the error, then as much after it as fits.
        var start = at
        var before = 0
        while start > 0, before + shownScalars[start - 1].cells <= width / 2 {
            start -= 1
            before += shownScalars[start].cells
        }
        var shown = ""
        var used = 0
        var caretColumn = before
        for index in start..<scalars.count {
            guard used + shownScalars[index].cells <= width else { break }
            if index == at { caretColumn = used }
            shown += shownScalars[index].text
            used += shownScalars[index].cells
        }
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars[0..<at])
        let offset = lineStart + String(prefix).utf8.count
        let cause = likelyCause(bytes, offset: offset).map { " " + $0 } ?? ""
        return [
            "    " + (start > 0 ? "…" : "") + shown,
            "    " + (start > 0 ? " " : "") + String(repeating: " ", count: caretColumn) + "^" + cause,
        ]
    }

    /// The usual slip at `offset` in `bytes`, in words, or nil.
    static func likelyCause(_ bytes: [UInt8], offset: Int) -> String? {
        guard offset < bytes.count else { return nil }
        let byte = bytes[offset]
        // “ ” ‘ ’ are E2 80 9C, 9D, 98, 99.
        if byte == 0xE2, offset + 2 < bytes.count, bytes[offset + 1] == 0x80,
            [0x9C, 0x9D, 0x98, 0x99].contains(bytes[offset + 2])
        {
            return "a curly quote: JSON takes straight double quotes (\")"
        }
        if byte == UInt8(ascii: "'") { return "a single-quoted string: JSON strings take double quotes" }
        if byte == UInt8(ascii: "/"), offset + 1 < bytes.count,
            bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*")
        {
            return "a comment: JSON has none; remove it"
        }
        if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
            var index = offset - 1
            while index >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index -= 1 }
            if index >= 0, bytes[index] == UInt8(ascii: ",") {
                return
                    "a trailing comma before '\(Character(Unicode.Scalar(byte)))': JSON allows none; remove the comma"
            }
        }
        return nil
    }
}
