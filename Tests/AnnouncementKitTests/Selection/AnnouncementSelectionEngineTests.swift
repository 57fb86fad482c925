import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("Incremental selection")
struct AnnouncementSelectionEngineTests {
    static let start = try! Timestamp.parse("2026-12-04T00:00:00Z")
    static let utc = TimeZone(identifier: "UTC")!

    static func feed(_ generator: inout SplitMix64) -> [Announcement] {
        (0..<60).map { index in
            var item = Announcement(
                id: "a\(index)", title: "t", message: "m", priority: Int.random(in: 0...4, using: &generator))
            switch Int.random(in: 0..<8, using: &generator) {
            case 0:
                item.startDate = start.addingTimeInterval(Double.random(in: 0...86_400, using: &generator).rounded())
            case 1: item.endDate = start.addingTimeInterval(Double.random(in: 1...86_400, using: &generator).rounded())
            case 2:
                item.schedule = Announcement.Schedule(
                    timeZone: "UTC", startTime: TimeOfDay(hour: Int.random(in: 0...23, using: &generator), minute: 0),
                    endTime: TimeOfDay(hour: Int.random(in: 0...23, using: &generator), minute: 30))
            case 3: item.dismissFor = Double(Int.random(in: 60...7_200, using: &generator))
            case 4: item.frequency = .init(maxImpressions: Int.random(in: 1...3, using: &generator))
            case 5: item.frequency = .init(minimumInterval: Double(Int.random(in: 60...7_200, using: &generator)))
            case 6: item.isDismissible = false
            default: item.targetAudience = Bool.random(using: &generator) ? "all" : "vip"
            }
            return item
        }
    }

    @Test("after every dismissal, impression and tick the engine equals a full selection", arguments: 1...8)
    func matchesFullSelection(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let walk = EngineAgreementWalk(announcements: Self.feed(&generator), steps: 300, maximumJump: 5_000)
        walk.run(seed: seed, generator: &generator, from: Self.start)
    }

    @Test("with targeting rules that read the time, the engine still equals a full selection", arguments: 1...4)
    func matchesFullSelectionWithRules(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        var announcements = Self.feed(&generator)
        for index in stride(from: 0, to: announcements.count, by: 3) {
            let edge = Self.start.timeIntervalSince1970 + Double(Int.random(in: 1...48, using: &generator) * 1_800)
            let rule: JSONValue =
                index % 2 == 0
                ? ["<": [["var": "now"], .number(edge)]]
                : ["and": [[">=": [["var": "now"], .number(edge)]], ["in": ["beta", ["var": "segments"]]]]]
            announcements[index].audience = .init(targeting: try TargetingRule(rule))
        }
        let walk = EngineAgreementWalk(
            announcements: announcements, context: AnnouncementContext(platform: "iOS", segments: ["beta"]),
            steps: 150, impressions: false, maximumJump: 3_000)
        walk.run(seed: seed, generator: &generator, from: Self.start)
    }

    @Test("a clock that goes back is re-evaluated whole")
    func clockGoesBack() {
        let later = Announcement(id: "later", title: "t", message: "m", startDate: Self.start.addingTimeInterval(3_600))
        let evaluator = EligibilityEvaluator(
            context: AnnouncementContext(), scheduler: AnnouncementScheduler(localTimeZone: Self.utc))
        var engine = AnnouncementSelectionEngine(
            [later], evaluator: evaluator, at: Self.start.addingTimeInterval(7_200))
        #expect(engine.active?.id == "later")
        engine.advance(to: Self.start)
        #expect(engine.active == nil)
        #expect(engine.eligibility(of: "later")?.reason == .notStarted)
        #expect(engine.nextChange == Self.start.addingTimeInterval(3_600))
    }
}
