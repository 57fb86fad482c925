/// One token of a Swift source file: what it is, where its bytes are and the line it starts on.
///
/// A string literal is one token from its opening delimiter to its closing one, interpolations
/// included; a comment is one token; a `#if` directive is a token of its own, its condition the
/// tokens that follow it on the line.
package struct SwiftToken: Hashable, Sendable {
    /// What a token is.
    package enum Kind: String, Hashable, Sendable {
        /// A name: `foo`, `` `default` ``, `$0`, `café`; also contextual keywords (`actor`, `some`).
        case identifier
        /// A reserved word (`struct`, `func`, `import`, `if`, `self`, …).
        case keyword
        /// An integer or floating-point literal.
        case number
        /// A run of operator characters (`==`, `->`, `...`, `?`).
        case `operator`
        /// One of `( ) { } [ ] , : ; . \ #` and a lone `@`.
        case punctuation
        /// `@name`; its arguments, if any, are the tokens that follow.
        case attribute
        /// A string literal of any form (single-line, multi-line, raw), interpolations included.
        case string
        /// A regular expression literal (`/…/` where an expression starts, `#/…/#`).
        case regex
        /// A `//` or `/* */` comment (doc comments included).
        case comment
        /// `#if`, `#elseif`, `#else` or `#endif`.
        case directive
        /// Another `#name`: `#available`, `#selector`, `#Preview`, a macro.
        case pound
        /// A byte that starts no token (a NUL, a stray backtick).
        case unknown
    }

    /// What the token is.
    package var kind: Kind
    /// The token's bytes: UTF-8 offsets into the file.
    package var range: Range<Int>
    /// The 1-based line the token starts on.
    package var line: Int

    /// A token of `kind` over `range`, starting on `line`.
    package init(kind: Kind, range: Range<Int>, line: Int) {
        self.kind = kind
        self.range = range
        self.line = line
    }
}
