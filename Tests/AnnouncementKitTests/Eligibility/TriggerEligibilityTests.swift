import AnnouncementKit
import Foundation
import Testing

@Suite("Trigger eligibility")
struct TriggerEligibilityTests {
    let start = try! Timestamp.parse("2026-12-04T10:00:00Z")

    func review(minCount: Int = 3, within: TimeInterval = 300) -> Announcement {
        var announcement = Announcement(id: "review", title: "t", message: "m")
        announcement.trigger = .init(event: "checkout_completed", minCount: minCount, within: within)
        return announcement
    }

    func evaluator(_ events: [String: AnnouncementState.EventRecord] = [:]) -> EligibilityEvaluator {
        EligibilityEvaluator(context: AnnouncementContext(platform: "iOS"), state: AnnouncementState(events: events))
    }

    @Test("notTriggered comes after rolloutExcluded and before frequencyCapped")
    func reasonOrder() {
        let names = ExclusionReason.allCases.map(\.rawValue)
        #expect(
            names == [
                "invalid", "notStarted", "expired", "outsideWindow", "dismissed", "audienceMismatch", "rolloutExcluded",
                "notTriggered", "frequencyCapped", "placementMismatch",
            ])
        // A capped item whose event has not happened is reported as not triggered.
        var capped = review()
        capped.frequency = .init(maxImpressions: 1)
        var state = AnnouncementState(impressions: ["review": .init(count: 1, last: start)])
        state.events = [:]
        let answer = EligibilityEvaluator(context: AnnouncementContext(), state: state).evaluate(capped, at: start)
        #expect(answer.reason == .notTriggered)
    }

    @Test("fewer occurrences than minCount: waiting, with the count seen")
    func minCount() {
        let record = AnnouncementState.EventRecord(count: 1, last: start)
        let answer = evaluator(["checkout_completed": record]).evaluate(review(), at: start)
        #expect(answer == .excluded(.waitingForEvent("checkout_completed", seen: 1, minCount: 3)))
        #expect(
            evaluator().evaluate(review(), at: start)
                == .excluded(.waitingForEvent("checkout_completed", seen: 0, minCount: 3)))
        let enough = AnnouncementState.EventRecord(count: 3, last: start)
        #expect(evaluator(["checkout_completed": enough]).evaluate(review(), at: start).isEligible)
        let more = AnnouncementState.EventRecord(count: 7, last: start)
        #expect(evaluator(["checkout_completed": more]).evaluate(review(), at: start).isEligible)
        #expect(evaluator(["other": enough]).evaluate(review(), at: start).reason == .notTriggered)
    }

    @Test("the window is half-open: eligible 1 ms before last + within, not at it")
    func windowEdges() {
        let evaluator = self.evaluator(["checkout_completed": .init(count: 3, last: start)])
        let announcement = review()
        #expect(evaluator.evaluate(announcement, at: start).isEligible)
        #expect(evaluator.evaluate(announcement, at: start.addingTimeInterval(299.999)).isEligible)
        #expect(
            evaluator.evaluate(announcement, at: start.addingTimeInterval(300))
                == .excluded(
                    .eventWindowOver(
                        "checkout_completed", lastSeen: start, within: 300, at: start.addingTimeInterval(300))))
        #expect(
            evaluator.evaluate(announcement, at: start.addingTimeInterval(600))
                == .excluded(
                    .eventWindowOver(
                        "checkout_completed", lastSeen: start, within: 300, at: start.addingTimeInterval(600))))
    }

    @Test("the end of the window is the next change; an item past it has none")
    func nextChange() {
        let evaluator = self.evaluator(["checkout_completed": .init(count: 3, last: start)])
        let end = start.addingTimeInterval(300)
        #expect(evaluator.nextChange(for: [review()], after: start) == end)
        #expect(evaluator.nextChange(for: [review()], after: start.addingTimeInterval(299.999)) == end)
        #expect(evaluator.nextChange(for: [review()], after: end) == nil)
        #expect(self.evaluator().nextChange(for: [review()], after: start) == nil)
        // The trigger ends first, though the item's date range goes on.
        var ranged = review()
        ranged.endDate = start.addingTimeInterval(3600)
        #expect(evaluator.nextChange(for: [ranged], after: start) == end)
        // Not started yet: it shows at its start, while the window is still open.
        var later = review()
        later.startDate = start.addingTimeInterval(60)
        #expect(evaluator.nextChange(for: [later], after: start) == start.addingTimeInterval(60))
        // It would start after the window ended: nothing changes.
        later.startDate = start.addingTimeInterval(400)
        #expect(evaluator.nextChange(for: [later], after: start) == nil)
    }

    @Test("a last occurrence far ahead of the clock (the clock went back) is not trusted until within of it")
    func clockWentBack() {
        let last = start.addingTimeInterval(1000)
        let evaluator = self.evaluator(["checkout_completed": .init(count: 3, last: last)])
        let answer = evaluator.evaluate(review(), at: start)
        #expect(answer == .excluded(.eventWindowOver("checkout_completed", lastSeen: last, within: 300, at: start)))
        #expect(answer.detail?.contains("ahead of the clock") == true)
        #expect(evaluator.evaluate(review(), at: last.addingTimeInterval(-300)).isEligible)
        #expect(evaluator.nextChange(for: [review()], after: start) == last.addingTimeInterval(-300))
    }

    @Test("targeting rules read events.NAME.count and events.NAME.last in Unix seconds")
    func ruleData() throws {
        var loyal = Announcement(id: "loyal", title: "t", message: "m")
        loyal.audience = .init(
            targeting: try TargetingRule([
                "and": [
                    [">=": [["var": "events.checkout_completed.count"], 5]],
                    ["==": [["var": "events.checkout_completed.last"], 1_796_378_400]],
                ]
            ]))
        let last = start.addingTimeInterval(0.75)
        #expect(start.timeIntervalSince1970 == 1_796_378_400)
        let four = evaluator(["checkout_completed": .init(count: 4, last: last)])
        #expect(four.evaluate(loyal, at: start).reason == .audienceMismatch)
        let five = evaluator(["checkout_completed": .init(count: 5, last: last)])
        #expect(five.evaluate(loyal, at: start).isEligible)
        #expect(evaluator().evaluate(loyal, at: start).reason == .audienceMismatch)
        // Within one pass, a memo built before the event gives way to the new records.
        var memo = EligibilityMemo()
        #expect(four.evaluate(loyal, at: start, memo: &memo).reason == .audienceMismatch)
        #expect(five.evaluate(loyal, at: start, memo: &memo).isEligible)
    }

    @Test("a rule reads events when a var, missing or missing_some may name them")
    func readsEvents() throws {
        let reading: [JSONValue] = [
            ["var": "events.checkout.count"], ["var": "events"], ["var": ""], ["var": [["cat": ["ev", "ents"]]]],
            ["missing": ["events.checkout"]], ["missing_some": [1, ["segments", "events.x"]]],
            ["map": [["var": "events"], 1]],
        ]
        for source in reading { #expect(try TargetingRule(source).readsEvents, "\(source)") }
        let other: [JSONValue] = [
            ["var": "segments"], ["var": "eventsCount"], ["missing": ["segments"]], ["<": [["var": "now"], 5]],
        ]
        for source in other { #expect(try !TargetingRule(source).readsEvents, "\(source)") }
    }
}
