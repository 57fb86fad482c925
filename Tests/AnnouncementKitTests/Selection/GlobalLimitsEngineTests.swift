import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("Incremental selection with global limits")
struct GlobalLimitsEngineTests {
    static let start = try! Timestamp.parse("2026-12-04T00:00:00Z")

    @Test("after every impression, dismissal and tick the engine equals a full selection", arguments: 1...6)
    func matchesFullSelection(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        var announcements = AnnouncementSelectionEngineTests.feed(&generator)
        for index in stride(from: 0, to: announcements.count, by: 7) { announcements[index].style = .critical }
        let limits = AnnouncementFeed.Limits(
            maxPerDay: Int.random(in: 1...6, using: &generator),
            minimumInterval: Bool.random(using: &generator)
                ? Double(Int.random(in: 60...3_600, using: &generator)) : nil)
        let walk = EngineAgreementWalk(
            announcements: announcements, limits: limits, steps: 300, maximumJump: 20_000)
        walk.run(seed: seed, generator: &generator, from: Self.start)
    }

    @Test("one impression holds back every non-critical item; without limits it changes only its own")
    func impressionReachesOthers() {
        let items = [
            Announcement(id: "a", title: "t", message: "m", priority: 2),
            Announcement(id: "b", title: "t", message: "m", priority: 1),
            Announcement(id: "c", title: "t", message: "m", style: .critical),
        ]
        var state = AnnouncementState()
        let limited = EligibilityEvaluator(
            context: AnnouncementContext(), state: state, limits: AnnouncementFeed.Limits(maxPerDay: 1))
        var engine = AnnouncementSelectionEngine(items, evaluator: limited, at: Self.start)
        var plain = AnnouncementSelectionEngine(
            items, evaluator: EligibilityEvaluator(context: AnnouncementContext(), state: state), at: Self.start)
        state.recordImpression(of: "a", at: Self.start)
        engine.update(state: state, changedIDs: ["a"])
        plain.update(state: state, changedIDs: ["a"])
        #expect(engine.eligibility(of: "b")?.reason == .frequencyCapped)
        #expect(engine.eligibility(of: "c")?.isEligible == true)
        #expect(engine.active?.id == "c")
        #expect(engine.nextChange == Self.start.addingTimeInterval(86_400))
        #expect(plain.active?.id == "a")
    }
}
