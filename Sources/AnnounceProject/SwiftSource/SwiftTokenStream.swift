/// The tokens of one Swift file with the bytes they point into: the tokenizer's answer.
///
/// ```swift
/// let stream = SwiftTokenStream(bytes: Array(text.utf8))
/// for token in stream.tokens where token.kind == .identifier { print(stream.text(of: token)) }
/// ```
/// Reading is linear in the file's size. A file over ``SwiftSourceLimits/maxFileBytes`` is not
/// read: it has no tokens, a `fileTooLarge` diagnostic and a ``skipReason``. Nothing in a file
/// stops the reading: an unterminated literal or comment is a token to where it could end, with
/// a diagnostic.
package struct SwiftTokenStream: Sendable {
    /// The file's bytes.
    package let bytes: [UInt8]
    /// The tokens, in the file's order, comments included.
    package let tokens: [SwiftToken]
    /// What was found wrong, in the file's order.
    package let diagnostics: [SwiftSourceDiagnostic]
    /// Why the file was not read (too large), or nil when it was.
    package let skipReason: String?
    /// The offset of the first byte of each line; the first is 0.
    package let lineStarts: [Int]

    /// Tokenizes `bytes` within `limits`.
    package init(bytes: [UInt8], limits: SwiftSourceLimits = .standard) {
        self.bytes = bytes
        let starts = SwiftTokenStream.lineStarts(of: bytes)
        self.lineStarts = starts
        guard bytes.count <= limits.maxFileBytes else {
            tokens = []
            skipReason =
                "the file has \(bytes.count) bytes, more than the \(limits.maxFileBytes) read; it was skipped"
            diagnostics = [
                SwiftSourceDiagnostic(kind: .fileTooLarge, offset: 0, line: 1, message: skipReason ?? "")
            ]
            return
        }
        var lexer = SwiftLexer(bytes: bytes, lineStarts: starts, limits: limits)
        lexer.run()
        tokens = lexer.tokens
        diagnostics = lexer.diagnostics
        skipReason = nil
    }

    /// Tokenizes the UTF-8 of `text` within `limits`.
    package init(text: String, limits: SwiftSourceLimits = .standard) {
        self.init(bytes: Array(text.utf8), limits: limits)
    }

    /// The token's text (invalid UTF-8 read as replacement characters).
    package func text(of token: SwiftToken) -> String {
        text(in: token.range)
    }

    /// The text of a byte range of the file.
    package func text(in range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The 1-based line that holds the byte at `offset`.
    package func line(at offset: Int) -> Int {
        SwiftTokenStream.line(at: offset, lineStarts: lineStarts)
    }

    /// The 1-based line of `offset` in a table of line starts.
    static func line(at offset: Int, lineStarts: [Int]) -> Int {
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// The offsets where lines start: 0, and each byte after a line feed.
    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            starts.append(offset + 1)
        }
        return starts
    }
}
