import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

extension Rules {
    /// Rules written to cost exponential time or memory: each must end with the budget error (or the
    /// right answer), and typical rules must stay far below the budget.
    @Suite("Rule budget")
    struct RuleBudgetTests {
        static let exceeded = "targeting rule exceeded its budget"

        /// The error `rule` ends with for `data`, or `nil` when it evaluates.
        private func failure(_ rule: JSONValue, _ data: JSONValue = [:]) throws -> RuleError? {
            let parsed = try TargetingRule(rule)
            do {
                _ = try parsed.evaluate(data)
                return nil
            } catch {
                #expect(!parsed.isSatisfied(by: data))
                return error
            }
        }

        /// What evaluating `rule` for `data` spends, and its value.
        private func spending(_ rule: JSONValue, _ data: JSONValue) throws -> (value: JSONValue, budget: RuleBudget) {
            let parsed = try TargetingRule(rule)
            var budget = parsed.newBudget
            let value = try parsed.evaluate(data, budget: &budget)
            return (value, budget)
        }

        // MARK: - Typical rules

        @Test("typical rules evaluate as before and spend under a fiftieth of the budget")
        func typicalRules() throws {
            // announce-bench's typical rule, and the realistic audience rules of the targeting tests.
            let benchRule: JSONValue = [
                "and": [
                    ["sem_ver": [["var": "appVersion"], ">=", "2.5.0"]],
                    ["in": ["beta", ["var": "segments"]]],
                    ["==": [["var": "attributes.plan"], "team"]],
                ]
            ]
            let context = TargetingRuleTests.context
            let (value, budget) = try spending(benchRule, context)
            #expect(value == true)
            #expect(budget.operations < budget.maximumOperations / 50)
            #expect(budget.bytes == 0)
            let rules: [(JSONValue, JSONValue)] = [
                (["some": [["var": "segments"], ["==": [["var": ""], "proUsers"]]]], true),
                (["ends_with": [["var": "attributes.email"], "@example.com"]], true),
                (["<": [1_767_000_000, ["var": "now"], 1_768_000_000]], true),
                (["in": [["var": "platform"], ["iOS", "iPadOS"]]], true),
                (["cat": [["var": "$flagd.flagKey"], "/", ["var": "userId"]]], "new-editor/user-42"),
                (["missing_some": [1, ["attributes.company", "attributes.plan"]]], []),
                (["map": [["var": "segments"], ["substr": [["var": ""], 0, 3]]]], ["bet", "pro"]),
            ]
            for (rule, expected) in rules {
                let (value, spent) = try spending(rule, context)
                #expect(value == expected, "\(rule)")
                #expect(try TargetingRule(rule).evaluate(context) == expected, "\(rule)")
                #expect(spent.operations < spent.maximumOperations / 50, "\(rule)")
                #expect(spent.bytes < spent.maximumBytes / 50, "\(rule)")
            }
        }

        // MARK: - Nested iteration

        /// `levels` of `operators` (cycled) nested over the literal array `[1, 2]`, each level evaluating
        /// the one inside for both elements; `!` is put in where an operator would otherwise stop at the
        /// first element. Returns the rule and whether its value is truthy.
        static func nestedIteration(_ operators: [String], levels: Int, truthyBase: Bool = true) -> (JSONValue, Bool) {
            var rule: JSONValue = truthyBase ? ["var": ""] : ["var": "missing"]
            var truthy = truthyBase
            for level in 0..<levels {
                let op = operators[level % operators.count]
                // `all` visits every element while they are truthy, `some` and `none` while they are falsy.
                let visitsAllWhen: Bool? = op == "all" ? true : (op == "some" || op == "none") ? false : nil
                if let visitsAllWhen, visitsAllWhen != truthy {
                    rule = ["!": rule]
                    truthy.toggle()
                }
                rule = [op: [[1, 2], rule]]
                switch op {
                case "all", "none", "map": truthy = true
                case "some": truthy = false
                default: break  // filter keeps both elements or none
                }
            }
            return (rule, truthy)
        }

        @Test(
            "nesting some, all, none, filter and map over small literal arrays runs out of budget",
            arguments: [["some", "all", "none", "filter", "map"], ["all"], ["some"], ["none"], ["filter"], ["map"]])
        func nestedIterationBomb(operators: [String]) throws {
            // Small: the right answer, so the construction is what it claims.
            let (small, truthy) = Self.nestedIteration(operators, levels: 6)
            #expect(try TargetingRule(small).isSatisfied(by: [:]) == truthy)
            // About 540 bytes and 30 levels: a billion inner evaluations without a budget.
            let (bomb, _) = Self.nestedIteration(operators, levels: 30)
            #expect(bomb.description.utf8.count < 800)
            let error = try #require(try failure(bomb))
            #expect(error.message == Self.exceeded)
            #expect(error.path == "$")
        }

