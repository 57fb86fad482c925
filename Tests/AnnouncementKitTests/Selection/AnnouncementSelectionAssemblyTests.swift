import AnnouncementKit
import Foundation
import Testing

@Suite("Selection assembly")
struct AnnouncementSelectionAssemblyTests {
    @Test("a rejected item is excluded as invalid under its id, else its path, with its first error and path")
    func invalidExclusions() {
        let first = Diagnostic(
            severity: .error, message: "priority must be an integer", path: "$.announcements[2].priority")
        let second = Diagnostic(severity: .error, message: "title is missing", path: "$.announcements[2]")
        let rejected = [
            RejectedAnnouncement(index: 2, id: "broken", path: "$.announcements[2]", errors: [first, second]),
            RejectedAnnouncement(index: 3, id: nil, path: "$.announcements[3]", errors: [second]),
            RejectedAnnouncement(index: 4, id: "quiet", path: "$.announcements[4]", errors: []),
        ]
        let exclusions = AnnouncementSelection.Exclusion.invalid(rejected)
        #expect(exclusions.map(\.id) == ["broken", "$.announcements[3]", "quiet"])
        #expect(exclusions.allSatisfy { $0.reason == .invalid })
        #expect(
            exclusions.map(\.cause) == [
                .invalid(firstError: first), .invalid(firstError: second), .invalid(firstError: nil),
            ])
    }

    @Test("an answer gives an exclusion under the announcement's id only when it excludes")
    func exclusionFromAnswer() {
        let announcement = Announcement(id: "a", title: "t", message: "m")
        #expect(AnnouncementSelection.Exclusion(announcement, answer: .eligible) == nil)
        let capped = AnnouncementSelection.Exclusion(announcement, answer: .excluded(.oncePerSession))
        #expect(capped == AnnouncementSelection.Exclusion(id: "a", cause: .oncePerSession))
        #expect(capped?.reason == .frequencyCapped)
    }

    @Test("the selector and the engine list invalid items the same way, after the excluded ones")
    func selectorAndEngineAgreeOnRejected() throws {
        let data = Data(
            """
            {"announcements": [
              {"id": "ok", "title": "t", "message": "m", "priority": 1},
              {"id": "broken", "title": "t", "message": "m", "priority": "x"},
              {"id": "gone", "title": "t", "message": "m", "endDate": "2026-12-01T00:00:00Z"},
              {"title": "t", "message": "m"},
              {"id": "next", "title": "t", "message": "m", "priority": 1}]}
            """.utf8)
        let decoded = try FeedDecoder().decode(data)
        let now = try Timestamp.parse("2026-12-04T12:00:00Z")
        let evaluator = EligibilityEvaluator(context: AnnouncementContext(platform: "iOS"))
        let full = AnnouncementSelector.select(
            decoded.announcements, rejected: decoded.rejected, evaluator: evaluator, at: now)
        let engine = AnnouncementSelectionEngine(
            decoded.announcements, rejected: decoded.rejected, evaluator: evaluator, at: now)
        #expect(full.excluded.map(\.id) == ["gone", "broken", "$.announcements[3]"])
        #expect(engine.selection == full)
        #expect(full.active?.id == "ok")
        #expect(full.queue.map(\.id) == ["next"])
    }
}
