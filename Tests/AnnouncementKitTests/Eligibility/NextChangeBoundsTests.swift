import Foundation
import Testing

@testable import AnnouncementKit

/// The next-change search is bounded: it jumps over what holds an announcement back instead of walking
/// the calendar, stops when nothing can change, takes a bounded number of steps per item, and treats a
/// rule that reads `now` as a time input.
@Suite("Next change: bounded search and rules on now")
struct NextChangeBoundsTests {
    static let start = try! Timestamp.parse("2026-12-04T00:00:00Z")
    static let scheduler = AnnouncementScheduler(localTimeZone: TimeZone(identifier: "UTC")!)

    /// A daily 09:00–10:00 UTC window: two edges a day, 732 in the horizon.
    static let daily = Announcement.Schedule(
        timeZone: "UTC", startTime: TimeOfDay(hour: 9, minute: 0), endTime: TimeOfDay(hour: 10, minute: 0))

    static func item(_ id: String, rule: JSONValue? = nil, schedule: Announcement.Schedule? = nil) throws
        -> Announcement
    {
        var item = Announcement(id: id, title: "t", message: "m", schedule: schedule)
        if let rule { item.audience = Announcement.AudienceRules(targeting: try TargetingRule(rule)) }
        return item
    }

    static func evaluator(_ state: AnnouncementState = AnnouncementState()) -> EligibilityEvaluator {
        EligibilityEvaluator(context: AnnouncementContext(platform: "iOS"), state: state, scheduler: scheduler)
    }

    static func unix(_ date: Date) -> JSONValue { .number(date.timeIntervalSince1970) }

    // MARK: - Blockers are jumped over

    @Test("a windowed item dismissed past the horizon never changes (no walk over its 732 edges)")
    func dismissedPastHorizon() throws {
        var item = try Self.item("w", schedule: Self.daily)
        item.dismissFor = 400 * 86_400
        var state = AnnouncementState()
        state.recordDismissal(of: item, at: Self.start)
        #expect(Self.evaluator(state).nextChange(for: [item], after: Self.start) == nil)
    }

    @Test("a windowed item dismissed for 30 days changes at the first window opening after the dismissal ends")
    func dismissedThenWindow() throws {
        var item = try Self.item("w", schedule: Self.daily)
        item.dismissFor = 30 * 86_400 + 3_600 * 12  // ends at 12:00, after that day's window
        var state = AnnouncementState()
        state.recordDismissal(of: item, at: Self.start)
        let expected = Self.start.addingTimeInterval(31 * 86_400 + 9 * 3_600)
        #expect(Self.evaluator(state).nextChange(for: [item], after: Self.start) == expected)
    }

    @Test("minimum interval and window: the answer flips where both have let go")
    func intervalAndWindow() throws {
        var item = try Self.item("w", schedule: Self.daily)
        item.frequency = .init(minimumInterval: 86_400 + 9 * 3_600 + 30 * 60)  // ends inside day 2's window
        var state = AnnouncementState()
        state.recordImpression(of: "w", at: Self.start)
        let expected = Self.start.addingTimeInterval(86_400 + 9 * 3_600 + 30 * 60)
        #expect(Self.evaluator(state).nextChange(for: [item], after: Self.start) == expected)
    }

    @Test("1,000 windowed items dismissed for ten years: no change, and each item is decided without a walk")
    func manyDismissed() throws {
        var state = AnnouncementState()
        let items = try (0..<1_000).map { index in
            var item = try Self.item("w\(index)", schedule: Self.daily)
            item.dismissFor = 10 * 365 * 86_400
            state.recordDismissal(of: item, at: Self.start)
            return item
        }
        let evaluator = Self.evaluator(state)
        #expect(evaluator.nextChange(for: items, after: Self.start) == nil)
        let selection = AnnouncementSelector.select(items, evaluator: evaluator, at: Self.start)
        #expect(selection.nextChange == nil)
    }

    // MARK: - Rules on now

    @Test("a rule that turns true at an instant: the next change is that instant, and the item shows there")
    func ruleTurnsTrue() throws {
        let opens = Self.start.addingTimeInterval(3 * 3_600)
        let item = try Self.item("r", rule: [">=": [["var": "now"], Self.unix(opens)]])
        let evaluator = Self.evaluator()
        #expect(evaluator.evaluate(item, at: Self.start).reason == .audienceMismatch)
        #expect(evaluator.nextChange(for: [item], after: Self.start) == opens)
        #expect(evaluator.evaluate(item, at: opens.addingTimeInterval(-1)).reason == .audienceMismatch)
        #expect(evaluator.evaluate(item, at: opens).isEligible)
    }

