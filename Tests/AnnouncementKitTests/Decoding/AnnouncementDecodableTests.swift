import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("Announcement through JSONEncoder and JSONDecoder")
struct AnnouncementDecodableTests {
    static func exampleAnnouncements() throws -> [Announcement] {
        try FeedDecoder().decode(Fixtures.data("Examples/feed.json")).announcements
    }

    @Test("every announcement of the example feed comes back equal, whatever the coders' date strategies")
    func roundTrip() throws {
        let announcements = try Self.exampleAnnouncements()
        #expect(announcements.count == 7)
        let iso = (JSONEncoder(), JSONDecoder())
        iso.0.dateEncodingStrategy = .iso8601
        iso.1.dateDecodingStrategy = .iso8601
        for (encoder, decoder) in [(JSONEncoder(), JSONDecoder()), iso] {
            for announcement in announcements {
                let data = try encoder.encode(announcement)
                #expect(try decoder.decode(Announcement.self, from: data) == announcement, "\(announcement.id)")
            }
        }
    }

    @Test("the template's response type reads a feed body and writes it back")
    func response() throws {
        let announcements = try Self.exampleAnnouncements()
        let data = try JSONEncoder().encode(AnnouncementResponse(announcements: announcements))
        let decoded = try JSONDecoder().decode(AnnouncementResponse.self, from: data)
        #expect(decoded.announcements == announcements)
        let feed = try JSONDecoder().decode(AnnouncementResponse.self, from: Fixtures.data("Examples/feed.json"))
        #expect(feed.announcements == announcements)
    }

    @Test("the template's own item decodes, with its defaults")
    func templateItem() throws {
        let json = """
            {"id": "maintenance-2024", "title": "Scheduled Maintenance", "message": "Down Saturday 2-4 AM EST.",
             "style": "warning", "priority": 100, "startDate": "2024-06-14T06:00:00Z",
             "endDate": "2024-06-15T08:00:00Z", "isDismissible": false, "targetAudience": "all"}
            """
        let announcement = try JSONDecoder().decode(Announcement.self, from: Data(json.utf8))
        #expect(announcement.id == "maintenance-2024")
        #expect(announcement.style == .warning)
        #expect(announcement.priority == 100)
        #expect(announcement.isDismissible == false)
        #expect(announcement.startDate == ISO8601DateFormatter().date(from: "2024-06-14T06:00:00Z"))
    }

    @Test("an item the feed decoder would drop throws, naming each error and its path in the item")
    func invalidItem() throws {
        let json = #"{"id": "x", "title": "T", "message": "M", "priority": "high", "style": 7}"#
        do {
            _ = try JSONDecoder().decode(Announcement.self, from: Data(json.utf8))
            Issue.record("an invalid item decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.hasPrefix("not a usable announcement: "))
            #expect(context.debugDescription.contains("priority must be an integer"))
            #expect(context.debugDescription.contains("($.priority)"))
        }
    }

    @Test("inside a larger document the coding path of the bad item is reported")
    func codingPath() throws {
        let json = #"{"announcements": [{"id": "a", "title": "A", "message": "M"}, {"id": "b"}]}"#
        do {
            _ = try JSONDecoder().decode(AnnouncementResponse.self, from: Data(json.utf8))
            Issue.record("an invalid item decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["announcements", "Index 1"])
            #expect(context.debugDescription.contains("title"))
        }
    }
}
