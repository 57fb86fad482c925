import AnnouncementKit
import Foundation
import Testing

@Suite("Announcement storage")
struct AnnouncementStorageTests {
    static let instant = Date(timeIntervalSince1970: 1_796_364_000.25)
    static let schedule = Announcement.Schedule(
        timeZone: "Europe/Berlin", weekdays: [1, 5], startTime: TimeOfDay(hour: 9, minute: 0),
        endTime: TimeOfDay(hour: 17, minute: 30))

    @Test("an announcement is one reference, whatever it holds")
    func oneReference() {
        #expect(MemoryLayout<Announcement>.size == MemoryLayout<AnyObject>.size)
    }

    @Test("every field reads back what was written, packed ones included", arguments: [-1e9, -0.0, 0, 1.5, 8e12])
    func fieldsRoundTrip(seconds: Double) {
        var announcement = Announcement(id: "a", title: "t", message: "m")
        let date = Date(timeIntervalSinceReferenceDate: seconds)
        announcement.id = "b"
        announcement.revision = 4
        announcement.localizedTitle = LocalizedText(["en": "Title", "de": "Titel"])
        announcement.message = "Message"
        announcement.style = .critical
        announcement.action = .deepLink("myapp://x")
        announcement.priority = -2
        announcement.startDate = date
        announcement.endDate = date.addingTimeInterval(1)
        announcement.schedule = Self.schedule
        announcement.isDismissible = false
        announcement.dismissFor = seconds
        announcement.targetAudience = "beta"
        announcement.audience = .init(segments: ["pro"])
        announcement.frequency = .init(maxImpressions: 2)
        announcement.placements = ["home"]
        announcement.autoDismissAfter = seconds
        announcement.isDraft = true
        let expected = Announcement(
            id: "b", revision: 4, title: LocalizedText(["en": "Title", "de": "Titel"]), message: "Message",
            style: .critical, action: .deepLink("myapp://x"), priority: -2, startDate: date,
            endDate: date.addingTimeInterval(1), schedule: Self.schedule, isDismissible: false, dismissFor: seconds,
            targetAudience: "beta", audience: .init(segments: ["pro"]), frequency: .init(maxImpressions: 2),
            placements: ["home"], autoDismissAfter: seconds, isDraft: true)
        #expect(announcement == expected)
        #expect(announcement.hashValue == expected.hashValue)
        #expect(announcement.startDate == date && announcement.endDate == date.addingTimeInterval(1))
        #expect(announcement.dismissFor?.bitPattern == seconds.bitPattern)
        #expect(announcement.autoDismissAfter?.bitPattern == seconds.bitPattern)
        #expect(announcement.schedule == Self.schedule)
        #expect(announcement.isDraft)
        announcement.isDraft = false
        #expect(announcement != expected)
    }

    @Test("a packed time tells nil from every number, NaN and infinities included")
    func packedTimes() {
        var announcement = Announcement(id: "a", title: "t", message: "m")
        for value in [Double.nan, -Double.nan, .signalingNaN, .infinity, -.infinity, 0, .leastNonzeroMagnitude] {
            announcement.dismissFor = value
            #expect(announcement.dismissFor != nil)
            #expect(announcement.dismissFor?.bitPattern == value.bitPattern)
            announcement.startDate = Date(timeIntervalSinceReferenceDate: value)
            #expect(announcement.startDate?.timeIntervalSinceReferenceDate.bitPattern == value.bitPattern)
        }
        announcement.dismissFor = nil
        announcement.startDate = nil
        #expect(announcement.dismissFor == nil && announcement.startDate == nil)
        #expect(announcement == Announcement(id: "a", title: "t", message: "m"))
    }

    @Test("copies share until one changes; schedules compare by value, not by box")
    func copyOnWrite() {
        let original = Announcement(id: "a", title: "t", message: "m", startDate: Self.instant)
        var copy = original
        copy.startDate = nil
        copy.schedule = Self.schedule
        copy.dismissFor = 60
        #expect(original.startDate == Self.instant && original.schedule == nil && original.dismissFor == nil)
        #expect(copy.startDate == nil && copy.schedule == Self.schedule && copy.dismissFor == 60)
        var other = original
        other.startDate = nil
        other.dismissFor = 60
        other.schedule = Announcement.Schedule(
            timeZone: "Europe/Berlin", weekdays: [1, 5], startTime: TimeOfDay(hour: 9, minute: 0),
            endTime: TimeOfDay(hour: 17, minute: 30))
        #expect(other == copy)
        #expect(other.hashValue == copy.hashValue)
        other.schedule?.weekdays = [2]
        #expect(other != copy)
        #expect(copy.schedule?.weekdays == [1, 5])
    }
}