    @Test(
        "comparisons with now change where now crosses the value (now is whole seconds)",
        arguments: [
            // operator, threshold offset from start, expected change offset from start
            ("<", 100.0, 100.0), ("<=", 100.0, 101.0), (">", 100.0, 101.0), (">=", 100.0, 100.0),
            ("<", 100.5, 101.0), ("<=", 100.5, 101.0), (">", 100.5, 101.0), (">=", 100.5, 101.0),
            ("==", 100.0, 100.0), ("!=", 100.0, 100.0),
        ])
    func comparisonInstants(symbol: String, threshold: Double, change: Double) throws {
        let rule: JSONValue = [symbol: [["var": "now"], .number(Self.start.timeIntervalSince1970 + threshold)]]
        let item = try Self.item("c", rule: rule)
        #expect(Self.evaluator().nextChange(for: [item], after: Self.start) == Self.start.addingTimeInterval(change))
    }

    @Test("a between rule with $flagd.timestamp opens and closes the item")
    func between() throws {
        let from = Self.start.addingTimeInterval(600)
        let until = Self.start.addingTimeInterval(1_200)
        let item = try Self.item(
            "b", rule: ["<=": [Self.unix(from), ["var": "$flagd.timestamp"], Self.unix(until)]])
        let evaluator = Self.evaluator()
        #expect(evaluator.nextChange(for: [item], after: Self.start) == from)
        #expect(evaluator.nextChange(for: [item], after: from) == until.addingTimeInterval(1))
        #expect(evaluator.nextChange(for: [item], after: until.addingTimeInterval(1)) == nil)
    }

    @Test("a threshold read from the context (an attribute) is found too")
    func thresholdFromAttribute() throws {
        let ends = Self.start.addingTimeInterval(7_200)
        let item = try Self.item("t", rule: ["<": [["var": "now"], ["var": "attributes.trialEnds"]]])
        let context = AnnouncementContext(platform: "iOS", attributes: ["trialEnds": Self.unix(ends)])
        let evaluator = EligibilityEvaluator(context: context, scheduler: Self.scheduler)
        #expect(evaluator.evaluate(item, at: Self.start).isEligible)
        #expect(evaluator.nextChange(for: [item], after: Self.start) == ends)
    }

    @Test("a rule whose changes cannot be listed is evaluated again within a minute")
    func continuousRule() throws {
        // True in the first hour of every UTC day.
        let item = try Self.item("m", rule: ["<": [["%": [["var": "now"], 86_400]], 3_600]])
        let evaluator = Self.evaluator()
        // A change within the minute is seen at the minute's end: at most a minute late.
        let early = Self.start.addingTimeInterval(3_600 - 90)
        #expect(evaluator.nextChange(for: [item], after: early) == early.addingTimeInterval(60))
        let late = Self.start.addingTimeInterval(3_600 - 30)
        #expect(evaluator.nextChange(for: [item], after: late) == late.addingTimeInterval(60))
        #expect(!evaluator.evaluate(item, at: late.addingTimeInterval(60)).isEligible)
        let noon = Self.start.addingTimeInterval(12 * 3_600)
        #expect(evaluator.nextChange(for: [item], after: noon) == noon.addingTimeInterval(60))
        let engine = AnnouncementSelectionEngine([item], evaluator: evaluator, at: noon)
        #expect(engine.nextChange == noon.addingTimeInterval(60))
    }

    @Test("a rule on now keeps a dismissal-free item excluded only until the rule turns, also through the engine")
    func engineRefreshesRuleOnNow() throws {
        let opens = Self.start.addingTimeInterval(90)
        let item = try Self.item("r", rule: [">": [["var": "now"], Self.unix(opens)]])
        var engine = AnnouncementSelectionEngine([item], evaluator: Self.evaluator(), at: Self.start)
        #expect(engine.active == nil)
        #expect(engine.nextChange == opens.addingTimeInterval(1))
        engine.advance(to: opens.addingTimeInterval(1))
        #expect(engine.active?.id == "r")
    }

    @Test("an item that time cannot show is not searched: a rule on now behind a segment it does not match")
    func staticMismatchFirst() throws {
        var item = try Self.item("s", rule: [">": [["var": "now"], Self.unix(Self.start.addingTimeInterval(60))]])
        item.targetAudience = "vip"
        #expect(Self.evaluator().nextChange(for: [item], after: Self.start) == nil)
    }

    // MARK: - The step cap

