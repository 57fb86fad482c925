/// Something the tokenizer or the scanner found wrong or too large in a Swift file. Reading
/// goes on after each (the token runs to the end of what could be read); only a file over the
/// size cap is not read at all.
package struct SwiftSourceDiagnostic: Hashable, Sendable {
    /// What was found.
    package enum Kind: String, Hashable, Sendable {
        /// A string literal without its closing delimiter; the token runs to the end of the line
        /// (single-line) or of the file (multi-line).
        case unterminatedString
        /// A `/*` comment without its `*/`; the token runs to the end of the file.
        case unterminatedComment
        /// A `#/…/#` regex literal without its closing delimiter.
        case unterminatedRegex
        /// Interpolations or brackets nested deeper than the limit; see the message.
        case nestingTooDeep
        /// Bytes that are not UTF-8; names read from them have replacement characters.
        case invalidUTF8
        /// The file is larger than the limit and was not read.
        case fileTooLarge
    }

    /// What was found.
    package var kind: Kind
    /// The UTF-8 offset where it starts.
    package var offset: Int
    /// The 1-based line where it starts.
    package var line: Int
    /// What happened and what was done about it, for a person.
    package var message: String

    /// A diagnostic of `kind` at `offset` on `line`.
    package init(kind: Kind, offset: Int, line: Int, message: String) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.message = message
    }
}
