import Foundation

@testable import AnnounceProject

/// The Swift fixtures of `Tests/Fixtures/projects/swift`, and helpers to read tokens.
enum SwiftSourceFixtures {
    /// The bytes of the fixture `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = tests.appendingPathComponent("Fixtures/projects/swift/\(name)")
        return Array(try Data(contentsOf: url))
    }

    /// The summary of the fixture `name`.
    static func summary(_ name: String) throws -> SwiftFileSummary {
        SwiftFileSummary(bytes: try bytes(name))
    }

    /// Each token of `text` as its kind and text.
    static func tokens(_ text: String) -> [Pair] {
        let stream = SwiftTokenStream(text: text)
        return stream.tokens.map { Pair(kind: $0.kind, text: stream.text(of: $0)) }
    }

    /// A token's kind and text, comparable in an expectation.
    struct Pair: Equatable, CustomStringConvertible {
        var kind: SwiftToken.Kind
        var text: String

        var description: String { "\(kind.rawValue) \(text.debugDescription)" }
    }
}

/// A short way to write an expected token.
func token(_ kind: SwiftToken.Kind, _ text: String) -> SwiftSourceFixtures.Pair {
    SwiftSourceFixtures.Pair(kind: kind, text: text)
}
