/// The smallest edits `announce init` makes to an app's Swift file: modifiers after a scene's
/// root view, a stored property at the top of a type's body, an import after the last import.
/// Each leaves every other byte as it was and indents as the file does.
///
/// ```swift
/// let editor = SwiftSourceEditor(bytes: bytes)
/// let root = editor.summary.scenes.first { $0.kind == .windowGroup }?.rootView
/// let edits = try editor.modifierEdits(
///     lines: [".announcementBanner(manager: announcements)"], after: root!)
///     + [editor.propertyEdit(line: "@State private var announcements = …", inTypeNamed: "MyApp")].compactMap { $0 }
///     + [editor.importEdit(line: "import AnnouncementKitUI")].compactMap { $0 }
/// let newBytes = try editor.applying(edits)
/// ```
/// All edits are made against the text the editor was made from, so they can be applied together.
/// An edit that is already in the text is not made again (an empty array, or nil).
package struct SwiftSourceEditor: Sendable {
    /// The tokens of the text.
    package let stream: SwiftTokenStream
    /// What the text holds.
    package let summary: SwiftFileSummary
    /// The text's own indentation.
    package let indentation: SwiftIndentation
    /// The text's line break.
    package let lineBreak: String

    /// An editor for `bytes`.
    package init(bytes: [UInt8], limits: SwiftSourceLimits = .standard) {
        stream = SwiftTokenStream(bytes: bytes, limits: limits)
        summary = SwiftFileSummary(scanning: stream)
        indentation = SwiftIndentation.detect(in: bytes)
        lineBreak = SwiftIndentation.lineBreak(of: bytes)
    }

    /// An editor for the UTF-8 of `text`.
    package init(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The bytes with `edits` made.
    package func applying(_ edits: [SwiftTextEdit]) throws(SwiftEditError) -> [UInt8] {
        try SwiftTextEdit.apply(edits, to: stream.bytes)
    }

    /// Edits that put `lines` (each a modifier such as `.announcementBanner(manager: m)`) on lines
    /// of their own after `rootView` and its modifiers, as deep as its existing modifier lines or
    /// one level deeper than its first line. A root view on the line of its closure's `{`
    /// (`WindowGroup { ContentView() }`) is first moved to a line of its own. Empty when the
    /// expression already holds every line.
    package func modifierEdits(lines: [String], after rootView: SwiftRootView) throws(SwiftEditError) -> [SwiftTextEdit]
    {
        if let reason = stream.skipReason { throw .notRead(reason) }
        guard summary.scenes.contains(where: { $0.rootView == rootView }) else { throw .noRootView(rootView.range) }
        let bytes = stream.bytes
        let expression = stream.text(in: rootView.range)
        if lines.allSatisfy({ expression.contains($0.trimmed) }) { return [] }
        let open = rootView.closureRange.lowerBound
        let close = rootView.closureRange.upperBound - 1
        let braceIndent = SwiftIndentation.leadingWhitespace(ofLineAt: open, in: bytes)
        var edits: [SwiftTextEdit] = []
        var modifierIndent: String
        if stream.line(at: open) == rootView.line {
            let inner = braceIndent + indentation.unit
            let before = codeToken(before: rootView.range.lowerBound)?.range.upperBound ?? open + 1
            edits.append(SwiftTextEdit(range: before..<rootView.range.lowerBound, replacement: lineBreak + inner))
            modifierIndent = inner + indentation.unit
        } else {
            let first = SwiftIndentation.leadingWhitespace(ofLineAt: rootView.range.lowerBound, in: bytes)
            modifierIndent = first + indentation.unit
        }
        if let existing = lastModifierLineIndent(of: rootView) { modifierIndent = existing }
        let text = lines.map { lineBreak + modifierIndent + $0.trimmed }.joined()
        let end = rootView.range.upperBound
        let next = stream.tokens.first { $0.range.lowerBound >= end }
        let endLine = stream.line(at: end - 1)
        if let next, next.range.lowerBound == close, next.line == endLine {
            edits.append(SwiftTextEdit(range: end..<close, replacement: text + lineBreak + braceIndent))
        } else if next == nil || next!.line > endLine
            || (next!.kind == .comment && bytes[next!.range.lowerBound + 1] == Byte.slash)
        {
            let lineEnd = SwiftIndentation.lineEnd(after: end, in: bytes)
            edits.append(SwiftTextEdit(range: lineEnd..<lineEnd, replacement: text))
        } else {
            edits.append(SwiftTextEdit(range: end..<end, replacement: text))
        }
        return edits
    }

    /// An edit that puts `line` on a line of its own at the top of the body of the type named
    /// `qualifiedName` (its `@main` declaration first, else its first declaration with a body),
    /// as deep as the body's first member. Nil when the body already has that line.
    package func propertyEdit(line: String, inTypeNamed qualifiedName: String) throws(SwiftEditError) -> SwiftTextEdit?
    {
        if let reason = stream.skipReason { throw .notRead(reason) }
        let candidates = summary.types.filter { $0.qualifiedName == qualifiedName && $0.bodyRange != nil }
        guard let type = candidates.first(where: \.isEntryPoint) ?? candidates.first, let body = type.bodyRange else {
            throw .noTypeBody(qualifiedName)
        }
        let bytes = stream.bytes
        let bodyText = stream.text(in: body)
        if bodyText.split(whereSeparator: \.isNewline).contains(where: { $0.trimmed == line.trimmed }) { return nil }
        let typeIndent = SwiftIndentation.leadingWhitespace(ofLineAt: stream.lineStarts[type.line - 1], in: bytes)
        let open = body.lowerBound
        let close = body.upperBound - 1
        let first = stream.tokens.first { $0.range.lowerBound > open && $0.kind != .comment }
        let openLine = stream.line(at: open)
        var memberIndent = typeIndent + indentation.unit
        if let first, first.range.lowerBound < close, first.line > openLine {
            memberIndent = SwiftIndentation.leadingWhitespace(ofLineAt: first.range.lowerBound, in: bytes)
        }
        let text = lineBreak + memberIndent + line.trimmed
        guard let first, first.line == openLine else {
            let lineEnd = SwiftIndentation.lineEnd(after: open, in: bytes)
            return SwiftTextEdit(range: lineEnd..<lineEnd, replacement: text)
        }
        if first.range.lowerBound == close {
            return SwiftTextEdit(range: (open + 1)..<close, replacement: text + lineBreak + typeIndent)
        }
        return SwiftTextEdit(range: (open + 1)..<first.range.lowerBound, replacement: text + lineBreak + memberIndent)
    }

    /// An edit that puts `line` (`import AnnouncementKitUI`) among the imports outside any `#if`:
    /// in its sorted place when they are sorted (as swift-format's OrderedImports keeps them), else
    /// after the last; before the first code when there is none. Nil when the file already imports
    /// that path outside any `#if`.
    package func importEdit(line: String) -> SwiftTextEdit? {
        let wanted = SwiftFileSummary(bytes: Array(line.utf8)).imports.first?.path
        let plain = summary.imports.filter(\.conditions.isEmpty)
        if let wanted, plain.contains(where: { $0.path == wanted }) { return nil }
        let bytes = stream.bytes
        let paths = plain.map(\.path)
        if let wanted, paths == paths.sorted(), let next = plain.first(where: { $0.path > wanted }) {
            let start = stream.lineStarts[next.line - 1]
            let indent = SwiftIndentation.leadingWhitespace(ofLineAt: next.range.lowerBound, in: bytes)
            let first = start + indent.utf8.count
            // Only before an import that begins its line (after attributes on that line, if any) and
            // has no attribute on the line before, which would then apply to the new import.
            let startsLine =
                first == next.range.lowerBound || (first < bytes.count && bytes[first] == UInt8(ascii: "@"))
            if startsLine, !Self.previousLineIsAttribute(before: start, in: bytes) {
                return SwiftTextEdit(range: start..<start, replacement: indent + line.trimmed + lineBreak)
            }
        }
        if let last = plain.last {
            let lineEnd = SwiftIndentation.lineEnd(after: last.range.upperBound, in: bytes)
            let indent = SwiftIndentation.leadingWhitespace(ofLineAt: last.range.lowerBound, in: bytes)
            return SwiftTextEdit(range: lineEnd..<lineEnd, replacement: lineBreak + indent + line.trimmed)
        }
        guard let first = stream.tokens.first(where: { $0.kind != .comment }) else {
            let end = bytes.count
            let separator = end == 0 || bytes[end - 1] == Byte.newline ? "" : lineBreak
            return SwiftTextEdit(range: end..<end, replacement: separator + line.trimmed + lineBreak)
        }
        let start = stream.lineStarts[first.line - 1]
        return SwiftTextEdit(range: start..<start, replacement: line.trimmed + lineBreak)
    }

    /// Whether the last line before `lineStart` that is not blank begins with `@`.
    static func previousLineIsAttribute(before lineStart: Int, in bytes: [UInt8]) -> Bool {
        var index = lineStart - 1
        while index >= 0,
            bytes[index] == Byte.newline || bytes[index] == 0x20 || bytes[index] == 0x09
                || bytes[index] == 0x0D
        {
            index -= 1
        }
        guard index >= 0 else { return false }
        var start = index
        while start > 0, bytes[start - 1] != Byte.newline { start -= 1 }
        while start <= index, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        return start <= index && bytes[start] == UInt8(ascii: "@")
    }

    /// ``modifierEdits(lines:after:)`` made.
    package func appendingModifiers(_ lines: [String], after rootView: SwiftRootView) throws(SwiftEditError) -> [UInt8]
    {
        try applying(modifierEdits(lines: lines, after: rootView))
    }

    /// ``propertyEdit(line:inTypeNamed:)`` made.
    package func insertingProperty(_ line: String, inTypeNamed qualifiedName: String) throws(SwiftEditError) -> [UInt8]
    {
        try applying([propertyEdit(line: line, inTypeNamed: qualifiedName)].compactMap { $0 })
    }

    /// ``importEdit(line:)`` made.
    package func insertingImport(_ line: String) throws(SwiftEditError) -> [UInt8] {
        try applying([importEdit(line: line)].compactMap { $0 })
    }

    /// The last token before `offset` that is not a comment.
    private func codeToken(before offset: Int) -> SwiftToken? {
        stream.tokens.last { $0.range.upperBound <= offset && $0.kind != .comment }
    }

    /// The indentation of the last line of the expression that starts with one of its own
    /// modifiers' dots (not one inside a modifier's arguments or closure).
    private func lastModifierLineIndent(of rootView: SwiftRootView) -> String? {
        var depth = 0
        var found: String?
        var previousLine = rootView.line
        for token in stream.tokens where rootView.range.contains(token.range.lowerBound) && token.kind != .comment {
            defer { previousLine = token.line }
            guard token.kind == .punctuation else { continue }
            switch stream.bytes[token.range.lowerBound] {
            case Byte.lparen, Byte.lbracket, Byte.lbrace: depth += 1
            case Byte.rparen, Byte.rbracket, Byte.rbrace: depth -= 1
            case Byte.dot where depth == 0 && token.line > previousLine:
                found = SwiftIndentation.leadingWhitespace(ofLineAt: token.range.lowerBound, in: stream.bytes)
            default: break
            }
        }
        return found
    }
}

extension StringProtocol {
    /// The text without spaces, tabs and line breaks at either end.
    var trimmed: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
