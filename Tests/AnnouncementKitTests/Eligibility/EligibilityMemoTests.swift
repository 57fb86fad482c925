import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("Eligibility memo")
struct EligibilityMemoTests {
    static let now = try! Timestamp.parse("2026-12-04T12:00:00Z")
    static let context = AnnouncementContext(
        platform: "iOS", appVersion: SemanticVersion("3.4.1"), locale: "de-AT", userID: "user-42",
        segments: ["beta", "alpha"], attributes: ["plan": "pro"])

    @Test("the memo gives the context's rule data for each announcement and instant")
    func sameDataAsTheContext() {
        var memo = EligibilityMemo()
        #expect(memo.instant == nil)
        let later = Self.now.addingTimeInterval(90)
        for (id, date) in [("a", Self.now), ("b", Self.now), ("a", later), ("c", Self.now)] {
            #expect(
                memo.ruleData(for: Self.context, announcementID: id, at: date)
                    == Self.context.ruleData(announcementID: id, at: date))
            #expect(memo.instant == date)
        }
    }

    @Test("an evaluation remembers the instant only when a targeting rule asks for the data")
    func rememberedOnlyForRules() throws {
        let evaluator = EligibilityEvaluator(context: Self.context)
        var memo = EligibilityMemo()
        let plain = Announcement(id: "plain", title: "t", message: "m")
        #expect(evaluator.evaluate(plain, at: Self.now, memo: &memo).isEligible)
        #expect(memo.instant == nil)
        var ruled = plain
        ruled.id = "ruled"
        ruled.audience = .init(targeting: try TargetingRule(["in": ["beta", ["var": "segments"]]]))
        #expect(evaluator.evaluate(ruled, at: Self.now, memo: &memo).isEligible)
        #expect(memo.instant == Self.now)
    }

    @Test("one memo shared by a pass gives the answers that fresh evaluations give", arguments: 1...4)
    func sharedMemoAnswersAsFresh(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let rules: [JSONValue] = [
            ["<": [["var": "now"], .number(Self.now.timeIntervalSince1970 + 3_600)]],
            ["==": [["var": "$flagd.flagKey"], "item-3"]],
            ["in": ["beta", ["var": "segments"]]],
            ["==": [["var": "attributes.plan"], "free"]],
        ]
        let items = try (0..<40).map { index in
            var item = Announcement(id: "item-\(index)", title: "t", message: "m")
            let rule = rules[Int.random(in: 0..<rules.count, using: &generator)]
            item.audience = .init(targeting: try TargetingRule(rule))
            return item
        }
        let evaluator = EligibilityEvaluator(context: Self.context)
        var memo = EligibilityMemo()
        for _ in 0..<100 {
            let item = items.randomElement(using: &generator)!
            let date = Self.now.addingTimeInterval(Double(Int.random(in: 0...2, using: &generator) * 3_600))
            #expect(evaluator.evaluate(item, at: date, memo: &memo) == evaluator.evaluate(item, at: date))
        }
    }
}
