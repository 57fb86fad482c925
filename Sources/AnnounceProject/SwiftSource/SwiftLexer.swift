/// The tokenizer behind ``SwiftTokenStream``: one pass over the bytes, no recursion (nesting is
/// an explicit stack with a cap), every byte consumed once except for the bounded look-ahead of
/// a bare regex literal, which never looks again at a line where it failed.
struct SwiftLexer {
    let bytes: [UInt8]
    let lineStarts: [Int]
    let limits: SwiftSourceLimits
    var position = 0
    var tokens: [SwiftToken] = []
    var diagnostics: [SwiftSourceDiagnostic] = []
    /// The index in `lineStarts` of the line of the last token made.
    var lineCursor = 0
    /// The kind and text of the last token that is not a comment, for the regex decision.
    var lastSignificant: SwiftToken?
    /// A bare regex was looked for up to here and not found; it is not looked for again before.
    var regexRefusedUntil = 0

    init(bytes: [UInt8], lineStarts: [Int], limits: SwiftSourceLimits) {
        self.bytes = bytes
        self.lineStarts = lineStarts
        self.limits = limits
    }

    /// Reads the whole file.
    mutating func run() {
        checkEncoding()
        while position < bytes.count {
            lexOne()
        }
    }

    private mutating func lexOne() {
        let byte = bytes[position]
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
            position += 1
        case Byte.slash:
            lexSlash()
        case Byte.quote:
            lexString(from: position)
        case Byte.hash:
            lexHash()
        case Byte.at:
            lexAttribute()
        case Byte.backtick:
            lexBacktick()
        case Byte.dollar:
            lexDollar()
        case 0x30...0x39:
            lexNumber()
        case Byte.dot:
            lexDot()
        case Byte.lparen, Byte.rparen, Byte.lbrace, Byte.rbrace, Byte.lbracket, Byte.rbracket, Byte.comma,
            Byte.colon, Byte.semicolon, Byte.backslash:
            emit(.punctuation, position..<(position + 1))
        default:
            if Byte.isIdentifierStart(byte) {
                lexWord()
            } else if Byte.isOperator(byte) {
                lexOperator(from: position)
            } else {
                emit(.unknown, position..<(position + 1))
            }
        }
    }

    /// Makes a token and moves past it.
    mutating func emit(_ kind: SwiftToken.Kind, _ range: Range<Int>) {
        while lineCursor + 1 < lineStarts.count && lineStarts[lineCursor + 1] <= range.lowerBound {
            lineCursor += 1
        }
        let token = SwiftToken(kind: kind, range: range, line: lineCursor + 1)
        tokens.append(token)
        if kind != .comment { lastSignificant = token }
        position = range.upperBound
    }

    /// Records a diagnostic at `offset`.
    mutating func report(_ kind: SwiftSourceDiagnostic.Kind, at offset: Int, _ message: String) {
        let line = SwiftTokenStream.line(at: offset, lineStarts: lineStarts)
        diagnostics.append(SwiftSourceDiagnostic(kind: kind, offset: offset, line: line, message: message))
    }

    private mutating func checkEncoding() {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .error:
                report(
                    .invalidUTF8, at: offset,
                    "the file is not valid UTF-8 from byte \(offset); names read from it may have replacement characters"
                )
                return
            case .emptyInput:
                return
            }
        }
    }

    private mutating func lexWord() {
        var end = position + 1
        while end < bytes.count && Byte.isIdentifierContinue(bytes[end]) { end += 1 }
        let range = position..<end
        var kind = SwiftToken.Kind.identifier
        if end - position <= 16, SwiftLexer.keywords.contains(String(decoding: bytes[range], as: UTF8.self)) {
            kind = .keyword
        }
        emit(kind, range)
    }

    private mutating func lexAttribute() {
        let next = position + 1
        guard next < bytes.count, Byte.isIdentifierStart(bytes[next]) else {
            emit(.punctuation, position..<next)
            return
        }
        var end = next + 1
        while end < bytes.count && Byte.isIdentifierContinue(bytes[end]) { end += 1 }
        emit(.attribute, position..<end)
    }

    private mutating func lexBacktick() {
        var end = position + 1
        while end < bytes.count && bytes[end] != Byte.backtick && bytes[end] != Byte.newline { end += 1 }
        if end < bytes.count && bytes[end] == Byte.backtick && end > position + 1 {
            emit(.identifier, position..<(end + 1))
        } else {
            emit(.unknown, position..<(position + 1))
        }
    }

    private mutating func lexDollar() {
        var end = position + 1
        while end < bytes.count && Byte.isIdentifierContinue(bytes[end]) { end += 1 }
        emit(end > position + 1 ? .identifier : .unknown, position..<end)
    }

    private mutating func lexNumber() {
        var end = position + 1
        let isHex = bytes[position] == 0x30 && end < bytes.count && (bytes[end] == 0x78 || bytes[end] == 0x58)
        while end < bytes.count {
            let byte = bytes[end]
            if Byte.isIdentifierContinue(byte) && byte < 0x80 {
                end += 1
            } else if byte == Byte.dot && end + 1 < bytes.count && (0x30...0x39).contains(bytes[end + 1]) {
                end += 2
            } else if (byte == 0x2B || byte == 0x2D) && SwiftLexer.isExponent(bytes[end - 1], hex: isHex) {
                end += 1
            } else {
                break
            }
        }
        emit(.number, position..<end)
    }

    private static func isExponent(_ byte: UInt8, hex: Bool) -> Bool {
        hex ? (byte == 0x70 || byte == 0x50) : (byte == 0x65 || byte == 0x45)
    }

    private mutating func lexDot() {
        if position + 1 < bytes.count && bytes[position + 1] == Byte.dot {
            var end = position + 1
            while end < bytes.count && (bytes[end] == Byte.dot || Byte.isOperator(bytes[end])) && !startsComment(end) {
                end += 1
            }
            emit(.operator, position..<end)
        } else {
            emit(.punctuation, position..<(position + 1))
        }
    }

    /// An operator run from `start`; it never swallows the start of a comment.
    mutating func lexOperator(from start: Int) {
        var end = start + 1
        while end < bytes.count && Byte.isOperator(bytes[end]) && !startsComment(end) { end += 1 }
        emit(.operator, start..<end)
    }

    /// Whether `//` or `/*` starts at `offset`.
    func startsComment(_ offset: Int) -> Bool {
        offset + 1 < bytes.count && bytes[offset] == Byte.slash
            && (bytes[offset + 1] == Byte.slash || bytes[offset + 1] == Byte.star)
    }

    private mutating func lexHash() {
        var end = position
        while end < bytes.count && bytes[end] == Byte.hash { end += 1 }
        if end < bytes.count && bytes[end] == Byte.quote {
            lexString(from: position)
        } else if end < bytes.count && bytes[end] == Byte.slash {
            lexExtendedRegex(hashes: end - position)
        } else if end == position + 1 && end < bytes.count && Byte.isIdentifierStart(bytes[end]) {
            var wordEnd = end + 1
            while wordEnd < bytes.count && Byte.isIdentifierContinue(bytes[wordEnd]) { wordEnd += 1 }
            let name = String(decoding: bytes[end..<wordEnd], as: UTF8.self)
            let isDirective = ["if", "elseif", "else", "endif"].contains(name)
            emit(isDirective ? .directive : .pound, position..<wordEnd)
        } else {
            emit(.punctuation, position..<(position + 1))
        }
    }

    /// The reserved words of Swift; contextual keywords (`actor`, `some`, `open`, …) are identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try",
    ]
}

/// The bytes the tokenizer looks for.
enum Byte {
    static let newline: UInt8 = 0x0A
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let dollar: UInt8 = 0x24
    static let lparen: UInt8 = 0x28
    static let rparen: UInt8 = 0x29
    static let star: UInt8 = 0x2A
    static let comma: UInt8 = 0x2C
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let at: UInt8 = 0x40
    static let lbracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rbracket: UInt8 = 0x5D
    static let backtick: UInt8 = 0x60
    static let lbrace: UInt8 = 0x7B
    static let rbrace: UInt8 = 0x7D

    /// A letter, `_`, or any byte of a non-ASCII character (Swift's identifiers take most of them).
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    /// An identifier byte after the first: also a digit.
    static func isIdentifierContinue(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    /// One of `/ = - + ! * % < > & | ^ ~ ?`.
    static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x2F, 0x3D, 0x2D, 0x2B, 0x21, 0x2A, 0x25, 0x3C, 0x3E, 0x26, 0x7C, 0x5E, 0x7E, 0x3F: true
        default: false
        }
    }
}
