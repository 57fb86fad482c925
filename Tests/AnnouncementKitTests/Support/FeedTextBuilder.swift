import Foundation

/// Writes feed JSON text from a small tree and records, independently of the decoder, the
/// line and column at which every value starts, keyed by JSON path.
indirect enum FixtureValue: Sendable {
    case raw(String)
    case object([(String, FixtureValue)], inline: Bool = false)
    case array([FixtureValue], inline: Bool = false)

    static func string(_ value: String) -> FixtureValue { .raw("\"\(value)\"") }

    /// The value at `path` (keys and indices), replaced by `transform`; `nil` removes it.
    func updating(_ path: ArraySlice<PathStep>, _ transform: (FixtureValue) -> FixtureValue?) -> FixtureValue? {
        guard let step = path.first else { return transform(self) }
        switch (self, step) {
        case (.object(let members, let inline), .key(let key)):
            var result: [(String, FixtureValue)] = []
            for (name, value) in members {
                if name == key {
                    if let updated = value.updating(path.dropFirst(), transform) { result.append((name, updated)) }
                } else {
                    result.append((name, value))
                }
            }
            return .object(result, inline: inline)
        case (.array(let items, let inline), .index(let index)):
            var result = items
            if let updated = items[index].updating(path.dropFirst(), transform) {
                result[index] = updated
            } else {
                result.remove(at: index)
            }
            return .array(result, inline: inline)
        default:
            fatalError("path does not fit the fixture")
        }
    }

    /// The value at `path`.
    func value(at path: ArraySlice<PathStep>) -> FixtureValue {
        guard let step = path.first else { return self }
        switch (self, step) {
        case (.object(let members, _), .key(let key)):
            return members.first { $0.0 == key }!.1.value(at: path.dropFirst())
        case (.array(let items, _), .index(let index)):
            return items[index].value(at: path.dropFirst())
        default:
            fatalError("path does not fit the fixture")
        }
    }
}

enum PathStep: Hashable, Sendable {
    case key(String)
    case index(Int)
}

/// Renders a ``FixtureValue`` and records positions.
struct FeedTextBuilder {
    private(set) var text = ""
    private(set) var positions: [String: (line: Int, column: Int)] = [:]
    private var line = 1
    private var column = 1

    static func render(_ value: FixtureValue) -> FeedTextBuilder {
        var builder = FeedTextBuilder()
        builder.write(value, path: "$", indent: 0)
        builder.append("\n")
        return builder
    }

    static func pathString(_ steps: [PathStep]) -> String {
        steps.reduce("$") { path, step in
            switch step {
            case .index(let index): return "\(path)[\(index)]"
            case .key(let key):
                let plain =
                    key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                    && !(key.first?.isNumber ?? true)
                return plain ? "\(path).\(key)" : "\(path)[\"\(key)\"]"
            }
        }
    }

    private mutating func append(_ piece: String) {
        text += piece
        for scalar in piece.unicodeScalars {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
    }

    private mutating func write(_ value: FixtureValue, path: String, indent: Int) {
        positions[path] = (line, column)
        let pad = String(repeating: " ", count: indent + 2)
        switch value {
        case .raw(let raw):
            append(raw)
        case .object(let members, let inline):
            append("{")
            for (index, (key, member)) in members.enumerated() {
                append(index == 0 ? (inline ? " " : "\n" + pad) : (inline ? ", " : ",\n" + pad))
                append("\"\(key)\": ")
                write(member, path: Self.pathString([.key(key)]).replacingFirst("$", with: path), indent: indent + 2)
            }
            append(members.isEmpty ? "}" : (inline ? " }" : "\n" + String(repeating: " ", count: indent) + "}"))
        case .array(let items, let inline):
            append("[")
            for (index, item) in items.enumerated() {
                append(index == 0 ? (inline ? "" : "\n" + pad) : (inline ? ", " : ",\n" + pad))
                write(item, path: "\(path)[\(index)]", indent: indent + 2)
            }
            append(items.isEmpty ? "]" : (inline ? "]" : "\n" + String(repeating: " ", count: indent) + "]"))
        }
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
