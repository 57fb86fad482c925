import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("Incremental selection with app events")
struct TriggerSelectionEngineTests {
    static let start = try! Timestamp.parse("2026-12-04T00:00:00Z")
    static let events = ["checkout", "level_done", "share"]

    /// 60 items: every third has a trigger on one of three events, every seventh a rule reading
    /// `events`, some a date range or a dismissal time.
    static func feed(_ generator: inout SplitMix64) throws -> [Announcement] {
        try (0..<60).map { index in
            var item = Announcement(
                id: "a\(index)", title: "t", message: "m", priority: Int.random(in: 0...4, using: &generator))
            if index % 3 == 0 {
                item.trigger = .init(
                    event: events.randomElement(using: &generator)!, minCount: Int.random(in: 1...3, using: &generator),
                    within: Double(Int.random(in: 60...1_800, using: &generator)))
            }
            if index % 7 == 0 {
                item.audience = .init(targeting: try TargetingRule([">=": [["var": "events.share.count"], 2]]))
            }
            if index % 5 == 1 {
                item.endDate = start.addingTimeInterval(Double(Int.random(in: 60...7_200, using: &generator)))
            }
            if index % 4 == 2 { item.dismissFor = Double(Int.random(in: 60...3_600, using: &generator)) }
            return item
        }
    }

    @Test("after every event, dismissal and tick the engine equals a full selection", arguments: 1...6)
    func matchesFullSelection(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let announcements = try Self.feed(&generator)
        var state = AnnouncementState()
        var now = Self.start
        func evaluator() -> EligibilityEvaluator {
            EligibilityEvaluator(context: AnnouncementContext(platform: "iOS"), state: state)
        }
        var engine = AnnouncementSelectionEngine(announcements, evaluator: evaluator(), at: now)
        for step in 0..<200 {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                let name = Self.events.randomElement(using: &generator)!
                state.recordEvent(name, at: now)
                engine.update(state: state, events: [name])
            case 1:
                let announcement = announcements.randomElement(using: &generator)!
                state.recordDismissal(of: announcement, at: now)
                engine.update(state: state, changedIDs: [announcement.id])
            case 2:
                now = engine.nextChange ?? now.addingTimeInterval(600)
                engine.advance(to: now)
            default:
                now = now.addingTimeInterval(Double.random(in: 1...900, using: &generator).rounded())
                engine.advance(to: now)
            }
            let full = AnnouncementSelector.select(announcements, evaluator: evaluator(), at: now)
            #expect(engine.selection == full, "seed \(seed), step \(step)")
            if engine.selection != full { return }
        }
    }

    @Test("an event re-evaluates only the items whose trigger names it or whose rule reads events")
    func onlyAffectedItems() throws {
        var announcements = (0..<100).map { Announcement(id: "plain\($0)", title: "t", message: "m") }
        announcements[10].trigger = .init(event: "checkout", minCount: 2)
        announcements[20].trigger = .init(event: "checkout")
        announcements[30].trigger = .init(event: "share")
        announcements[40].audience = .init(targeting: try TargetingRule([">": [["var": "events.share.count"], 0]]))
        var state = AnnouncementState()
        let evaluator = EligibilityEvaluator(context: AnnouncementContext(), state: state)
        var engine = AnnouncementSelectionEngine(announcements, evaluator: evaluator, at: Self.start)
        #expect(engine.evaluations == 100)
        state.recordEvent("checkout", at: Self.start)
        engine.update(state: state, events: ["checkout"])
        #expect(engine.evaluations == 103, "items 10, 20 and the rule of 40")
        #expect(engine.eligibility(of: "plain20")?.isEligible == true)
        #expect(engine.eligibility(of: "plain10")?.reason == .notTriggered)
        state.recordEvent("unrelated", at: Self.start)
        engine.update(state: state, events: ["unrelated"])
        #expect(engine.evaluations == 104, "only the rule reading events")
        #expect(engine.nextChange == Self.start.addingTimeInterval(300))
        // The window running out re-evaluates the triggered item when time reaches it.
        engine.advance(to: Self.start.addingTimeInterval(300))
        #expect(engine.eligibility(of: "plain20")?.reason == .notTriggered)
        #expect(engine.evaluations == 105)
    }
}
