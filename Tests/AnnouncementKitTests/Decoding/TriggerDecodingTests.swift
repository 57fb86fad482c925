import AnnouncementKit
import Foundation
import Testing

@Suite("Trigger decoding")
struct TriggerDecodingTests {
    /// A feed whose one item has `trigger` written on its own (third) line, so findings inside it have
    /// line 3 and the column of the value in `trigger`. The item lists `triggers` in
    /// `audience.requires` unless `requires` is false.
    private func decode(trigger: String, requires: Bool = true) throws -> FeedDecodingResult {
        let audience = requires ? #" "audience": {"requires": ["triggers"]},"# : ""
        return try FeedDecoder().decode(
            Data(
                """
                {"announcements": [
                  {"id": "review", "title": "t", "message": "m",\(audience)
                "trigger": \(trigger)}
                ]}
                """.utf8))
    }

    @Test("a trigger without triggers in audience.requires is a warning: 0.1 apps would show it at once")
    func requiresWarning() throws {
        let result = try decode(trigger: #"{"event": "e"}"#, requires: false)
        #expect(result.announcements.count == 1)
        let warning = try #require(result.warnings.first)
        #expect(result.warnings.count == 1)
        #expect(
            warning.message
                == #"trigger is a 0.2 field: add "triggers" to audience.requires so 0.1 apps do not show it"#)
        #expect(warning.path == "$.announcements[0].trigger")
        #expect(warning.line == 3 && warning.column == 12)
    }

    @Test("a trigger reads back with its defaults: one occurrence within 300 seconds")
    func defaults() throws {
        let result = try decode(trigger: #"{"event": "checkout_completed"}"#)
        #expect(result.diagnostics.isEmpty)
        #expect(result.announcements.first?.trigger == .init(event: "checkout_completed", minCount: 1, within: 300))
        let full = try decode(trigger: #"{"event": "level_done", "minCount": 3, "within": 86400}"#)
        #expect(full.announcements.first?.trigger == .init(event: "level_done", minCount: 3, within: 86_400))
        #expect(try decode(trigger: "null").announcements.first?.trigger == nil)
    }

    @Test(
        "a bad trigger drops the item with the line and column of the problem",
        arguments: [
            (#"{"minCount": 2}"#, "$.announcements[0].trigger", 12, #""event" is missing"#),
            (#"{"event": ""}"#, "$.announcements[0].trigger.event", 22, "event must not be empty"),
            (#"{"event": 7}"#, "$.announcements[0].trigger.event", 22, "event must be a string"),
            (#"{"event": "e", "minCount": 0}"#, "$.announcements[0].trigger.minCount", 39, "at least 1"),
            (#"{"event": "e", "minCount": 1.5}"#, "$.announcements[0].trigger.minCount", 39, "an integer"),
            (#"{"event": "e", "within": 0}"#, "$.announcements[0].trigger.within", 37, "more than zero"),
            (#"{"event": "e", "within": -5}"#, "$.announcements[0].trigger.within", 37, "more than zero"),
            (#"{"event": "e", "within": 4e8}"#, "$.announcements[0].trigger.within", 37, "ten years"),
            (#""checkout""#, "$.announcements[0].trigger", 12, "trigger must be an object"),
            (#"{"event": "check\u0007out"}"#, "$.announcements[0].trigger.event", 22, "control character U+0007"),
            (#"{"event": "check\u202Eout"}"#, "$.announcements[0].trigger.event", 22, "U+202E at position 5"),
        ])
    func errors(trigger: String, path: String, column: Int, message: String) throws {
        let result = try decode(trigger: trigger)
        #expect(result.announcements.isEmpty)
        #expect(result.rejected.map(\.id) == ["review"])
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path == path)
        #expect(error.line == 3)
        #expect(error.column == column)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("an event name longer than the state keeps is an error: it could never be recorded")
    func longName() throws {
        let name = String(repeating: "é", count: 65)  // 130 bytes
        let result = try decode(trigger: #"{"event": "\#(name)"}"#)
        #expect(result.announcements.isEmpty)
        #expect(result.errors.first?.message == "event is 130 bytes long; at most 128 are allowed")
        let longest = String(repeating: "e", count: AnnouncementState.maximumEventNameLength)
        #expect(try decode(trigger: #"{"event": "\#(longest)"}"#).announcements.count == 1)
    }

    @Test("unknown trigger keys are warned about and the item is kept")
    func unknownKey() throws {
        let result = try decode(trigger: #"{"event": "e", "count": 3}"#)
        #expect(result.announcements.count == 1)
        let warning = try #require(result.warnings.first)
        #expect(warning.message == #"unknown trigger field "count" is ignored"#)
        #expect(warning.path == "$.announcements[0].trigger.count")
        #expect(warning.line == 3)
        #expect(warning.column == 27)
    }

    @Test("encoding writes the trigger back, defaults left out")
    func encoding() throws {
        var announcement = Announcement(id: "a", title: "t", message: "m")
        announcement.trigger = .init(event: "checkout_completed", minCount: 3)
        let feed = AnnouncementFeed(announcements: [announcement])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(feed)
        #expect(
            String(decoding: data, as: UTF8.self).contains(#""trigger":{"event":"checkout_completed","minCount":3}"#))
        #expect(try FeedDecoder().decode(data).announcements == [announcement])
    }
}
