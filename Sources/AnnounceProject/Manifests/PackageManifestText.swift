import Foundation

/// A manifest read from its tokens, for when SwiftPM cannot evaluate it here: no `swift` on the
/// machine, an evaluation past its time limit, or a module only Apple's tools have (an app
/// playground's `AppleProductTypes`). It reads the literal forms a manifest is written in — the
/// tools-version comment, `Package(name:)`, `platforms: [.iOS(.v17), .macOS("14.0")]`, and
/// `.executableTarget`, `.target` and `.testTarget` calls with their `name:`, `path:`,
/// `dependencies:` and `resources:` — and nothing a manifest computes. A caller that reads a
/// manifest this way does not edit it: an edit could not be checked by SwiftPM.
package enum PackageManifestText {
    /// The platforms' names as `platforms:` writes them, by SwiftPM's names.
    static let platformNames: [String: String] = [
        "iOS": "ios", "macOS": "macos", "tvOS": "tvos", "watchOS": "watchos", "visionOS": "visionos",
        "macCatalyst": "maccatalyst",
    ]

    /// The manifest `text` describes, as far as its literals tell.
    package static func read(_ text: String) -> PackageManifest {
        let stream = SwiftTokenStream(text: text)
        let code = stream.tokens.filter { $0.kind != .comment }
        let reader = Reader(stream: stream, code: code)
        var name = ""
        if let call = reader.call(named: "Package", dotted: false), let value = reader.argument("name", in: call) {
            name = reader.string(at: value) ?? ""
        }
        var calls: [(call: Range<Int>, type: String)] = []
        for (function, type) in [("executableTarget", "executable"), ("target", "regular"), ("testTarget", "test")] {
            calls += reader.calls(named: function).map { ($0, type) }
        }
        var targets: [PackageManifest.Target] = []
        // In the manifest's order; a call inside another (`.target(name:)` among a test target's
        // dependencies) names a dependency, not a target.
        var outer: Range<Int>?
        var kept: [(call: Range<Int>, type: String)] = []
        for item in calls.sorted(by: { $0.call.lowerBound < $1.call.lowerBound }) {
            if let outer, outer.contains(item.call.lowerBound) { continue }
            outer = item.call
            kept.append(item)
        }
        for (call, type) in kept.prefix(1_000) {
            do {
                guard let value = reader.argument("name", in: call), let targetName = reader.string(at: value) else {
                    continue
                }
                let path = reader.argument("path", in: call).flatMap(reader.string(at:))
                let dependencies = reader.argument("dependencies", in: call).map(reader.strings(inArrayAt:)) ?? []
                let resources = reader.argument("resources", in: call).map(reader.strings(inArrayAt:)) ?? []
                targets.append(
                    .init(
                        name: targetName, type: type, path: path,
                        dependencies: dependencies.map { .init(name: $0, package: nil) }, resources: resources))
            }
        }
        return PackageManifest(
            name: name, toolsVersion: toolsVersion(text), platforms: reader.platforms(), dependencies: [],
            targets: targets, products: [])
    }

    /// The version of the first line's `// swift-tools-version:` comment.
    static func toolsVersion(_ text: String) -> String? {
        guard let line = text.split(separator: "\n", maxSplits: 1).first, line.hasPrefix("//"),
            let colon = line.firstIndex(of: ":"), line.lowercased().contains("swift-tools-version")
        else { return nil }
        let version = line[line.index(after: colon)...].prefix { $0 == "." || $0.isNumber || $0 == " " }
        let trimmed = version.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Reads calls and their literal arguments from a manifest's tokens.
    struct Reader {
        let stream: SwiftTokenStream
        let code: [SwiftToken]
        /// For each opening bracket's index, the index of the bracket that closes it (one pass, so
        /// that reading stays linear whatever the brackets).
        let closers: [Int: Int]

        init(stream: SwiftTokenStream, code: [SwiftToken]) {
            self.stream = stream
            self.code = code
            var closers: [Int: Int] = [:]
            var open: [Int] = []
            for index in code.indices where code[index].kind == .punctuation {
                let byte = stream.bytes[code[index].range.lowerBound]
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                    open.append(index)
                } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"),
                    let last = open.popLast()
                {
                    closers[last] = index
                }
            }
            self.closers = closers
        }

        func text(_ index: Int) -> String { index < code.count ? stream.text(of: code[index]) : "" }

        /// The index of the bracket that closes the one at `open`.
        func closing(_ open: Int) -> Int? { closers[open] }

        /// The `(`…`)` of every call of `name` written `.name(`.
        func calls(named name: String) -> [Range<Int>] {
            var found: [Range<Int>] = []
            var index = 1
            while index + 1 < code.count {
                if code[index].kind == .identifier, text(index) == name, text(index - 1) == ".", text(index + 1) == "(",
                    let close = closing(index + 1)
                {
                    found.append((index + 1)..<close)
                }
                index += 1
            }
            return found
        }

        /// The first call of `name`, dotted (`.name(`) or not.
        func call(named name: String, dotted: Bool) -> Range<Int>? {
            for index in code.indices.dropLast() where code[index].kind == .identifier && text(index) == name {
                let isDotted = index > 0 && text(index - 1) == "."
                guard isDotted == dotted, text(index + 1) == "(", let close = closing(index + 1) else { continue }
                return (index + 1)..<close
            }
            return nil
        }

        /// The index of the first token of the argument labelled `label` at the call's own level.
        func argument(_ label: String, in call: Range<Int>) -> Int? {
            var index = call.lowerBound + 1
            while index < call.upperBound {
                // A nested bracket is stepped over whole: each token is read at one level only.
                if let close = closers[index] {
                    index = close + 1
                    continue
                }
                if code[index].kind == .identifier, text(index) == label, text(index + 1) == ":" { return index + 2 }
                index += 1
            }
            return nil
        }

        /// The value of a plain string literal at `index`.
        func string(at index: Int) -> String? {
            guard index < code.count, code[index].kind == .string else { return nil }
            let literal = text(index)
            guard literal.hasPrefix("\""), literal.hasSuffix("\""), literal.count >= 2, !literal.hasPrefix("\"\"\"")
            else { return nil }
            let inner = literal.dropFirst().dropLast()
            return inner.contains("\\") ? nil : String(inner)
        }

        /// The plain string literals inside the array that starts at `index`, at any depth.
        func strings(inArrayAt index: Int) -> [String] {
            guard text(index) == "[", let close = closing(index) else { return [] }
            return (index..<close).compactMap(string(at:))
        }

        /// `platforms: [.iOS(.v17), .macOS("14.0"), .watchOS(.v10_2)]` by SwiftPM's names.
        func platforms() -> [String: String] {
            guard let label = code.indices.first(where: { text($0) == "platforms" && text($0 + 1) == ":" }),
                text(label + 2) == "[", let close = closing(label + 2)
            else { return [:] }
            var result: [String: String] = [:]
            var index = label + 3
            while index + 3 < close {
                defer { index += 1 }
                guard text(index) == ".", let platform = PackageManifestText.platformNames[text(index + 1)],
                    text(index + 2) == "("
                else { continue }
                if let version = string(at: index + 3) {
                    result[platform] = version
                } else if text(index + 3) == ".", text(index + 4).hasPrefix("v") {
                    let parts = text(index + 4).dropFirst().split(separator: "_").map(String.init)
                    result[platform] = parts.count == 1 ? parts[0] + ".0" : parts.joined(separator: ".")
                }
            }
            return result
        }
    }
}
