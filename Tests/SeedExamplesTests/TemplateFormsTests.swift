// The template's own code uses the model and the providers in ways an app's code does too: these
// forms, written as the template writes them, compile and mean what the template means.
import AnnouncementKit
import Foundation
import Testing

/// A provider written to the template's protocol, as an app writes its own.
struct BundledAnnouncementProvider: AnnouncementProviding {
    let data: Data

    func fetchAnnouncements() async throws -> [Announcement] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(AnnouncementResponse.self, from: data).announcements
        } catch {
            throw AnnouncementError.decodingFailed
        }
    }
}

/// What an app's action handler writes: an exhaustive switch over the template's three cases.
func route(_ action: Announcement.Action) -> String {
    switch action {
    case .deepLink(let destination):
        return "navigate \(destination)"
    case .url(let url):
        return "open \(url.absoluteString)"
    case .dismiss:
        return "nothing"
    }
}

/// The template's conformances, as generic code that relies on them.
func identifiers<T: Identifiable & Sendable & Codable>(_ values: [T]) -> [T.ID] {
    values.map(\.id)
}

@Suite("The template's forms")
struct TemplateFormsTests {
    @Test("the template's JSON decodes with JSONDecoder and .iso8601, and encodes back")
    func codableRoundTrip() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let response = try decoder.decode(AnnouncementResponse.self, from: Data(templateFeedJSON.utf8))
        let announcement = try #require(response.announcements.first)
        let title: String = announcement.title
        let message: String = announcement.message
        #expect(title == "Scheduled Maintenance")
        #expect(message == "We'll be down Saturday 2-4 AM EST.")
        #expect(announcement.style == .warning)
        #expect(announcement.action == .url(URL(string: "https://status.example.com")!))
        #expect(announcement.priority == 100)
        #expect(announcement.startDate == ISO8601DateFormatter().date(from: "2024-06-14T06:00:00Z"))
        #expect(announcement.endDate == ISO8601DateFormatter().date(from: "2024-06-15T08:00:00Z"))
        #expect(announcement.isDismissible == false)
        #expect(announcement.targetAudience == .all)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let again = try decoder.decode(AnnouncementResponse.self, from: try encoder.encode(response))
        #expect(again.announcements == response.announcements)
        #expect(identifiers(response.announcements) == ["maintenance-2024"])
    }

    @Test("an action encodes as the template's {type, value} and an unknown type decodes as dismiss")
    func actionCodable() throws {
        let actions: [Announcement.Action] = [
            .deepLink("app://features/photos"), .url(URL(string: "https://example.com")!), .dismiss,
        ]
        let data = try JSONEncoder().encode(actions)
        #expect(try JSONDecoder().decode([Announcement.Action].self, from: data) == actions)
        let unknown = try JSONDecoder().decode(Announcement.Action.self, from: Data(#"{"type": "share"}"#.utf8))
        #expect(unknown == .dismiss)
        #expect(actions.map(route) == ["navigate app://features/photos", "open https://example.com", "nothing"])
    }

    @Test("styles and audiences by raw value, as the template's enums")
    func rawValues() {
        #expect(Announcement.Style(rawValue: "promotion") == .promotion)
        #expect(Announcement.Style(rawValue: "unknown") == nil)
        #expect(Announcement.Audience(rawValue: "freeUsers") == .freeUsers)
        let audiences: [Announcement.Audience] = [.all, .freeUsers, .proUsers, .newUsers]
        #expect(audiences.map(\.rawValue) == ["all", "freeUsers", "proUsers", "newUsers"])
    }

    @Test("a provider written to the template's protocol feeds the manager")
    func customProvider() async throws {
        let manager = AnnouncementManager(
            provider: BundledAnnouncementProvider(data: Data(templateFeedJSON.utf8)),
            dismissalStore: InMemoryDismissalStore())
        await manager.loadAnnouncements()
        manager.stop()
        #expect(manager.allAnnouncements.map(\.id) == ["maintenance-2024"])
        // Its dates are in 2024: loaded, but not active.
        #expect(manager.activeAnnouncement == nil)
        let broken = BundledAnnouncementProvider(data: Data("{".utf8))
        await #expect(throws: AnnouncementError.decodingFailed) { try await broken.fetchAnnouncements() }
    }

    @Test("the template's errors and their descriptions")
    func errors() {
        #expect(AnnouncementError.fetchFailed.errorDescription == "Failed to fetch announcements from server.")
        #expect(AnnouncementError.decodingFailed.localizedDescription == "Failed to decode announcement data.")
    }
}
