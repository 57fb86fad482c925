/// Scenes and their root views, `.onOpenURL` and the other deep-link handlers.
extension SwiftFileScanner {
    /// `.name` after a dot: the modifiers that handle URLs, and the package's own banner modifier.
    mutating func memberAccess(_ name: String, at index: Int) {
        switch name {
        case "onOpenURL":
            summary.deepLinkHandlers.append(
                SwiftDeepLinkHandler(
                    kind: .onOpenURL, line: code[index].line, calls: openURLCallee(at: index),
                    enclosingType: enclosingType, conditions: conditions))
        case "onContinueUserActivity":
            summary.deepLinkHandlers.append(
                SwiftDeepLinkHandler(
                    kind: .userActivity, line: code[index].line, calls: nil, enclosingType: enclosingType,
                    conditions: conditions))
        case "announcementBanner":
            summary.announcementBannerLines.append(code[index].line)
        default:
            break
        }
    }

    /// The scene member the scanner is in, unless it is inside another scene's content.
    private var sceneMember: String? {
        for frame in frames.reversed() {
            switch frame.kind {
            case .sceneContent, .type: return nil
            case .member(let name, let buildsScenes): return buildsScenes ? name : nil
            }
        }
        return nil
    }

    /// A scene's name at `index`, in a scene member: its arguments, content and root view.
    mutating func scene(_ kind: SwiftScene.Kind, at index: Int) {
        guard let member = sceneMember else { return }
        var next = index + 1
        var arguments: String?
        if isPunctuation(next, Byte.lparen) && partner[next] > next {
            arguments = inside(next)
            next = partner[next] + 1
        } else if !isPunctuation(next, Byte.lbrace) {
            return
        }
        var rootView: SwiftRootView?
        if isPunctuation(next, Byte.lbrace) && partner[next] > next {
            rootView = self.rootView(open: next, close: partner[next])
            frames.append(Frame(end: partner[next], kind: .sceneContent))
        }
        summary.scenes.append(
            SwiftScene(
                kind: kind, line: code[index].line, range: code[index].range, arguments: arguments,
                rootView: rootView, enclosingType: enclosingType, member: member, conditions: conditions))
    }

    /// The first expression of the closure from `open` to `close`, if it starts with a name.
    private func rootView(open: Int, close: Int) -> SwiftRootView? {
        let start = closureParameters(open: open, close: close) ?? open + 1
        guard start < close, code[start].kind == .identifier else { return nil }
        var typeEnd = start
        while typeEnd + 2 < close && isPunctuation(typeEnd + 1, Byte.dot) && code[typeEnd + 2].kind == .identifier
            && !isPunctuation(typeEnd + 3, Byte.lparen) && !isPunctuation(typeEnd + 3, Byte.lbrace)
        {
            typeEnd += 2
        }
        if isPunctuation(typeEnd + 1, Byte.dot) && typeEnd + 2 < close && startsUppercase(typeEnd + 2) {
            typeEnd += 2
        }
        var modifiers: [String] = []
        var last = typeEnd
        var position = typeEnd + 1
        while position < close {
            if isPunctuation(position, Byte.dot) && position + 1 < close && isWord(position + 1) {
                modifiers.append(text(position + 1))
                last = position + 1
            } else if let end = postfixGroupEnd(at: position, after: last, close: close) {
                last = end
            } else {
                break
            }
            position = last + 1
        }
        return SwiftRootView(
            range: code[start].range.lowerBound..<code[last].range.upperBound, line: code[start].line,
            typeName: stream.text(in: code[start].range.lowerBound..<code[typeEnd].range.upperBound),
            modifiers: modifiers,
            closureRange: code[open].range.lowerBound..<code[close].range.upperBound)
    }

    private func startsUppercase(_ index: Int) -> Bool {
        code[index].kind == .identifier && (0x41...0x5A).contains(stream.bytes[code[index].range.lowerBound])
    }

    /// The last index of a call's arguments, a trailing closure, a subscript, a postfix `?`/`!` or a
    /// postfix `#if … #endif` at `position` that continues the expression ending at `last`.
    private func postfixGroupEnd(at position: Int, after last: Int, close: Int) -> Int? {
        let token = code[position]
        let sameLine = token.line == code[last].line
        if sameLine
            && (isPunctuation(position, Byte.lparen) || isPunctuation(position, Byte.lbracket)
                || isPunctuation(position, Byte.lbrace))
        {
            return partner[position] > position && partner[position] < close ? partner[position] : nil
        }
        if token.kind == .operator && token.range.lowerBound == code[last].range.upperBound
            && (text(position) == "?" || text(position) == "!")
        {
            return position
        }
        if token.kind == .directive && text(position) == "#if" && directiveEnd[position] > position
            && directiveEnd[position] < close
        {
            var afterCondition = position + 1
            while afterCondition < close && code[afterCondition].line == token.line { afterCondition += 1 }
            return isPunctuation(afterCondition, Byte.dot) ? directiveEnd[position] : nil
        }
        return nil
    }

