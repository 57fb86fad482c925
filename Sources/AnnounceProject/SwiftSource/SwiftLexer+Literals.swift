/// Comments, string literals and regex literals: the tokens with an inside.
extension SwiftLexer {
    /// What the string reader is inside of: a string (its `#` count and form) or an interpolation
    /// (its open parentheses).
    private enum Frame {
        case string(hashes: Int, multiline: Bool)
        case interpolation(depth: Int)
    }

    /// A `//` comment, a `/* */` comment, a bare regex literal or an operator.
    mutating func lexSlash() {
        let next = position + 1
        if next < bytes.count && bytes[next] == Byte.slash {
            var end = next
            while end < bytes.count && bytes[end] != Byte.newline { end += 1 }
            emit(.comment, position..<end)
        } else if next < bytes.count && bytes[next] == Byte.star {
            if let end = blockCommentEnd(from: position) {
                emit(.comment, position..<end)
            } else {
                report(
                    .unterminatedComment, at: position, "a /* comment has no closing */; it runs to the end of the file"
                )
                emit(.comment, position..<bytes.count)
            }
        } else if regexMayStart(), let end = bareRegexEnd(from: position) {
            emit(.regex, position..<end)
        } else {
            lexOperator(from: position)
        }
    }

    /// The offset after the `*/` that closes the (nested) comment at `start`, or nil.
    func blockCommentEnd(from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == Byte.slash && bytes[index + 1] == Byte.star {
                depth += 1
                index += 2
            } else if bytes[index] == Byte.star && bytes[index + 1] == Byte.slash {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Whether a `/` here may open a regex: where an expression starts, not after a value.
    private func regexMayStart() -> Bool {
        guard position >= regexRefusedUntil else { return false }
        guard let last = lastSignificant else { return true }
        switch last.kind {
        case .operator: return true
        case .punctuation:
            let byte = bytes[last.range.lowerBound]
            return byte == Byte.lparen || byte == Byte.lbracket || byte == Byte.lbrace || byte == Byte.comma
                || byte == Byte.colon || byte == Byte.semicolon
        case .keyword:
            let word = String(decoding: bytes[last.range], as: UTF8.self)
            return ["return", "case", "in", "where", "if", "guard", "while", "else", "throw", "try", "await"]
                .contains(word)
        default: return false
        }
    }

    /// The end of a bare `/…/` regex on this line, or nil (then the line is not tried again).
    private mutating func bareRegexEnd(from start: Int) -> Int? {
        var index = start + 1
        guard index < bytes.count, ![0x20, 0x09, Byte.newline, 0x0D].contains(bytes[index]) else { return nil }
        var classDepth = 0
        scan: while index < bytes.count && bytes[index] != Byte.newline {
            switch bytes[index] {
            case Byte.backslash: index += 2
            case Byte.lbracket: classDepth += 1; index += 1
            case Byte.rbracket: classDepth = max(0, classDepth - 1); index += 1
            case Byte.slash where classDepth == 0:
                // `/ ` before the closing slash reads as division (`a / b /`), as Swift reads it.
                if bytes[index - 1] == 0x20 { break scan }
                return index + 1
            default: index += 1
            }
        }
        regexRefusedUntil = min(index, bytes.count)
        return nil
    }

    /// `#/…/#` with `hashes` `#`s, which may span lines.
    mutating func lexExtendedRegex(hashes: Int) {
        var index = position + hashes + 1
        while index < bytes.count {
            if bytes[index] == Byte.backslash {
                index += 2
            } else if bytes[index] == Byte.slash && hashesFollow(index + 1, hashes) {
                emit(.regex, position..<(index + 1 + hashes))
                return
            } else {
                index += 1
            }
        }
        report(.unterminatedRegex, at: position, "a #/ regex literal has no closing /#; it runs to the end of the file")
        emit(.regex, position..<bytes.count)
    }

    /// Whether `count` `#`s start at `offset`.
    func hashesFollow(_ offset: Int, _ count: Int) -> Bool {
        guard offset + count <= bytes.count else { return false }
        var index = offset
        while index < offset + count {
            if bytes[index] != Byte.hash { return false }
            index += 1
        }
        return true
    }

    /// A string literal from `start` (its first `#` or `"`) to its closing delimiter, reading
    /// interpolations (with their own strings and comments) on an explicit stack.
    mutating func lexString(from start: Int) {
        var stack: [Frame] = []
        var index = openString(at: start, onto: &stack)
        while let top = stack.last {
            guard index < bytes.count else {
                report(
                    .unterminatedString, at: start,
                    "a string literal has no closing quote; it runs to the end of the file")
                emit(.string, start..<bytes.count)
                return
            }
            switch top {
            case .string(let hashes, let multiline):
                if !multiline && bytes[index] == Byte.newline {
                    report(
                        .unterminatedString, at: start,
                        "a string literal has no closing quote on its line; it runs to the end of the line")
                    emit(.string, start..<index)
                    return
                }
                guard let next = stringStep(at: index, hashes: hashes, multiline: multiline, stack: &stack) else {
                    tooDeep(start)
                    return
                }
                index = next
            case .interpolation(let depth):
                guard let next = interpolationStep(at: index, depth: depth, stack: &stack) else {
                    tooDeep(start)
                    return
                }
                index = next
            }
        }
        emit(.string, start..<index)
    }

    private mutating func tooDeep(_ start: Int) {
        report(
            .nestingTooDeep, at: start,
            "string interpolations nest deeper than \(limits.maxNestingDepth); the rest of the file is read as this string"
        )
        emit(.string, start..<bytes.count)
    }

    /// Pushes the string that opens at `start` and returns the offset after its delimiter.
    private func openString(at start: Int, onto stack: inout [Frame]) -> Int {
        var index = start
        while index < bytes.count && bytes[index] == Byte.hash { index += 1 }
        let hashes = index - start
        let multiline =
            index + 2 < bytes.count && bytes[index + 1] == Byte.quote && bytes[index + 2] == Byte.quote
        stack.append(.string(hashes: hashes, multiline: multiline))
        return index + (multiline ? 3 : 1)
    }

    /// One step inside a string's text; nil when an interpolation would nest too deep.
    private func stringStep(at index: Int, hashes: Int, multiline: Bool, stack: inout [Frame]) -> Int? {
        let byte = bytes[index]
        if byte == Byte.backslash && hashesFollow(index + 1, hashes) {
            let after = index + 1 + hashes
            guard after < bytes.count, bytes[after] == Byte.lparen else { return after + 1 }
            guard stack.count < limits.maxNestingDepth else { return nil }
            stack.append(.interpolation(depth: 1))
            return after + 1
        }
        guard byte == Byte.quote else { return index + 1 }
        if multiline {
            let closes =
                index + 2 < bytes.count && bytes[index + 1] == Byte.quote && bytes[index + 2] == Byte.quote
                && hashesFollow(index + 3, hashes)
            guard closes else { return index + 1 }
            stack.removeLast()
            return index + 3 + hashes
        }
        guard hashesFollow(index + 1, hashes) else { return index + 1 }
        stack.removeLast()
        return index + 1 + hashes
    }

    /// One step inside an interpolation's code; nil when it would nest too deep.
    private func interpolationStep(at index: Int, depth: Int, stack: inout [Frame]) -> Int? {
        switch bytes[index] {
        case Byte.lparen:
            guard depth < limits.maxNestingDepth else { return nil }
            stack[stack.count - 1] = .interpolation(depth: depth + 1)
        case Byte.rparen:
            if depth == 1 { stack.removeLast() } else { stack[stack.count - 1] = .interpolation(depth: depth - 1) }
        case Byte.quote, Byte.hash:
            var quote = index
            while quote < bytes.count && bytes[quote] == Byte.hash { quote += 1 }
            guard quote < bytes.count, bytes[quote] == Byte.quote else { return quote }
            guard stack.count < limits.maxNestingDepth else { return nil }
            return openString(at: index, onto: &stack)
        case Byte.slash where startsComment(index):
            if bytes[index + 1] == Byte.star { return blockCommentEnd(from: index) ?? bytes.count }
            var end = index
            while end < bytes.count && bytes[end] != Byte.newline { end += 1 }
            return end
        default:
            break
        }
        return index + 1
    }
}
