import AnnouncementKit
import Foundation
import Testing

@Suite("Decoding: feed-level limits")
struct LimitsDecodingTests {
    private func decode(_ text: String) throws(FeedDecodingError) -> FeedDecodingResult {
        try FeedDecoder().decode(Data(text.utf8))
    }

    private func failure(_ text: String) -> FeedDecodingError? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("limits are read; absent or null is none; an empty object sets none")
    func reads() throws {
        let both = try decode(#"{"limits": {"maxPerDay": 3, "minimumInterval": 120.5}, "announcements": []}"#)
        #expect(both.feed.limits == AnnouncementFeed.Limits(maxPerDay: 3, minimumInterval: 120.5))
        let one = try decode(#"{"announcements": [], "limits": {"maxPerDay": 1}}"#)
        #expect(one.feed.limits == AnnouncementFeed.Limits(maxPerDay: 1))
        #expect(try decode(#"{"announcements": []}"#).feed.limits == nil)
        #expect(try decode(#"{"limits": null, "announcements": []}"#).feed.limits == nil)
        #expect(try decode(#"{"limits": {}, "announcements": []}"#).feed.limits == nil)
        #expect(try decode(#"{"limits": {}, "announcements": []}"#).diagnostics.isEmpty)
    }

    @Test(
        "a bad limits value fails the feed at its line and column, like the other top-level keys",
        arguments: [
            (#""limits": [3]"#, "$.limits", "limits must be an object"),
            (#""limits": {"maxPerDay": 0}"#, "$.limits.maxPerDay", "limits.maxPerDay must be an integer of at least 1"),
            (#""limits": {"maxPerDay": 2.5}"#, "$.limits.maxPerDay", "limits.maxPerDay must be an integer"),
            (#""limits": {"maxPerDay": "3"}"#, "$.limits.maxPerDay", "limits.maxPerDay must be an integer"),
            (#""limits": {"minimumInterval": 0}"#, "$.limits.minimumInterval", "above 0"),
            (#""limits": {"minimumInterval": -5}"#, "$.limits.minimumInterval", "above 0"),
            (#""limits": {"minimumInterval": 1e12}"#, "$.limits.minimumInterval", "at most"),
        ])
    func badValue(member: String, path: String, message: String) throws {
        let error = try #require(failure("{\n  \"announcements\": [],\n  \(member)\n}"))
        #expect(error.kind == .invalidShape)
        #expect(error.diagnostic.path == path)
        #expect(error.diagnostic.message.contains(message))
        #expect(error.diagnostic.line == 3)
        #expect((error.diagnostic.column ?? 0) > 11)
    }

    @Test("an unknown key inside limits is a warning with its place; the rest is read")
    func unknownKey() throws {
        let result = try decode("{\"limits\": {\"maxPerDay\": 2,\n \"perWeek\": 9}, \"announcements\": []}")
        #expect(result.feed.limits == AnnouncementFeed.Limits(maxPerDay: 2))
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.path == "$.limits.perWeek")
        #expect(warning.message == "unknown field \"perWeek\" in limits is ignored")
        #expect(warning.line == 2 && warning.column == 2)
    }

    @Test("a maxPerDay above the 1,000 impressions kept is read, with a warning saying it acts as 1,000")
    func maxPerDayAboveTheHistory() throws {
        let result = try decode("{\"announcements\": [],\n  \"limits\": {\"maxPerDay\": 5000}}")
        #expect(result.feed.limits == AnnouncementFeed.Limits(maxPerDay: 5_000))
        let warning = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.path == "$.limits.maxPerDay")
        #expect(
            warning.message
                == "limits.maxPerDay 5000 is more impressions than an app keeps for a day (1000): "
                + "it holds back at 1000 impressions; use at most 1000")
        #expect(warning.line == 2 && warning.column == 27)
        let edge = try decode("{\"announcements\": [], \"limits\": {\"maxPerDay\": 1000}}")
        #expect(edge.diagnostics.isEmpty)
        #expect(edge.feed.limits?.maxPerDay == 1_000)
    }
}
