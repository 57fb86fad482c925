import AnnouncementKit
import Foundation
import Testing

@Suite("Eligibility: the feed's global limits")
struct GlobalLimitsTests {
    static let now = try! Timestamp.parse("2026-12-04T12:00:00Z")
    static let day: TimeInterval = 86_400
    static let cap = ExclusionCause.globalDailyLimit(3)
    static let interval = ExclusionCause.globalMinimumInterval(120)

    static func item(_ id: String, style: Announcement.Style = .info) -> Announcement {
        Announcement(id: id, title: "t", message: "m", style: style)
    }

    static func state(_ impressions: [(String, TimeInterval)]) -> AnnouncementState {
        var state = AnnouncementState()
        for (id, offset) in impressions { state.recordImpression(of: id, at: now.addingTimeInterval(offset)) }
        return state
    }

    static func evaluator(_ state: AnnouncementState, _ limits: AnnouncementFeed.Limits?) -> EligibilityEvaluator {
        EligibilityEvaluator(context: AnnouncementContext(), state: state, limits: limits)
    }

    @Test("maxPerDay counts impressions of any announcements in the half-open 24 hours, to the millisecond")
    func rollingWindowEdge() {
        let limits = AnnouncementFeed.Limits(maxPerDay: 3)
        let recent = [("b", -3_600.0), ("c", -60.0)]
        // The oldest exactly 24 h before: it no longer counts.
        let atEdge = Self.evaluator(Self.state([("b", -Self.day)] + recent), limits)
        #expect(atEdge.evaluate(Self.item("a"), at: Self.now) == .eligible)
        // One millisecond younger: it counts, and the third impression holds every other item back.
        let inside = Self.evaluator(Self.state([("b", -Self.day + 0.001)] + recent), limits)
        #expect(inside.evaluate(Self.item("a"), at: Self.now) == .excluded(Self.cap))
        #expect(inside.evaluate(Self.item("b"), at: Self.now) == .excluded(Self.cap))
        // It is released the instant that impression leaves the window: plain seconds, no calendar.
        let release = Self.now.addingTimeInterval(0.001)
        #expect(inside.evaluate(Self.item("a"), at: release) == .eligible)
        #expect(inside.nextChange(for: [Self.item("a")], after: Self.now) == release)
    }

    @Test("a critical item is exempt from both limits")
    func criticalExempt() {
        let state = Self.state([("b", -30), ("c", -20), ("d", -10)])
        let evaluator = Self.evaluator(state, AnnouncementFeed.Limits(maxPerDay: 1, minimumInterval: 120))
        #expect(evaluator.evaluate(Self.item("a", style: .critical), at: Self.now) == .eligible)
        #expect(evaluator.evaluate(Self.item("a", style: .promotion), at: Self.now).reason == .frequencyCapped)
    }

    @Test("minimumInterval counts only other announcements' impressions and ends at last + S exactly")
    func interval() {
        let limits = AnnouncementFeed.Limits(minimumInterval: 120)
        let evaluator = Self.evaluator(Self.state([("b", -300), ("a", -10)]), limits)
        // The last impression is a's own: its spacing is its own frequency's business.
        #expect(evaluator.evaluate(Self.item("a"), at: Self.now) == .eligible)
        #expect(evaluator.evaluate(Self.item("b"), at: Self.now) == .excluded(Self.interval))
        let end = Self.now.addingTimeInterval(110)
        #expect(evaluator.evaluate(Self.item("b"), at: end.addingTimeInterval(-0.001)).reason == .frequencyCapped)
        #expect(evaluator.evaluate(Self.item("b"), at: end) == .eligible)
        #expect(evaluator.nextChange(for: [Self.item("b")], after: Self.now) == end)
    }

    @Test("held back by both, the item is released when the later one lets go; the cap is named first")
    func bothLimits() {
        let limits = AnnouncementFeed.Limits(maxPerDay: 2, minimumInterval: 600)
        let evaluator = Self.evaluator(Self.state([("b", -Self.day + 60), ("c", -10)]), limits)
        #expect(
            evaluator.evaluate(Self.item("a"), at: Self.now)
                == .excluded(.globalDailyLimit(2)))
        #expect(evaluator.nextChange(for: [Self.item("a")], after: Self.now) == Self.now.addingTimeInterval(590))
    }

    @Test("without limits the history changes nothing; an item's own cap comes first")
    func noLimitsAndOwnCapFirst() {
        let state = Self.state([("b", -30), ("c", -20), ("a", -10)])
        #expect(Self.evaluator(state, nil).evaluate(Self.item("x"), at: Self.now) == .eligible)
        var capped = Self.item("a")
        capped.frequency = Announcement.Frequency(maxImpressions: 1)
        let answer = Self.evaluator(state, AnnouncementFeed.Limits(maxPerDay: 1)).evaluate(capped, at: Self.now)
        #expect(answer == .excluded(.maxImpressions(1, shown: 1)))
    }

    @Test("an impression dated more than a window ahead (the clock went back) does not hold anything back")
    func futureImpressionNotTrusted() {
        let limits = AnnouncementFeed.Limits(maxPerDay: 1, minimumInterval: 60)
        var state = AnnouncementState()
        state.recentImpressions = [.init(id: "b", date: Self.now.addingTimeInterval(2 * Self.day))]
        #expect(Self.evaluator(state, limits).evaluate(Self.item("a"), at: Self.now) == .eligible)
    }
}