    @Test("an answer that holds through more edges than the cap gives a re-check instant, never a later one")
    func stepCap() throws {
        // Always true, but it compares now with 100 instants one minute apart: 200 listed changes.
        let comparisons: [JSONValue] = (1...100).map { minute in
            ["<": [["var": "now"], Self.unix(Self.start.addingTimeInterval(Double(minute) * 60))]]
        }
        let rule: JSONValue = ["or": .array([true] + comparisons)]
        let item = try Self.item("cap", rule: rule)
        let evaluator = Self.evaluator()
        let instants = (1...100).flatMap { minute in
            [
                Self.start.addingTimeInterval(Double(minute) * 60),
                Self.start.addingTimeInterval(Double(minute) * 60 + 1),
            ]
        }
        let recheck = instants[EligibilityEvaluator.maximumStepsPerItem - 1]
        #expect(evaluator.nextChange(for: [item], after: Self.start) == recheck)
        #expect(evaluator.evaluate(item, at: recheck).isEligible)
        // Searching again from there goes on, and after the last instant nothing changes.
        #expect(evaluator.nextChange(for: [item], after: recheck)! > recheck)
        #expect(evaluator.nextChange(for: [item], after: instants.last!) == nil)
    }

    @Test("a feed of such items shares one allowance of evaluations: past it, the first possible change is the answer")
    func searchAllowance() throws {
        let comparisons: [JSONValue] = (1...100).map { minute in
            ["<": [["var": "now"], Self.unix(Self.start.addingTimeInterval(Double(minute) * 60))]]
        }
        let rule: JSONValue = ["or": .array([true] + comparisons)]
        let first = Self.start.addingTimeInterval(60)
        let thirtySecond = Self.start.addingTimeInterval(16 * 60 + 1)
        let few = try (0..<5).map { try Self.item("few\($0)", rule: rule) }
        let many = try (0..<100).map { try Self.item("many\($0)", rule: rule) }
        let evaluator = Self.evaluator()
        // Five items fit the allowance (2 × 5 + 256 evaluations): each walks its 32 steps.
        #expect(evaluator.nextChange(for: few, after: Self.start) == thirtySecond)
        // A hundred do not (32 × 100 > 456): the rest give the first instant at which they could change.
        #expect(evaluator.nextChange(for: many, after: Self.start) == first)
        #expect(evaluator.evaluate(many[99], at: first).isEligible)
        let engine = AnnouncementSelectionEngine(many, evaluator: evaluator, at: Self.start)
        #expect(engine.nextChange == first)
    }

    // MARK: - What counts as reading the time

    @Test(
        "rule timing: constant, listed thresholds or re-evaluated every minute",
        arguments: [
            (#"{"==": [{"var": "platform"}, "iOS"]}"#, "constant"),
            (#"{"missing": ["now"]}"#, "constant"),
            (#"{"<": [{"var": "now"}, 1800000000]}"#, "thresholds"),
            (#"{"<": [1, {"var": "now"}, {"var": "attributes.end"}]}"#, "thresholds"),
            (
                #"{"and": [{">": [{"var": "$flagd.timestamp"}, 5]}, {"in": ["beta", {"var": "segments"}]}]}"#,
                "thresholds"
            ),
            (#"{"<": [{"var": "now"}, {"+": [{"var": "now"}, 5]}]}"#, "continuous"),
            (#"{"<": [{"%": [{"var": "now"}, 60]}, 5]}"#, "continuous"),
            (#"{"in": [{"var": "now"}, [1, 2]]}"#, "continuous"),
            (#"{"var": "now"}"#, "continuous"),
            (#"{"==": [{"var": ""}, 5]}"#, "continuous"),
            (#"{"!!": [{"var": ""}]}"#, "continuous"),
            (#"{"!!": [{"var": "$flagd"}]}"#, "continuous"),
            (#"{"<": [{"var": {"cat": ["n", "ow"]}}, 5]}"#, "continuous"),
            (#"{"<": [{"var": ["now", {"var": "now"}]}, 5]}"#, "continuous"),
            (#"{"some": [[{"var": ""}], {"<": [{"var": "now"}, 5]}]}"#, "continuous"),
            (#"{"some": [[1, 2], {"<": [{"var": ""}, 5]}]}"#, "constant"),
            (
                #"{"reduce": [[1, 2], {"+": [{"var": "current"}, {"var": "accumulator"}]}, {"var": "now"}]}"#,
                "continuous"
            ),
            (#"{"some": [{"var": "segments"}, {"==": [{"var": ""}, "beta"]}]}"#, "constant"),
            (#"{"fractional": [{"cat": [{"var": "now"}]}, ["a", 1], ["b", 1]]}"#, "continuous"),
            (#"{"fractional": [["a", 1], ["b", 1]]}"#, "constant"),
        ])
    func timing(rule text: String, expected: String) throws {
        let bytes = Array(text.utf8)
        let rule = try TargetingRule(try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }.value)
        switch rule.timing {
        case .constant: #expect(expected == "constant", "\(text)")
        case .thresholds: #expect(expected == "thresholds", "\(text)")
        case .continuous: #expect(expected == "continuous", "\(text)")
        }
    }
}