    /// The index after `in` when the closure from `open` starts with a parameter clause.
    private func closureParameters(open: Int, close: Int) -> Int? {
        var position = open + 1
        while position < close {
            let token = code[position]
            if token.kind == .keyword && text(position) == "in" { return position + 1 }
            if isPunctuation(position, Byte.lparen) || isPunctuation(position, Byte.lbracket) {
                guard partner[position] > position && partner[position] < close else { return nil }
                position = partner[position] + 1
                continue
            }
            let allowed =
                token.kind == .identifier || token.kind == .operator || token.kind == .attribute
                || isPunctuation(position, Byte.comma) || isPunctuation(position, Byte.colon)
                || isPunctuation(position, Byte.dot)
            guard allowed else { return nil }
            position += 1
        }
        return nil
    }

    /// What `.onOpenURL` at `index` calls: `perform: name` or a closure that is one call.
    private func openURLCallee(at index: Int) -> String? {
        let next = index + 1
        if isPunctuation(next, Byte.lparen) && partner[next] > next {
            let close = partner[next]
            guard next + 2 < close, text(next + 1) == "perform", isPunctuation(next + 2, Byte.colon) else { return nil }
            let value = next + 3
            if isPunctuation(value, Byte.lbrace) && partner[value] == close - 1 {
                return closureCallee(open: value, close: close - 1)
            }
            return path(from: value, to: close)
        }
        if isPunctuation(next, Byte.lbrace) && partner[next] > next {
            return closureCallee(open: next, close: partner[next])
        }
        return nil
    }

    /// The callee of a closure whose body is one call (`router.handle(url)`, `try await open($0)`).
    private func closureCallee(open: Int, close: Int) -> String? {
        var position = closureParameters(open: open, close: close) ?? open + 1
        while position < close && (text(position) == "try" || text(position) == "await") {
            position += 1
            if position < close && code[position].kind == .operator && text(position) == "?" { position += 1 }
        }
        var end = position
        while end + 2 < close && isPunctuation(end + 1, Byte.dot) && isWord(end + 2) { end += 2 }
        guard position < close, isWord(position), isPunctuation(end + 1, Byte.lparen), partner[end + 1] == close - 1
        else { return nil }
        return path(from: position, to: end + 1)
    }

    /// The text of `a.b.c` when the tokens from `start` up to `end` are exactly that.
    private func path(from start: Int, to end: Int) -> String? {
        guard start < end, isWord(start) else { return nil }
        var position = start + 1
        while position < end {
            guard isPunctuation(position, Byte.dot), position + 1 < end, isWord(position + 1) else { return nil }
            position += 2
        }
        return stream.text(in: code[start].range.lowerBound..<code[end - 1].range.upperBound)
    }

    /// `func scene(_:openURLContexts:)` and the other delegate methods that receive URLs.
    mutating func deepLinkFunction(named name: String, at nameIndex: Int) {
        guard name == "scene" || name == "application" else { return }
        let open = skipGenerics(from: nameIndex + 1)
        guard isPunctuation(open, Byte.lparen) && partner[open] > open else { return }
        let labels = parameterLabels(open: open, close: partner[open])
        let kind: SwiftDeepLinkHandler.Kind
        switch (name, labels) {
        case ("scene", ["_", "openURLContexts"]): kind = .openURLContexts
        case ("application", ["_", "open", "options"]), ("application", ["_", "open"]): kind = .applicationOpenURL
        case ("application", ["_", "continue", "restorationHandler"]), ("scene", ["_", "continue"]):
            kind = .userActivity
        default: return
        }
        summary.deepLinkHandlers.append(
            SwiftDeepLinkHandler(
                kind: kind, line: code[nameIndex - 1].line, calls: nil, enclosingType: enclosingType,
                conditions: conditions))
    }

    /// The argument labels of a parameter clause: the first name of each parameter.
    private func parameterLabels(open: Int, close: Int) -> [String] {
        var labels: [String] = []
        var expectsLabel = true
        var angles = 0
        var position = open + 1
        while position < close {
            if expectsLabel {
                labels.append(text(position).replacingBackticks())
                expectsLabel = false
            }
            if isPunctuation(position, Byte.lparen) || isPunctuation(position, Byte.lbracket) {
                position = groupEnd(position) + 1
                continue
            }
            if code[position].kind == .operator {
                angles = max(0, angles + text(position).reduce(0) { $0 + ($1 == "<" ? 1 : $1 == ">" ? -1 : 0) })
            }
            if angles == 0 && isPunctuation(position, Byte.comma) { expectsLabel = true }
            position += 1
        }
        return labels
    }
}
