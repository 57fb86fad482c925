/// Minimal edits of a `Package.swift`, made on its tokens (comments and strings are never
/// mistaken for code): a package dependency in `Package(dependencies:)`, products in a target's
/// `dependencies:`, and a resource in its `resources:`. Every byte outside the insertions is
/// kept. A manifest whose shape it does not recognise (the target made by a loop, dependencies
/// added with `+=` elsewhere) is an error that says which edit to make by hand; `announce init`
/// evaluates the edited manifest with SwiftPM before it writes anything.
package struct PackageManifestEditor {
    /// Why an edit could not be made.
    package struct EditError: Error, Equatable, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    private let stream: SwiftTokenStream
    /// The tokens without comments.
    private let code: [SwiftToken]
    private let indentation: SwiftIndentation

    /// An editor of the manifest `text`.
    package init(text: String) {
        stream = SwiftTokenStream(bytes: Array(text.utf8))
        code = stream.tokens.filter { $0.kind != .comment }
        indentation = SwiftIndentation.detect(in: stream.bytes)
    }

    /// The manifest's text.
    package var text: String { String(decoding: stream.bytes, as: UTF8.self) }

    // MARK: Edits

    /// The edit that adds `element` (such as `.package(url: "…", .upToNextMinor(from: "0.3.0"))`) to
    /// `Package(dependencies: [...])`, creating the argument before `targets:` when it is missing.
    package func addingPackageDependency(_ element: String) throws(EditError) -> SwiftTextEdit {
        guard let package = call(named: "Package", dotted: false) else {
            throw EditError("Package.swift has no 'Package(' call; add the dependency by hand")
        }
        if let array = argumentArray("dependencies", in: package) { return append(element, to: array) }
        guard let targets = label("targets", in: package) else {
            throw EditError("Package.swift's Package(...) has neither 'dependencies:' nor 'targets:'")
        }
        return insertArgument("dependencies: [\n\(indentation.unit)\(element),\n]", before: targets)
    }

    /// The edits that add `elements` (product dependencies) to the `dependencies:` of the target
    /// named `target`, creating the argument after `name:` when it is missing.
    package func addingTargetDependencies(_ elements: [String], toTarget target: String) throws(EditError)
        -> SwiftTextEdit
    {
        let call = try targetCall(target)
        let joined = elements.joined(separator: ",\n")
        if let array = argumentArray("dependencies", in: call) { return append(joined, to: array) }
        let after = try nameArgumentEnd(in: call, target: target)
        return insertArgument(afterOffset: after, "dependencies: [\n" + indented(joined) + ",\n]", call: call)
    }

    /// The edit that adds `element` (such as `.process("announcements.json")`) to the `resources:`
    /// of the target named `target`, creating the argument in its place in SwiftPM's order.
    package func addingResource(_ element: String, toTarget target: String) throws(EditError) -> SwiftTextEdit {
        let call = try targetCall(target)
        if let array = argumentArray("resources", in: call) { return append(element, to: array) }
        // resources: comes after name, dependencies, path, exclude and sources.
        var after = try nameArgumentEnd(in: call, target: target)
        for name in ["dependencies", "path", "exclude", "sources"] {
            if let label = label(name, in: call) { after = max(after, argumentEnd(from: label, in: call)) }
        }
        return insertArgument(afterOffset: after, "resources: [\(element)]", call: call)
    }

    /// Whether the manifest already names `text` in code (a URL or a product name in a string
    /// literal), for a run on an integrated project.
    package func mentions(stringLiteral text: String) -> Bool {
        code.contains { $0.kind == .string && stream.text(of: $0).contains("\"\(text)\"") }
    }

    // MARK: Finding calls

    /// A call: the index of its `(` and of its `)` in `code`.
    private struct Call {
        var open: Int
        var close: Int
    }

    private func call(named name: String, dotted: Bool) -> Call? {
        for index in code.indices.dropLast()
        where code[index].kind == .identifier && stream.text(of: code[index]) == name {
            let isDotted = index > 0 && stream.text(of: code[index - 1]) == "."
            guard isDotted == dotted, stream.text(of: code[index + 1]) == "(" else { continue }
            if let close = matching(from: index + 1) { return Call(open: index + 1, close: close) }
        }
        return nil
    }

    private func targetCall(_ target: String) throws(EditError) -> Call {
        let kinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]
        for index in code.indices.dropLast(4) where kinds.contains(stream.text(of: code[index])) {
            guard index > 0, stream.text(of: code[index - 1]) == ".", stream.text(of: code[index + 1]) == "(",
                stream.text(of: code[index + 2]) == "name", stream.text(of: code[index + 3]) == ":",
                code[index + 4].kind == .string, stream.text(of: code[index + 4]) == "\"\(target)\"",
                let close = matching(from: index + 1)
            else { continue }
            return Call(open: index + 1, close: close)
        }
        throw EditError(
            "Package.swift names no target \"\(target)\" as `.target(name: \"\(target)\"` or "
                + "`.executableTarget(name: \"\(target)\"`; add the products to it by hand")
    }

    /// The index of the bracket that closes the one at `open`.
    private func matching(from open: Int) -> Int? {
        var depth = 0
        for index in open..<code.count {
            switch stream.text(of: code[index]) {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// The index of `name` used as an argument label directly inside `call`.
    private func label(_ name: String, in call: Call) -> Int? {
        var index = call.open + 1
        while index < call.close {
            let text = stream.text(of: code[index])
            if ["(", "[", "{"].contains(text), let close = matching(from: index) {
                index = close + 1
                continue
            }
            if text == name, stream.text(of: code[index + 1]) == ":" { return index }
            index += 1
        }
        return nil
    }

    /// The `[` and `]` of the array literal given to `name` in `call`.
    private func argumentArray(_ name: String, in call: Call) -> (open: Int, close: Int)? {
        guard let label = label(name, in: call), stream.text(of: code[label + 2]) == "[",
            let close = matching(from: label + 2)
        else { return nil }
        return (label + 2, close)
    }

    /// The index of the last token of the argument that starts at `label`.
    private func argumentEnd(from label: Int, in call: Call) -> Int {
        var index = label + 2
        while index < call.close {
            let text = stream.text(of: code[index])
            if text == "," { return index - 1 }
            if ["(", "[", "{"].contains(text), let close = matching(from: index) {
                index = close + 1
                continue
            }
            index += 1
        }
        return call.close - 1
    }

    private func nameArgumentEnd(in call: Call, target: String) throws(EditError) -> Int {
        guard let name = label("name", in: call) else { throw EditError("the target \"\(target)\" has no name: label") }
        return argumentEnd(from: name, in: call)
    }

    // MARK: Writing

    /// `text` with every line indented one unit.
    private func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { indentation.unit + $0 }.joined(
            separator: "\n")
    }

    /// The edit that adds `element` as the last element of the array at `array`, on its own line,
    /// indented as the array's elements are.
    private func append(_ element: String, to array: (open: Int, close: Int)) -> SwiftTextEdit {
        let open = code[array.open]
        let close = code[array.close]
        let closeIndent = SwiftIndentation.leadingWhitespace(ofLineAt: close.range.lowerBound, in: stream.bytes)
        let lines = element.split(separator: "\n", omittingEmptySubsequences: false)
        if array.close == array.open + 1 {
            // An empty array: `[]` becomes a block.
            let base = SwiftIndentation.leadingWhitespace(ofLineAt: open.range.lowerBound, in: stream.bytes)
            let body = lines.map { base + indentation.unit + $0 }.joined(separator: "\n")
            return SwiftTextEdit(
                range: open.range.upperBound..<close.range.lowerBound, replacement: "\n\(body),\n\(base)")
        }
        let last = code[array.close - 1]
        let hasComma = stream.text(of: last) == ","
        let lastElementLine = hasComma ? code[array.close - 2] : last
        let onOneLine = open.line == close.line
        if onOneLine {
            let insertion = (hasComma ? " " : ", ") + element.replacingNewlines(with: " ")
            return SwiftTextEdit(range: last.range.upperBound..<last.range.upperBound, replacement: insertion)
        }
        let elementIndent = SwiftIndentation.leadingWhitespace(
            ofLineAt: lastElementLine.range.lowerBound, in: stream.bytes)
        let indent = elementIndent.count > closeIndent.count ? elementIndent : closeIndent + indentation.unit
        let body = lines.map { indent + $0 }.joined(separator: "\n")
        return SwiftTextEdit(
            range: last.range.upperBound..<last.range.upperBound, replacement: (hasComma ? "" : ",") + "\n" + body + ","
        )
    }

    /// The edit that inserts the argument `argument` (possibly several lines) before the label at
    /// `before`, on its own line.
    private func insertArgument(_ argument: String, before labelIndex: Int) -> SwiftTextEdit {
        let label = code[labelIndex]
        let indent = SwiftIndentation.leadingWhitespace(ofLineAt: label.range.lowerBound, in: stream.bytes)
        let lines = argument.split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.enumerated().map { $0.offset == 0 ? String($0.element) : indent + $0.element }
        return SwiftTextEdit(
            range: label.range.lowerBound..<label.range.lowerBound,
            replacement: body.joined(separator: "\n") + ",\n" + indent)
    }

    /// The edit that inserts `argument` after the token at `afterOffset` (an index in `code`).
    private func insertArgument(afterOffset index: Int, _ argument: String, call: Call) -> SwiftTextEdit {
        let token = code[index]
        let first = code[call.open + 1]
        let multiline = first.line != code[call.open].line
        let indent =
            multiline
            ? SwiftIndentation.leadingWhitespace(ofLineAt: first.range.lowerBound, in: stream.bytes)
            : SwiftIndentation.leadingWhitespace(ofLineAt: token.range.lowerBound, in: stream.bytes) + indentation.unit
        let lines = argument.split(separator: "\n", omittingEmptySubsequences: false)
        let text = lines.enumerated().map { $0.offset == 0 ? String($0.element) : indent + $0.element }.joined(
            separator: "\n")
        return SwiftTextEdit(range: token.range.upperBound..<token.range.upperBound, replacement: ",\n" + indent + text)
    }
}

extension String {
    fileprivate func replacingNewlines(with separator: String) -> String {
        split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " || $0 == "\t" }) }.joined(
            separator: separator)
    }
}

extension Substring {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        self[(firstIndex { !predicate($0) } ?? endIndex)...]
    }
}
