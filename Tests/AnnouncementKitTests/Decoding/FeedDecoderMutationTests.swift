import AnnouncementKit
import Foundation
import Testing

@Suite("Feed decoder: one bad item never hides the others")
struct FeedDecoderMutationTests {
    private func decode(_ text: String) throws -> FeedDecodingResult {
        try FeedDecoder().decode(Data(text.utf8))
    }

    @Test("the base fixture decodes clean")
    func baseFixture() throws {
        let result = try decode(FeedTextBuilder.render(MutationFixture.feed).text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.announcements.map(\.id) == MutationFixture.ids)
    }

    @Test("a single mutation drops exactly its item, with the right path, line and column", arguments: Mutation.all)
    func mutation(_ mutation: Mutation) throws {
        let itemSteps: [PathStep] = [.key("announcements"), .index(mutation.item)]
        let feed = try #require(
            MutationFixture.feed.updating(ArraySlice(itemSteps + mutation.path)) { _ in
                switch mutation.change {
                case .set(let raw): return .raw(raw)
                case .remove: return nil
                }
            })
        let rendered = FeedTextBuilder.render(feed)
        let result = try decode(rendered.text)

        var expectedIDs = MutationFixture.ids
        expectedIDs.remove(at: mutation.item)
        #expect(result.announcements.map(\.id) == expectedIDs)

        let errors = result.errors
        try #require(errors.count == 1, "errors: \(errors)")
        let error = errors[0]
        let expectedPath = FeedTextBuilder.pathString(itemSteps + (mutation.expectedPath ?? mutation.path))
        #expect(error.path == expectedPath)
        #expect(error.message.contains(mutation.messageContains), "message: \(error.message)")
        #expect(result.warnings.isEmpty, "warnings: \(result.warnings)")

        let expected: (line: Int, column: Int)
        switch mutation.anchor {
        case .value:
            expected = try #require(rendered.positions[FeedTextBuilder.pathString(itemSteps + mutation.path)])
        case .item:
            expected = try #require(rendered.positions[FeedTextBuilder.pathString(itemSteps)])
        case .other(let steps):
            expected = try #require(rendered.positions[FeedTextBuilder.pathString(itemSteps + steps)])
        case .text(let snippet):
            expected = try #require(Self.position(of: snippet, in: rendered.text))
        }
        #expect(error.line == expected.line)
        #expect(error.column == expected.column)

        let rejected = try #require(result.rejected.first)
        #expect(result.rejected.count == 1)
        #expect(rejected.index == mutation.item)
        #expect(rejected.errors == [error])
    }

    /// Line and column (in Unicode scalars) of the only occurrence of `snippet`.
    static func position(of snippet: String, in text: String) -> (line: Int, column: Int)? {
        guard let range = text.range(of: snippet),
            text.range(of: snippet, range: range.upperBound..<text.endIndex) == nil
        else { return nil }
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (line, text[lineStart..<range.lowerBound].unicodeScalars.count + 1)
    }
}
