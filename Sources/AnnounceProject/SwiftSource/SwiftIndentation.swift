/// The file's own indentation: one level, as tabs or as the number of spaces its lines step by.
package struct SwiftIndentation: Hashable, Sendable {
    /// One level: `"\t"`, `"    "`, `"  "`.
    package var unit: String

    /// One level of `unit`.
    package init(unit: String) {
        self.unit = unit
    }

    /// The indentation most lines of `bytes` use: tabs when more lines start with a tab than with
    /// a space, else the step (2 to 8 spaces) by which a line most often goes deeper than the
    /// one before; four spaces when nothing says.
    package static func detect(in bytes: [UInt8]) -> SwiftIndentation {
        var tabLines = 0
        var spaceLines = 0
        var steps = [Int](repeating: 0, count: 9)
        var previous = 0
        var lineStart = 0
        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count && bytes[end] != Byte.newline { end += 1 }
            var width = lineStart
            while width < end && (bytes[width] == 0x20 || bytes[width] == 0x09) { width += 1 }
            if width < end && bytes[width] != 0x0D {
                if bytes[lineStart] == 0x09 { tabLines += 1 } else if bytes[lineStart] == 0x20 { spaceLines += 1 }
                let depth = width - lineStart
                if depth - previous >= 2 && depth - previous <= 8 { steps[depth - previous] += 1 }
                previous = depth
            }
            lineStart = end + 1
        }
        if tabLines > spaceLines { return SwiftIndentation(unit: "\t") }
        var best = 4
        for step in 2...8 where steps[step] > steps[best] { best = step }
        return SwiftIndentation(unit: String(repeating: " ", count: best))
    }

    /// The spaces and tabs at the start of the line that holds `offset`.
    package static func leadingWhitespace(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        var start = min(offset, bytes.count)
        while start > 0 && bytes[start - 1] != Byte.newline { start -= 1 }
        var end = start
        while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The offset of the line break (`\n`, or the `\r` of `\r\n`) that ends the line of `offset`,
    /// or the file's end.
    package static func lineEnd(after offset: Int, in bytes: [UInt8]) -> Int {
        var end = offset
        while end < bytes.count && bytes[end] != Byte.newline { end += 1 }
        if end > offset && end < bytes.count && bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// `"\r\n"` when the file's first line break is one, else `"\n"`.
    package static func lineBreak(of bytes: [UInt8]) -> String {
        guard let first = bytes.firstIndex(of: Byte.newline) else { return "\n" }
        return first > 0 && bytes[first - 1] == 0x0D ? "\r\n" : "\n"
    }
}
