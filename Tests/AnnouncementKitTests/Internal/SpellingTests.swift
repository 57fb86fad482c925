import Foundation
import Testing

@testable import AnnouncementKit

/// "Did you mean" for misspelled names: within two edits (one for short words), any case, the
/// nearest first, never for a long or far word, and at most 256 looked for in one feed (the time a
/// feed of many takes is measured by `announce-bench --only hostile`).
@Suite struct SpellingTests {
    static let fields = AnnouncementNodeDecoder.ItemKey.allCases.map(\.name)

    @Test(arguments: [
        ("mesage", "message"), ("isDismissable", "isDismissible"), ("priorty", "priority"), ("Title", "title"),
        ("tilte", "title"), ("stratDate", "startDate"), ("ID", "id"), ("formt", "format"),
    ])
    func nearNamesAreSuggested(written: String, known: String) {
        #expect(Spelling.suggestion(for: written, among: Self.fields) == known)
    }

    @Test(arguments: ["colour", "x", "ab", "announcementBannerColour", "message", String(repeating: "m", count: 49)])
    func farExactOrLongWordsAreNot(written: String) {
        #expect(Spelling.suggestion(for: written, among: Self.fields) == nil)
    }

    @Test func theDistanceCountsASwapAsOneEdit() {
        #expect(Spelling.distance(Array("abcd".utf8), Array("abdc".utf8)) == 1)
        #expect(Spelling.distance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
        #expect(Spelling.distance([], Array("abc".utf8)) == 3)
    }

    @Test func aFeedOfManyMisspelledFieldsGetsAtMost256Suggestions() throws {
        let keys = (0..<20_000).map { "\"mesag\($0)\": 1" }.joined(separator: ", ")
        let feed =
            "{\"schemaVersion\": 1, \"announcements\": [{\"id\": \"a\", \"title\": \"t\", \"message\": \"m\", \(keys)}]}"
        let decoded = try FeedDecoder().decode(Data(feed.utf8))
        let unknown = decoded.warnings.filter { $0.message.hasPrefix("unknown announcement field") }
        #expect(unknown.count == 20_000)
        #expect(unknown.filter { $0.message.contains("did you mean") }.count <= DiagnosticSink.maximumSuggestions)
        #expect(unknown.first?.message.contains("did you mean \"message\"?") == true)
    }
}
