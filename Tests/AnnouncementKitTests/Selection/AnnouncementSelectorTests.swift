import AnnouncementKit
import Foundation
import Testing

@Suite("Selection")
struct AnnouncementSelectorTests {
    let now = try! Timestamp.parse("2026-12-04T12:00:00Z")

    private func item(_ id: String, priority: Int = 0, _ configure: (inout Announcement) -> Void = { _ in })
        -> Announcement
    {
        var announcement = Announcement(id: id, title: "t", message: "m", priority: priority)
        configure(&announcement)
        return announcement
    }

    private var evaluator: EligibilityEvaluator {
        EligibilityEvaluator(
            context: AnnouncementContext(platform: "iOS"),
            scheduler: AnnouncementScheduler(localTimeZone: TimeZone(identifier: "UTC")!))
    }

    @Test("highest priority first, then feed order; the rest are the queue")
    func order() {
        let feed = [item("low", priority: 1), item("high-a", priority: 5), item("mid"), item("high-b", priority: 5)]
        let selection = AnnouncementSelector.select(feed, evaluator: evaluator, at: now)
        #expect(selection.active?.id == "high-a")
        #expect(selection.queue.map(\.id) == ["high-b", "low", "mid"])
        #expect(selection.excluded.isEmpty)
    }

    @Test("excluded items keep feed order; invalid ones follow with their first error")
    func excluded() throws {
        let data = Data(
            """
            {"announcements": [
              {"id": "ok", "title": "t", "message": "m"},
              {"id": "later", "title": "t", "message": "m", "startDate": "2026-12-05T00:00:00Z"},
              {"id": "broken", "title": "t", "message": "m", "priority": "x"},
              {"title": "t", "message": "m"},
              {"id": "gone", "title": "t", "message": "m", "endDate": "2026-12-01T00:00:00Z"}]}
            """.utf8)
        let decoded = try FeedDecoder().decode(data)
        let selection = AnnouncementSelector.select(
            decoded.announcements, rejected: decoded.rejected, evaluator: evaluator, at: now)
        #expect(selection.active?.id == "ok")
        #expect(selection.excluded.map(\.id) == ["later", "gone", "broken", "$.announcements[3]"])
        #expect(selection.excluded.map(\.reason) == [.notStarted, .expired, .invalid, .invalid])
        #expect(selection.excluded[2].cause == .invalid(firstError: decoded.rejected.first?.errors.first))
        #expect(decoded.rejected.first?.errors.first?.message.hasPrefix("priority must be an integer") == true)
        #expect(selection.nextChange == (try Timestamp.parse("2026-12-05T00:00:00Z")))
    }

    @Test("nextChange is the earliest change among all items, and nil when nothing changes")
    func nextChange() throws {
        let feed = [
            item("a") { $0.endDate = self.now.addingTimeInterval(7200) },
            item("b") { $0.startDate = self.now.addingTimeInterval(3600) },
            item("c") {
                $0.startDate = self.now.addingTimeInterval(60); $0.targetAudience = "nobody"
            },
        ]
        #expect(
            AnnouncementSelector.select(feed, evaluator: evaluator, at: now).nextChange == now.addingTimeInterval(3600))
        #expect(AnnouncementSelector.select([item("x")], evaluator: evaluator, at: now).nextChange == nil)
        let far = item("far") { $0.startDate = self.now.addingTimeInterval(400 * 86_400) }
        #expect(AnnouncementSelector.select([far], evaluator: evaluator, at: now).nextChange == nil)
    }
}
