import AnnouncementKit
import Testing

extension Rules {
    @Suite("flagd fractional (v2)")
    struct FractionalTests {
        struct Vector: Sendable, CustomStringConvertible {
            let number: Int
            let rule: JSONValue
            let data: JSONValue
            let expected: JSONValue
            var description: String { "#\(number) \(rule) with \(data)" }
        }

        static let vectors: [Vector] = PeerSuite.elements("generated/fractional-v2.json").enumerated().compactMap {
            guard let rule = $1["rule"], let data = $1["data"], let expected = $1["expected"] else { return nil }
            return Vector(number: $0 + 1, rule: rule, data: data, expected: expected)
        }

        private func evaluate(_ rule: JSONValue, _ data: JSONValue) throws -> JSONValue {
            try TargetingRule(rule).evaluate(data)
        }

        private func evaluationError(_ rule: JSONValue, _ data: JSONValue) throws -> RuleError? {
            let rule = try TargetingRule(rule)
            do {
                _ = try rule.evaluate(data)
                return nil
            } catch {
                #expect(!rule.isSatisfied(by: data))
                return error
            }
        }

        @Test("the fixture holds 75 vectors")
        func count() {
            #expect(Self.vectors.count == 75)
        }

        @Test("vectors computed with Python mmh3 and the v2 bucket formula", arguments: vectors)
        func vector(_ vector: Vector) throws {
            #expect(try evaluate(vector.rule, vector.data) == vector.expected)
        }

        @Test("computed weights: negative ones count as 0, fractions are truncated")
        func computedWeights() throws {
            // flagd-schemas' fractional-dynamic-weights: a progressive rollout driven by $flagd.timestamp.
            let rule: JSONValue = [
                "fractional": [
                    ["on", ["-": [["var": "$flagd.timestamp"], 1_740_000_000]]],
                    ["off", ["-": [1_800_000_000, ["var": "$flagd.timestamp"]]]],
                ]
            ]
            for user in ["a", "b", "c", "d", "e", "f"] {
                let before: JSONValue = [
                    "targetingKey": .string(user), "$flagd": ["flagKey": "f", "timestamp": 1_700_000_000],
                ]
                let after: JSONValue = [
                    "targetingKey": .string(user), "$flagd": ["flagKey": "f", "timestamp": 1_900_000_000],
                ]
                #expect(try evaluate(rule, before) == "off")
                #expect(try evaluate(rule, after) == "on")
            }
            let fraction: JSONValue = ["fractional": [["var": "k"], ["a", ["+": [0.9]]], ["b", 1]]]
            #expect(try evaluate(fraction, ["k": "anything"]) == "b")
        }

        @Test("a null bucketing key falls back to $flagd.flagKey + targetingKey, as flagd does")
        func nullKeyFallsBack() throws {
            let explicit: JSONValue = ["fractional": [["var": "missing"], ["a", 1], ["b", 1], ["c", 1], ["d", 1]]]
            let implicit: JSONValue = ["fractional": [["a", 1], ["b", 1], ["c", 1], ["d", 1]]]
            for user in (0..<20).map({ "user-\($0)" }) {
                let data: JSONValue = ["targetingKey": .string(user), "$flagd": ["flagKey": "flag"]]
                #expect(try evaluate(explicit, data) == evaluate(implicit, data))
            }
        }

        @Test("all weights 0 give null")
        func allZero() throws {
            #expect(try evaluate(["fractional": [["var": "k"], ["a", 0], ["b", 0]]], ["k": "x"]) == nil)
        }

        @Test(
            "evaluation errors: no string key, a bad computed weight, an object variant",
            arguments: [
                (["fractional": [["a", 1]]], [:], "targetingKey"),
                (["fractional": [["a", 1]]], ["targetingKey": 7], "targetingKey"),
                (["fractional": [["var": "n"], ["a", 1]]], ["n": 5], "bucketing key evaluated to the number 5"),
                (
                    ["fractional": [["var": "k"], ["a", ["var": "w"]]]], ["k": "x", "w": "10"],
                    "did not compute to a number"
                ),
                (["fractional": [["var": "k"], ["a", ["var": "w"]]]], ["k": "x", "w": 3e9], "more than 2147483647"),
                (
                    ["fractional": [["var": "k"], ["a", ["var": "w"]], ["b", ["var": "w"]]]], ["k": "x", "w": 2e9],
                    "add up to 4000000000"
                ),
                (["fractional": [["var": "k"], [["var": "v"], 1]]], ["k": "x", "v": ["a": 1]], "variant of entry 0"),
            ] as [(JSONValue, JSONValue, String)])
        func evaluationErrors(rule: JSONValue, data: JSONValue, message: String) throws {
            let error = try #require(try evaluationError(rule, data))
            #expect(error.message.contains(message), "\(error)")
            #expect(error.path.hasPrefix("$.fractional"))
        }

        @Test(
            "parse errors",
            arguments: [
                (["fractional": "x"], "$.fractional", "takes an array"),
                (["fractional": []], "$.fractional", "at least one [variant, weight]"),
                (["fractional": [["var": "k"]]], "$.fractional", "at least one [variant, weight]"),
                (["fractional": ["key", ["a", 1]]], "$.fractional[0]", "bucketing key must be an expression"),
                (["fractional": [["var": "k"], ["a", 1, 2]]], "$.fractional[1]", "[variant, weight]"),
                (["fractional": [["var": "k"], []]], "$.fractional[1]", "[variant, weight]"),
                (["fractional": [["var": "k"], "a"]], "$.fractional[1]", "[variant, weight]"),
                (["fractional": [["a", 1.5]]], "$.fractional[0][1]", "whole number"),
                (["fractional": [["a", -1]]], "$.fractional[0][1]", "whole number"),
                (["fractional": [["a", "1"]]], "$.fractional[0][1]", "whole number"),
                (["fractional": [["a", nil]]], "$.fractional[0][1]", "whole number"),
                (["fractional": [["a", 3e9]]], "$.fractional[0][1]", "whole number"),
                (["fractional": [["a", [:]]]], "$.fractional[0][1]", "not an operation"),
                (
                    ["fractional": [["a", 2_000_000_000], ["b", 2_000_000_000]]], "$.fractional", "add up to 4000000000"
                ),
                (["fractional": [[["x", "y"], 1]]], "$.fractional[0][0]", "a variant is a string"),
                (["fractional": [["a", ["regex": 1]]]], "$.fractional[0][1].regex", "unsupported operator"),
            ] as [(JSONValue, String, String)])
        func parseErrors(rule: JSONValue, path: String, message: String) {
            let error = #expect(throws: RuleError.self) { try TargetingRule(rule) }
            #expect(error?.path == path)
            #expect(error?.message.contains(message) == true, "\(String(describing: error))")
        }
    }
}
