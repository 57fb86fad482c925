import AnnouncementKit
import Foundation
import Testing

@Suite("Announcement values written in code")
struct AnnouncementTests {
    @Test("the original template's initializer compiles and means the same as the feed item")
    func templateInitializer() throws {
        let start = Date(timeIntervalSince1970: 1_796_364_000)
        let title = "Scheduled Maintenance"
        let inCode = Announcement(
            id: "maintenance", title: title, message: "Down 2-4 AM UTC.", style: .warning,
            action: .url(URL(string: "https://status.example.com")!), priority: 100,
            startDate: start, endDate: start.addingTimeInterval(3600), isDismissible: false, targetAudience: "all")
        let feed = """
            {"announcements": [{"id": "maintenance", "title": "Scheduled Maintenance", "message": "Down 2-4 AM UTC.",
              "style": "warning", "action": {"type": "url", "value": "https://status.example.com"}, "priority": 100,
              "startDate": "2026-12-04T06:00:00Z", "endDate": "2026-12-04T07:00:00Z", "isDismissible": false,
              "targetAudience": "all"}]}
            """
        let decoded = try FeedDecoder().decode(Data(feed.utf8)).announcements
        #expect(decoded == [inCode])
    }

    @Test("defaults are those of the feed format")
    func defaults() {
        let announcement = Announcement(id: "a", title: "t", message: "m")
        #expect(announcement.style == .info)
        #expect(announcement.action == .dismiss && announcement.actionLabel == nil)
        #expect(announcement.priority == 0)
        #expect(announcement.revision == 0)
        #expect(announcement.isDismissible)
        #expect(announcement.targetAudience == "all")
        #expect(announcement.startDate == nil && announcement.endDate == nil && announcement.schedule == nil)
        #expect(announcement.audience == nil && announcement.frequency == nil && announcement.placements == nil)
        #expect(announcement.dismissFor == nil && announcement.autoDismissAfter == nil)
        #expect(Announcement.Schedule().timeZone == "UTC")
        #expect(AnnouncementFeed(announcements: []).defaultLocale == "en")
    }

    @Test("actions expose their destination")
    func destinations() {
        #expect(Announcement.Action.url(URL(string: "https://example.com/x")!).destination?.host == "example.com")
        #expect(Announcement.Action.deepLink("myapp://settings").destination?.scheme == "myapp")
        #expect(Announcement.Action.dismiss.destination == nil)
    }

    @Test("times of day parse exactly HH:mm")
    func timesOfDay() {
        #expect(TimeOfDay("09:30")?.minutesSinceMidnight == 570)
        #expect(TimeOfDay("24:00")?.description == "24:00")
        #expect(TimeOfDay("24:01") == nil)
        #expect(TimeOfDay("9:30") == nil)
        #expect(TimeOfDay("09:60") == nil)
        #expect(TimeOfDay("0930") == nil)
        #expect(TimeOfDay("08:00")! < TimeOfDay("08:01")!)
    }

    @Test("copies are independent values: changing one leaves the other as it was")
    func copiesAreIndependent() {
        let original = Announcement(
            id: "a", title: "Title", message: "Message", priority: 3, targetAudience: "beta")
        var copy = original
        #expect(copy == original)
        copy.priority = 9
        copy.localizedTitle = LocalizedText(["en": "Changed"])
        copy.audience = Announcement.AudienceRules(segments: ["pro"])
        #expect(original.priority == 3)
        #expect(original.title == "Title")
        #expect(original.audience == nil)
        #expect(copy.priority == 9 && copy.audience?.segments == ["pro"])
        #expect(copy != original)
        var third = copy
        third.priority = 3
        third.title = "Title"
        third.audience = nil
        #expect(third == original)
        #expect(third.hashValue == original.hashValue)
        #expect(Set([original, copy, third]).count == 2)
    }
}
