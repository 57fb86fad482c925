import AnnouncementKit
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
        var generator = SplitMix64(state: UInt64(seed))
        let announcements = Self.feed(&generator)
        var state = AnnouncementState()
        var now = Self.start
        let scheduler = AnnouncementScheduler(localTimeZone: Self.utc)
        func evaluator() -> EligibilityEvaluator {
            EligibilityEvaluator(context: AnnouncementContext(platform: "iOS"), state: state, scheduler: scheduler)
        }
        var engine = AnnouncementSelectionEngine(announcements, evaluator: evaluator(), at: now)
        for step in 0..<300 {
            let announcement = announcements.randomElement(using: &generator)!
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                state.recordDismissal(of: announcement, at: now)
                engine.update(state: state, changedIDs: [announcement.id])
            case 1:
                state.recordImpression(of: announcement.id, at: now)
                engine.update(state: state, changedIDs: [announcement.id])
            case 2:
                now = engine.nextChange ?? now.addingTimeInterval(600)
                engine.advance(to: now)
            default:
                now = now.addingTimeInterval(Double.random(in: 1...5_000, using: &generator).rounded())
                engine.advance(to: now)
            }
            let full = AnnouncementSelector.select(announcements, evaluator: evaluator(), at: now)
            let mine = engine.selection
            #expect(mine.active?.id == full.active?.id, "seed \(seed), step \(step)")
            #expect(engine.active == full.active && engine.queue == full.queue, "seed \(seed), step \(step)")
            #expect(mine.queue.map(\.id) == full.queue.map(\.id), "seed \(seed), step \(step)")
            #expect(
                mine.excluded.map { "\($0.id) \($0.reason) \($0.detail)" }
                    == full.excluded.map { "\($0.id) \($0.reason) \($0.detail)" }, "seed \(seed), step \(step)")
            #expect(mine.nextChange == full.nextChange, "seed \(seed), step \(step)")
            if mine != full { return }
        }
    }

    @Test("with targeting rules that read the time, the engine still equals a full selection", arguments: 1...4)
    func matchesFullSelectionWithRules(seed: Int) throws {
        var generator = SplitMix64(state: UInt64(seed))
        var announcements = Self.feed(&generator)
        for index in stride(from: 0, to: announcements.count, by: 3) {
            let edge = Self.start.timeIntervalSince1970 + Double(Int.random(in: 1...48, using: &generator) * 1_800)
            let rule: JSONValue =
                index % 2 == 0
                ? ["<": [["var": "now"], .number(edge)]]
                : ["and": [[">=": [["var": "now"], .number(edge)]], ["in": ["beta", ["var": "segments"]]]]]
            announcements[index].audience = .init(targeting: try TargetingRule(rule))
        }
        var state = AnnouncementState()
        var now = Self.start
        let context = AnnouncementContext(platform: "iOS", segments: ["beta"])
        let scheduler = AnnouncementScheduler(localTimeZone: Self.utc)
        func evaluator() -> EligibilityEvaluator {
            EligibilityEvaluator(context: context, state: state, scheduler: scheduler)
        }
        var engine = AnnouncementSelectionEngine(announcements, evaluator: evaluator(), at: now)
        for step in 0..<150 {
            let announcement = announcements.randomElement(using: &generator)!
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                state.recordDismissal(of: announcement, at: now)
                engine.update(state: state, changedIDs: [announcement.id])
            case 1:
                now = engine.nextChange ?? now.addingTimeInterval(600)
                engine.advance(to: now)
            default:
                now = now.addingTimeInterval(Double.random(in: 1...3_000, using: &generator).rounded())
                engine.advance(to: now)
            }
            let full = AnnouncementSelector.select(announcements, evaluator: evaluator(), at: now)
            #expect(engine.selection == full, "seed \(seed), step \(step)")
            #expect(engine.active == full.active && engine.nextChange == full.nextChange, "seed \(seed), step \(step)")
            if engine.selection != full { return }
        }
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