        @Test("nested map over literal arrays (a result of a billion parts) runs out of budget")
        func nestedMap() throws {
            let items = JSONValue.array((1...32).map { .number(Double($0)) })
            var rule: JSONValue = ["var": ""]
            for _ in 0..<6 { rule = ["map": [items, rule]] }
            #expect(try failure(rule)?.message == Self.exceeded)
        }

        @Test("a feed item with an iteration bomb is decoded, and its audience says the budget ran out")
        func feedItemWithBomb() throws {
            // Falsy levels first (some, filter), then none turns it truthy for all, map and filter: no `!`
            // needed, so the rule stays within the feed's 64 levels.
            let operators =
                Array(repeating: "some", count: 8) + Array(repeating: "filter", count: 8) + ["none"]
                + Array(repeating: "all", count: 5) + Array(repeating: "map", count: 4) + ["filter"]
            let (rule, _) = Self.nestedIteration(operators, levels: operators.count, truthyBase: false)
            let feed =
                #"{"announcements":[{"id":"bomb","title":"t","message":"m","audience":{"targeting":"#
                + rule.description + "}}]}"
            let result = try FeedDecoder().decode(bytes: Array(feed.utf8))
            #expect(result.diagnostics.isEmpty)
            let item = try #require(result.announcements.first)
            let answer = EligibilityEvaluator(context: AnnouncementContext())
                .evaluate(item, at: Date(timeIntervalSince1970: 1_750_000_000))
            #expect(answer.reason == .audienceMismatch)
            #expect(answer.cause == .targetingFailed(RuleError(message: Self.exceeded, path: "$")))
        }

        @Test("the nested iteration FuzzRules found (a timeout before the budget) now runs out of budget")
        func fuzzFoundTimeout() throws {
            let bytes = try Fixtures.data("Tests/Fixtures/fuzz-regressions/rules/nested-all-in-reduce-timeout.json")
            let feed =
                Array(#"{"announcements":[{"id":"r","title":"t","message":"m","audience":{"targeting":"#.utf8)
                + Array(bytes) + Array("}}]}".utf8)
            let result = try FeedDecoder().decode(bytes: feed)
            let rule = try #require(result.announcements.first?.audience?.targeting)
            let error = #expect(throws: RuleError.self) { try rule.evaluate([:]) }
            #expect(error?.message == Self.exceeded)
        }

        // MARK: - Values that grow

        @Test("reduce doubling a string with cat (270 and 305 bytes) runs out of budget", arguments: [69, 80])
        func reduceCatDoubling(count: Int) throws {
            let items = JSONValue.array((1...count).map { .number(Double($0)) })
            let rule: JSONValue = [
                "reduce": [items, ["cat": [["var": "accumulator"], ["var": "accumulator"]]], "ab"]
            ]
            #expect((270...305).contains(rule.description.utf8.count))
            let error = try #require(try failure(rule))
            #expect(error.message == Self.exceeded)
            // Three doublings are well within the budget, and right.
            let few: JSONValue = [
                "reduce": [[1, 2, 3], ["cat": [["var": "accumulator"], ["var": "accumulator"]]], "ab"]
            ]
            #expect(try TargetingRule(few).evaluate([:]) == .string(String(repeating: "ab", count: 8)))
        }

        @Test(
            "merge bombs run out of budget",
            arguments: [
                // The accumulator merged with itself: it doubles at each step.
                [
                    "reduce": [
                        .array((1...40).map { .number(Double($0)) }),
                        ["merge": [["var": "accumulator"], ["var": "accumulator"]]], [1],
                    ]
                ],
                // Two big literal arrays merged for each of 2,000 elements.
                [
                    "map": [
                        .array((1...2_000).map { .number(Double($0)) }),
                        [
                            "merge": [
                                .array((1...500).map { .number(Double($0)) }),
                                .array((1...500).map { .number(Double($0)) }),
                            ]
                        ],
                    ]
                ],
                // The same value put in an array twice, 30 levels deep: a small value standing for a huge one.
                [
                    "reduce": [
                        .array((1...30).map { .number(Double($0)) }), [["var": "accumulator"], ["var": "accumulator"]],
                        0,
                    ]
                ],
            ] as [JSONValue])
        func mergeBombs(rule: JSONValue) throws {
            #expect(try failure(rule)?.message == Self.exceeded)
        }

        @Test("substr of a cat that doubles, and of a long literal in a loop, run out of budget")
        func substrBombs() throws {
            let items = JSONValue.array((1...40).map { .number(Double($0)) })
            let doubling: JSONValue = [
                "reduce": [items, ["substr": [["cat": [["var": "accumulator"], ["var": "accumulator"]]], 1]], "abc"]
            ]
            #expect(try failure(doubling)?.message == Self.exceeded)
            let long = JSONValue.string(String(repeating: "é", count: 2_000))
            let loop: JSONValue = ["filter": [Self.twoThousand, ["substr": [long, 1, -1]]]]
            #expect(try failure(loop)?.message == Self.exceeded)
            #expect(
                try TargetingRule(["substr": [long, 1, -1]]).evaluate([:])
                    == .string(String(repeating: "é", count: 1_998)))
        }

