/// Reads the tokens of one Swift file into a ``SwiftFileSummary``: one pass over the code
/// tokens (comments left out, strings opaque) with a stack of the types, members and scene
/// contents it is in. Brackets are paired once up front (``SwiftSourceLimits/maxNestingDepth``
/// deep at most), so every look-ahead jumps over a group instead of walking it again.
struct SwiftFileScanner {
    /// What a `{ … }` the scanner is in belongs to.
    enum FrameKind {
        case type(qualifiedName: String)
        case member(name: String, buildsScenes: Bool)
        case sceneContent
    }

    /// A body the scanner is in, up to the code token of its closing brace.
    struct Frame {
        var end: Int
        var kind: FrameKind
    }

    let stream: SwiftTokenStream
    /// The tokens without comments.
    let code: [SwiftToken]
    /// For each bracket, the index of its partner; -1 for other tokens and unpaired brackets.
    let partner: [Int]
    /// For each `#if`, the index of its `#endif`; -1 otherwise.
    let directiveEnd: [Int]
    var summary = SwiftFileSummary()
    var frames: [Frame] = []
    /// The branches the scanner is in, as findings report them.
    var conditions: [String] = []
    /// The condition of each open `#if`, to describe its `#else`.
    var ifConditions: [String] = []
    /// The attributes read since the last declaration.
    var pending: [SwiftAttribute] = []

    init(stream: SwiftTokenStream) {
        self.stream = stream
        let code = stream.tokens.filter { $0.kind != .comment }
        self.code = code
        var diagnostics: [SwiftSourceDiagnostic] = []
        partner = SwiftFileScanner.pairBrackets(
            code, bytes: stream.bytes, limit: SwiftSourceLimits.standard.maxNestingDepth, diagnostics: &diagnostics)
        directiveEnd = SwiftFileScanner.pairDirectives(code, stream: stream)
        summary.diagnostics = diagnostics
    }

    /// Reads every code token once.
    mutating func run() {
        var index = 0
        while index < code.count {
            while let last = frames.last, last.end < index { frames.removeLast() }
            index = step(at: index)
        }
    }

    private mutating func step(at index: Int) -> Int {
        switch code[index].kind {
        case .directive:
            pending = []
            return directive(at: index)
        case .attribute:
            return attribute(at: index)
        case .identifier, .keyword:
            return word(at: index)
        default:
            pending = []
            return index + 1
        }
    }

    private mutating func word(at index: Int) -> Int {
        let text = self.text(index)
        if index > 0 && isPunctuation(index - 1, Byte.dot) {
            pending = []
            memberAccess(text, at: index)
            return index + 1
        }
        switch text {
        case "import":
            return importDeclaration(at: index)
        case "struct", "enum", "protocol", "extension":
            return typeDeclaration(at: index)
        case "class" where isName(index + 1), "actor" where isName(index + 1) && startsTypeBody(index + 2):
            return typeDeclaration(at: index)
        case "var", "let", "func", "init", "subscript":
            return member(at: index)
        case _ where SwiftFileScanner.modifiers.contains(text):
            if isPunctuation(index + 1, Byte.lparen) && code[index + 1].range.lowerBound == code[index].range.upperBound
            {
                return groupEnd(index + 1) + 1
            }
            return index + 1
        default:
            pending = []
            if let kind = SwiftScene.Kind(rawValue: text) { scene(kind, at: index) }
            return index + 1
        }
    }

    /// `#if`, `#elseif`, `#else`, `#endif`: the branch stack; the condition is the rest of the line.
    private mutating func directive(at index: Int) -> Int {
        var end = index + 1
        while end < code.count && code[end].line == code[index].line && code[end].kind != .directive { end += 1 }
        let condition =
            end > index + 1 ? stream.text(in: code[index + 1].range.lowerBound..<code[end - 1].range.upperBound) : ""
        switch text(index) {
        case "#if":
            conditions.append("#if \(condition)")
            ifConditions.append(condition)
        case "#elseif" where !conditions.isEmpty:
            conditions[conditions.count - 1] = "#elseif \(condition)"
        case "#else" where !conditions.isEmpty:
            conditions[conditions.count - 1] = "#else (not \(ifConditions.last ?? ""))"
        case "#endif" where !conditions.isEmpty:
            conditions.removeLast()
            ifConditions.removeLast()
        default:
            break
        }
        return end
    }

    /// `@name` and its arguments when they follow without a space.
    private mutating func attribute(at index: Int) -> Int {
        let token = code[index]
        let name = String(text(index).dropFirst())
        var arguments: String?
        var end = index
        if isPunctuation(index + 1, Byte.lparen) && code[index + 1].range.lowerBound == token.range.upperBound
            && partner[index + 1] > index
        {
            end = partner[index + 1]
            arguments = inside(index + 1)
        }
        let range = token.range.lowerBound..<code[end].range.upperBound
        pending.append(SwiftAttribute(name: name, arguments: arguments, line: token.line, range: range))
        return end + 1
    }

    /// The declaration modifiers, which keep the attributes read before them for the declaration.
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "nonisolated", "indirect",
        "static", "class", "override", "required", "convenience", "lazy", "weak", "unowned", "mutating",
        "nonmutating", "dynamic", "optional", "distributed", "isolated", "consuming", "borrowing",
    ]
}

/// Looking at tokens.
extension SwiftFileScanner {
    /// The text of the code token at `index`.
    func text(_ index: Int) -> String {
        stream.text(of: code[index])
    }

    /// Whether the code token at `index` is the one-byte punctuation `byte`.
    func isPunctuation(_ index: Int, _ byte: UInt8) -> Bool {
        index >= 0 && index < code.count && code[index].kind == .punctuation
            && stream.bytes[code[index].range.lowerBound] == byte
    }

    /// Whether the code token at `index` is an identifier or a keyword.
    func isWord(_ index: Int) -> Bool {
        index < code.count && (code[index].kind == .identifier || code[index].kind == .keyword)
    }

    /// Whether the code token at `index` is an identifier (a name, not a reserved word).
    func isName(_ index: Int) -> Bool {
        index < code.count && code[index].kind == .identifier
    }

    /// Whether the token at `index` can follow a type's name: `{`, `:`, `<` or `where`.
    func startsTypeBody(_ index: Int) -> Bool {
        guard index < code.count else { return false }
        return isPunctuation(index, Byte.lbrace) || isPunctuation(index, Byte.colon)
            || text(index) == "where" || (code[index].kind == .operator && text(index).hasPrefix("<"))
    }

    /// The index of the bracket that closes the one at `index`; the last token when it has none.
    func groupEnd(_ index: Int) -> Int {
        partner[index] > index ? partner[index] : code.count - 1
    }

    /// The text between the bracket at `index` and its partner, trimmed.
    func inside(_ index: Int) -> String {
        let close = groupEnd(index)
        guard close > index + 1 else { return "" }
        return stream.text(in: code[index + 1].range.lowerBound..<code[close - 1].range.upperBound)
    }

    /// The innermost type or extension the scanner is in.
    var enclosingType: String? {
        for frame in frames.reversed() {
            if case .type(let name) = frame.kind { return name }
        }
        return nil
    }
}
