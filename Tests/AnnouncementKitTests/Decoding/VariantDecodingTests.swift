import AnnouncementKit
import Foundation
import Testing

@Suite("Variant and goal decoding")
struct VariantDecodingTests {
    /// A feed whose one item has `field` written on its own (third) line, so findings inside it have
    /// line 3. The item lists `variants` in `audience.requires` unless `requires` is false.
    private func decode(_ field: String, requires: Bool = true) throws -> FeedDecodingResult {
        let audience = requires ? #" "audience": {"requires": ["variants"]},"# : ""
        return try FeedDecoder().decode(
            Data(
                """
                {"announcements": [
                  {"id": "copy", "title": "t", "message": "m",\(audience)
                \(field)}
                ]}
                """.utf8))
    }

    @Test("variants read back with every field; the goal with its default window of one day")
    func fields() throws {
        let result = try decode(
            #""variants": [{"id": "a", "weight": 1}, {"id": "b", "weight": 2, "title": {"en": "B"}, "#
                + #""message": "mb", "action": {"type": "url", "value": "https://example.com/b", "label": "Go"}, "#
                + #""style": "success"}, {"id": "h", "weight": 0, "holdout": true}], "goal": {"event": "bought"}"#)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let announcement = try #require(result.announcements.first)
        #expect(announcement.variants.map(\.id) == ["a", "b", "h"])
        #expect(announcement.variants[0] == .init(id: "a", weight: 1))
        #expect(
            announcement.variants[1]
                == .init(
                    id: "b", weight: 2, title: LocalizedText(["en": "B"]),
                    message: "mb", action: .url(URL(string: "https://example.com/b")!), actionLabel: "Go",
                    style: .success))
        #expect(announcement.variants[2].isHoldout && announcement.variants[2].weight == 0)
        #expect(announcement.goal == .init(event: "bought", within: 86_400))
        let timed = try decode(#""goal": {"event": "bought", "within": 3600}"#)
        #expect(timed.announcements.first?.goal == .init(event: "bought", within: 3_600))
    }

    @Test("an item with variants and its goal encodes and decodes to the same value")
    func roundTrip() throws {
        let result = try decode(
            #""variants": [{"id": "a", "weight": 1, "style": "warning"}, {"id": "b", "weight": 1, "#
                + #""action": {"type": "deepLink", "value": "app://b", "label": "B"}, "holdout": true}], "#
                + #""goal": {"event": "bought", "within": 60}"#)
        let feed = AnnouncementFeed(announcements: result.announcements)
        let again = try FeedDecoder().decode(JSONEncoder().encode(feed))
        #expect(again.announcements == result.announcements)
    }

    @Test("variants without variants in audience.requires is a warning: 0.1 apps would show the item's own text")
    func requiresWarning() throws {
        let result = try decode(#""variants": [{"id": "a", "weight": 1}]"#, requires: false)
        #expect(result.announcements.count == 1)
        let warning = try #require(result.warnings.first)
        #expect(
            warning.message
                == #"variants is a 0.2 field: add "variants" to audience.requires so 0.1 apps do not show it"#)
        #expect(warning.line == 3 && warning.column == 13)
    }

    @Test(
        "a bad variant or goal drops the item with the line and column of the problem",
        arguments: [
            (#""variants": {"id": "a"}"#, "$.announcements[0].variants", 13, "variants must be an array"),
            (#""variants": []"#, "$.announcements[0].variants", 13, "at least one weight above 0"),
            (#""variants": [{"id": "a", "weight": 0}]"#, "$.announcements[0].variants", 13, "at least one weight"),
            (#""variants": ["a"]"#, "$.announcements[0].variants[0]", 14, "each variant must be an object"),
            (#""variants": [{"weight": 1}]"#, "$.announcements[0].variants[0]", 14, #""id" is missing"#),
            (#""variants": [{"id": "a"}]"#, "$.announcements[0].variants[0]", 14, #""weight" is missing"#),
            (#""variants": [{"id": " ", "weight": 1}]"#, "$.announcements[0].variants[0].id", 21, "not be empty"),
            (#""variants": [{"id": 3, "weight": 1}]"#, "$.announcements[0].variants[0].id", 21, "must be a string"),
            (#""variants": [{"id": "a", "weight": -1}]"#, "$.announcements[0].variants[0].weight", 36, "at least 0"),
            (#""variants": [{"id": "a", "weight": 0.5}]"#, "$.announcements[0].variants[0].weight", 36, "integer"),
            (
                #""variants": [{"id": "a", "weight": 1}, {"id": "a", "weight": 1}]"#,
                "$.announcements[0].variants[1].id", 47, #"variant id "a" appears twice"#
            ),
            (
                #""variants": [{"id": "a", "weight": 1, "title": ""}]"#, "$.announcements[0].variants[0].title", 48,
                "title must not be empty"
            ),
            (
                #""variants": [{"id": "a", "weight": 1, "message": {"fr": "x"}}]"#,
                "$.announcements[0].variants[0].message", 50, #"has no "en" text"#
            ),
            (
                #""variants": [{"id": "a", "weight": 1, "action": {"type": "url", "value": "http://x"}}]"#,
                "$.announcements[0].variants[0].action.value", 74, "https"
            ),
            (
                #""variants": [{"id": "a", "weight": 1, "action": {"type": "phone"}}]"#,
                "$.announcements[0].variants[0].action.type", 58, "unknown action type"
            ),
            (
                #""variants": [{"id": "a", "weight": 1, "holdout": 1}]"#, "$.announcements[0].variants[0].holdout", 50,
                "holdout must be true or false"
            ),
            (#""goal": "bought""#, "$.announcements[0].goal", 9, "goal must be an object"),
            (#""goal": {"within": 60}"#, "$.announcements[0].goal", 9, #""event" is missing"#),
            (#""goal": {"event": ""}"#, "$.announcements[0].goal.event", 19, "event must not be empty"),
            (#""goal": {"event": "e", "within": 0}"#, "$.announcements[0].goal.within", 34, "more than zero"),
        ])
    func errors(field: String, path: String, column: Int, message: String) throws {
        let result = try decode(field)
        #expect(result.announcements.isEmpty)
        #expect(result.rejected.map(\.id) == ["copy"])
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1, "\(result.errors)")
        #expect(error.path == path)
        #expect(error.line == 3)
        #expect(error.column == column)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("unknown variant and goal keys are warned about and the item is kept")
    func unknownKeys() throws {
        let result = try decode(
            #""variants": [{"id": "a", "weight": 1, "colour": "red"}], "goal": {"event": "e", "x": 1}"#)
        #expect(result.announcements.count == 1)
        #expect(
            result.warnings.map(\.message) == [
                #"unknown variant field "colour" is ignored"#, #"unknown goal field "x" is ignored"#,
            ])
    }
}
