/// Imports, type declarations, members, delegate adaptors and the delegate methods that
/// receive URLs.
extension SwiftFileScanner {
    /// `import [kind] A.B.C`; the attributes before it (`@testable`) are its own.
    mutating func importDeclaration(at index: Int) -> Int {
        pending = []
        var start = index + 1
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
        if isWord(start) && kinds.contains(text(start)) && isWord(start + 1) { start += 1 }
        guard isWord(start) else { return index + 1 }
        var last = start
        while isPunctuation(last + 1, Byte.dot) && isWord(last + 2) { last += 2 }
        let path = stream.text(in: code[start].range.lowerBound..<code[last].range.upperBound)
        let module = String(path.prefix { $0 != "." })
        summary.imports.append(
            SwiftImport(
                module: module, path: path, line: code[index].line,
                range: code[index].range.lowerBound..<code[last].range.upperBound, conditions: conditions))
        return last + 1
    }

    /// `struct`/`class`/`enum`/`actor`/`protocol`/`extension` with its name, inheritance and body.
    mutating func typeDeclaration(at index: Int) -> Int {
        let attributes = pending
        pending = []
        guard isWord(index + 1), let kind = SwiftTypeDeclaration.Kind(rawValue: text(index)) else { return index + 1 }
        var last = index + 1
        if kind == .extension {
            while isPunctuation(last + 1, Byte.dot) && isWord(last + 2) { last += 2 }
        }
        let name = stream.text(in: code[index + 1].range.lowerBound..<code[last].range.upperBound)
            .replacingBackticks()
        var next = skipGenerics(from: last + 1)
        var inheritance: [String] = []
        if isPunctuation(next, Byte.colon) {
            (inheritance, next) = inheritanceClause(from: next + 1)
        }
        let open = bodyStart(from: next)
        let qualifiedName = enclosingType.map { "\($0).\(name)" } ?? name
        let bodyRange = open.map { code[$0].range.lowerBound..<code[groupEnd($0)].range.upperBound }
        summary.types.append(
            SwiftTypeDeclaration(
                kind: kind, name: name, qualifiedName: qualifiedName, inheritance: inheritance,
                attributes: attributes, line: code[index].line, bodyRange: bodyRange, conditions: conditions))
        if let open {
            frames.append(Frame(end: groupEnd(open), kind: .type(qualifiedName: qualifiedName)))
        }
        return last + 1
    }

    /// The index after a generic parameter clause at `index`, or `index` when there is none.
    func skipGenerics(from index: Int) -> Int {
        guard index < code.count, code[index].kind == .operator, text(index).hasPrefix("<") else { return index }
        var depth = 0
        var position = index
        while position < code.count {
            if isPunctuation(position, Byte.lbrace) || isPunctuation(position, Byte.rbrace) { return position }
            if code[position].kind == .operator { depth += angleBalance(text(position)) }
            position += 1
            if depth <= 0 { return position }
        }
        return position
    }

    /// `<` counts one, `>` minus one (`->` nothing).
    private func angleBalance(_ text: String) -> Int {
        guard text != "->" else { return 0 }
        return text.reduce(0) { $0 + ($1 == "<" ? 1 : $1 == ">" ? -1 : 0) }
    }

    /// The entries of an inheritance clause from `index` to its `{` or `where`, and where it ends.
    private func inheritanceClause(from index: Int) -> ([String], Int) {
        var entries: [String] = []
        var entryStart = index
        var position = index
        var angles = 0
        func close(_ end: Int) -> [String] {
            guard end > entryStart else { return entries }
            let text = stream.text(in: code[entryStart].range.lowerBound..<code[end - 1].range.upperBound)
            return entries + [text]
        }
        while position < code.count {
            if angles == 0 && (isPunctuation(position, Byte.lbrace) || text(position) == "where") { break }
            if isPunctuation(position, Byte.rbrace) || isPunctuation(position, Byte.semicolon) { break }
            if isPunctuation(position, Byte.lparen) || isPunctuation(position, Byte.lbracket) {
                position = groupEnd(position) + 1
                continue
            }
            if code[position].kind == .operator { angles = max(0, angles + angleBalance(text(position))) }
            if angles == 0 && isPunctuation(position, Byte.comma) {
                entries = close(position)
                entryStart = position + 1
            }
            position += 1
        }
        return (close(position), position)
    }