        @Test("a value returned that shares its parts counts every part")
        func sharedResult() throws {
            let big = JSONValue.array((1...1_500).map { .number(Double($0)) })
            func rule(_ count: Int) -> JSONValue {
                ["map": [.array((1...count).map { .number(Double($0)) }), ["var": ["nothing", big]]]]
            }
            // 5 × 1,500 parts is fine and right; 20 × 1,500 is more than the budget, though building it is cheap.
            #expect(try TargetingRule(rule(5)).evaluate([:]) == .array(Array(repeating: big, count: 5)))
            #expect(try failure(rule(20))?.message == Self.exceeded)
        }

        // MARK: - Text

        @Test("in on a 1 MiB string with a needle that almost matches everywhere answers right")
        func pathologicalSubstring() throws {
            let needle = String(repeating: "a", count: 299_999) + "b"
            let miss: JSONValue = ["in": [.string(needle), .string(String(repeating: "a", count: 700_000))]]
            #expect(try TargetingRule(miss).evaluate([:]) == false)
            let hit: JSONValue = ["in": [.string(needle), .string(String(repeating: "a", count: 700_000) + "b")]]
            #expect(try TargetingRule(hit).evaluate([:]) == true)
            // The same search for each of 2,000 elements runs out of budget instead.
            let loop: JSONValue = [
                "some": [Self.twoThousand, ["in": [.string(needle), .string(String(repeating: "a", count: 700_000))]]]
            ]
            #expect(try failure(loop)?.message == Self.exceeded)
        }

        // MARK: - Every operator family

        /// `[1, 2, …, 2000]`: a loop of 2,000 steps written in about 9 KB.
        static let twoThousand = JSONValue.array((1...2_000).map { .number(Double($0)) })
        static let longDigits = JSONValue.string(String(repeating: "7", count: 2_000))
        static let longText = JSONValue.string(String(repeating: "ab", count: 1_000))
        static let longPath = JSONValue.string(Array(repeating: "a", count: 1_000).joined(separator: "."))
        static let longVersion = JSONValue.string("1.0.0-" + String(repeating: "a", count: 2_000))

        @Test(
            "each operator family costs what it reads or builds: 2,000 repetitions run out of budget",
            arguments: [
                ["==": [["var": ""], longDigits]],
                ["===": [longText, ["var": ["nothing", longText]]]],
                ["<": [longText, ["var": ["nothing", longText]]]],
                ["+": [longDigits]],
                ["*": [longDigits, 2]],
                ["-": [longDigits]],
                ["min": [longDigits, 1]],
                ["var": longPath],
                ["missing": [longPath]],
                ["sem_ver": [["var": ["nothing", longVersion]], ">=", "1.0.0"]],
                ["starts_with": [longText, longText]],
                ["ends_with": [longText, longText]],
                ["fractional": [["var": ["nothing", longText]], ["a", 1], ["b", 1]]],
                ["in": [longText, longText]],
                ["in": [0, twoThousand]],
                ["cat": [longText]],
                ["==": [twoThousand, "x"]],
                ["and": .array(Array(repeating: true, count: 20))],
                ["!": [["if": .array(Array(repeating: false, count: 21))]]],
            ] as [JSONValue])
        func operatorFamilies(inner: JSONValue) throws {
            // Once is fine...
            #expect(try failure(inner, 1) == nil)
            // ...2,000 times is not.
            let error = try #require(try failure(["filter": [Self.twoThousand, inner]]))
            #expect(error.message == Self.exceeded)
        }

        @Test("an app's data is read against the base budget: hundreds of elements or kilobytes, not thousands")
        func appData() throws {
            func data(tags: Int, bio: Int) -> JSONValue {
                [
                    "attributes": [
                        "tags": .array((0..<tags).map { .string("tag-\($0)") }),
                        "bio": .string(String(repeating: "x", count: bio) + "y"),
                    ]
                ]
            }
            let tagRule = try TargetingRule(["in": ["tag-none", ["var": "attributes.tags"]]])
            let bioRule = try TargetingRule(["in": ["xy", ["var": "attributes.bio"]]])
            #expect(try tagRule.evaluate(data(tags: 300, bio: 0)) == false)
            #expect(try bioRule.evaluate(data(tags: 0, bio: 20_000)) == true)
            #expect(try failure(tagRule.source, data(tags: 5_000, bio: 0))?.message == Self.exceeded)
            #expect(try failure(bioRule.source, data(tags: 0, bio: 500_000))?.message == Self.exceeded)
        }
    }
}