    /// The `{` of a type's body from `index` (past a `where` clause), or nil.
    private func bodyStart(from index: Int) -> Int? {
        var position = index
        while position < code.count {
            if isPunctuation(position, Byte.lbrace) { return position }
            if isPunctuation(position, Byte.rbrace) || isPunctuation(position, Byte.semicolon) { return nil }
            if isPunctuation(position, Byte.lparen) || isPunctuation(position, Byte.lbracket) {
                position = groupEnd(position)
            } else if code[position].kind == .keyword && text(position) != "where" && text(position) != "Self" {
                return nil
            }
            position += 1
        }
        return nil
    }

    /// `var`/`let`/`func`/`init`/`subscript`: a delegate method, an adaptor, a scene member.
    mutating func member(at index: Int) -> Int {
        let attributes = pending
        pending = []
        let keyword = text(index)
        let isFunction = keyword == "func" || keyword == "init" || keyword == "subscript"
        var nameIndex = index
        if keyword == "func" || keyword == "var" || keyword == "let" {
            guard isWord(index + 1) else { return index + 1 }
            nameIndex = index + 1
        }
        let name = text(nameIndex).replacingBackticks()
        if keyword == "func" { deepLinkFunction(named: name, at: nameIndex) }
        guard case .type? = frames.last?.kind else { return nameIndex + 1 }
        if !isFunction, let adaptor = attributes.first(where: { $0.name.hasSuffix("ApplicationDelegateAdaptor") }) {
            delegateAdaptor(adaptor, property: name, at: nameIndex)
        }
        if let open = memberBody(from: nameIndex + 1, crossesLines: isFunction) {
            let scene =
                attributes.contains { $0.name == "SceneBuilder" }
                || (nameIndex + 1..<open).contains { code[$0].kind == .identifier && text($0) == "Scene" }
            frames.append(Frame(end: groupEnd(open), kind: .member(name: name, buildsScenes: scene)))
        }
        return nameIndex + 1
    }

    /// The `{` of a member's body, or nil for a stored property or a requirement.
    private func memberBody(from index: Int, crossesLines: Bool) -> Int? {
        let stops: Set<String> = SwiftFileScanner.modifiers.union([
            "var", "let", "func", "init", "subscript", "struct", "enum", "protocol", "extension", "case",
            "import", "typealias", "deinit",
        ])
        var position = index
        while position < code.count {
            let token = code[position]
            if isPunctuation(position, Byte.lbrace) { return position }
            if !crossesLines && position > index && token.line != code[position - 1].line { return nil }
            if isPunctuation(position, Byte.rbrace) || isPunctuation(position, Byte.semicolon) { return nil }
            if token.kind == .attribute || token.kind == .directive { return nil }
            if token.kind == .operator && text(position) == "=" { return nil }
            if isWord(position) && stops.contains(text(position)) { return nil }
            if isPunctuation(position, Byte.lparen) || isPunctuation(position, Byte.lbracket) {
                position = groupEnd(position)
            }
            position += 1
        }
        return nil
    }

    private mutating func delegateAdaptor(_ attribute: SwiftAttribute, property: String, at nameIndex: Int) {
        var typeName: String?
        if isPunctuation(nameIndex + 1, Byte.colon), nameIndex + 2 < code.count {
            var last = nameIndex + 2
            while last + 1 < code.count && code[last + 1].line == code[nameIndex].line
                && !(code[last + 1].kind == .operator && text(last + 1) == "=") && !isPunctuation(last + 1, Byte.lbrace)
            {
                last += 1
            }
            typeName = stream.text(in: code[nameIndex + 2].range.lowerBound..<code[last].range.upperBound)
        } else if let arguments = attribute.arguments {
            typeName = arguments.hasSuffix(".self") ? String(arguments.dropLast(5)) : arguments
        }
        summary.delegateAdaptors.append(
            SwiftDelegateAdaptor(
                attribute: attribute.name, property: property, typeName: typeName, line: attribute.line,
                enclosingType: enclosingType))
    }
}

extension String {
    /// The name without the backticks that let a reserved word be one.
    func replacingBackticks() -> String {
        filter { $0 != "`" }
    }
}
