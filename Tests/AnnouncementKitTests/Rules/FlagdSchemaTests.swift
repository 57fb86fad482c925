import AnnouncementKit
import Testing

extension Rules {
    /// flagd-schemas' example targeting rules: the positive ones must parse, the negative ones must be
    /// refused by `TargetingRule.init`.
    ///
    /// All nine negative files apply to this engine. Of the positive ones, everything parses except the
    /// `{"$ref": "some-ref"}` rule in `if-shorthand.json`: `$ref` names a shared flagd evaluator, which the
    /// feed format does not have, so it is refused as an unsupported operator.
    @Suite("flagd-schemas targeting examples")
    struct FlagdSchemaTests {
        struct Example: Sendable, CustomStringConvertible {
            let name: String
            let rule: JSONValue
            var description: String { name }
        }

        static let positive = PeerSuite.files(in: "flagd-schemas/json/test/targeting/positive").map {
            Example(name: $0.name, rule: $0.value)
        }
        static let negative = PeerSuite.files(in: "flagd-schemas/json/test/targeting/negative").map {
            Example(name: $0.name, rule: $0.value)
        }

        /// The files' `{"*": [rule, rule, ...]}` lists, one rule at a time.
        static let positiveRules: [Example] = positive.flatMap { example -> [Example] in
            guard let rules = example.rule["*"]?.arrayValue else { return [example] }
            return rules.enumerated().map { Example(name: "\(example.name)[\($0)]", rule: $1) }
        }

        /// Positive examples outside this engine's subset, with why.
        static let outsideSubset = ["if-shorthand.json", "if-shorthand.json[2]"]

        @Test("the fixtures hold 7 positive and 9 negative examples")
        func counts() {
            #expect(Self.positive.count == 7)
            #expect(Self.negative.count == 9)
            #expect(Self.positiveRules.count == 62)
        }

        @Test("positive examples parse", arguments: positive + positiveRules)
        func accepted(_ example: Example) throws {
            if Self.outsideSubset.contains(example.name) {
                let error = #expect(throws: RuleError.self) { try TargetingRule(example.rule) }
                #expect(error?.message.hasPrefix("unsupported operator \"$ref\"") == true)
                return
            }
            let rule = try TargetingRule(example.rule)
            // And evaluate without trouble against flagd-style data.
            let data: JSONValue = [
                "targetingKey": "user-1", "$flagd": ["flagKey": "flag", "timestamp": 1_767_225_600],
                "id": "abc-xyz", "version": "3.1.0", "time": 1_700_000_000, "email": "a@example.com",
                "integers": [1, 2, 3], "pies": [["filling": "apple"]], "user": ["name": "Ann"], "env": "production",
            ]
            _ = try rule.evaluate(data)
        }

        @Test("negative examples are refused", arguments: negative)
        func refused(_ example: Example) {
            let error = #expect(throws: RuleError.self) { try TargetingRule(example.rule) }
            #expect(error?.path.hasPrefix("$.") == true)
        }

        @Test(
            "each negative example is refused for its own reason",
            arguments: [
                ("fractional-decimal-weighting.json", "$.fractional[1][1]"),
                ("fractional-invalid-bucketing.json", "$.fractional[0]"),
                ("fractional-invalid-weighting.json", "$.fractional[1][1]"),
                ("fractional-negative-weighting.json", "$.fractional[1][1]"),
                ("invalid-ends-with-param.json", "$.if[0].ends_with[1]"),
                ("invalid-flagd-props.json", "$.if[0][\"==\"][0].var"),
                ("invalid-starts-with-param.json", "$.if[0].starts_with[1]"),
                ("sem-ver-invalid-range-specifier.json", "$.if[0].sem_ver[1]"),
                ("sem-ver-invalid-ver-expression.json", "$.if[0].sem_ver[2]"),
            ])
        func reason(name: String, path: String) throws {
            let example = try #require(Self.negative.first { $0.name == name })
            let error = #expect(throws: RuleError.self) { try TargetingRule(example.rule) }
            #expect(error?.path == path, "\(String(describing: error))")
        }

        @Test("custom-ops examples give flagd's answers")
        func customOperations() throws {
            let rules = try #require(Self.positive.first { $0.name == "custom-ops.json" }?.rule["*"]?.arrayValue)
            let data: JSONValue = [
                "id": "abc-xyz", "version": "3.1.4", "time": 1_800_000_000, "targetingKey": "user-1",
                "$flagd": ["flagKey": "flag", "timestamp": 1_767_225_600],
            ]
            #expect(try TargetingRule(rules[4]).evaluate(data) == "prefix")
            #expect(try TargetingRule(rules[4]).evaluate(["id": "zzz-xyz"]) == "postfix")
            #expect(try TargetingRule(rules[4]).evaluate(["id": "zzz"]) == nil)
            #expect(try TargetingRule(rules[5]).evaluate(data) == "greater")
            #expect(try TargetingRule(rules[5]).evaluate(["version": "2.0.0"]) == "equal")
            #expect(try TargetingRule(rules[5]).evaluate(["version": "v1.9"]) == "lesser")
            #expect(try TargetingRule(rules[6]).evaluate(data) == "major")
            #expect(try TargetingRule(rules[6]).evaluate(["version": "3.0.9-rc.1"]) == "minor")
            #expect(try TargetingRule(rules[6]).evaluate(["version": "4.0.0"]) == "none")
            #expect(try TargetingRule(rules[7]).evaluate(data) == "future")
            let heads = try TargetingRule(rules[1]).evaluate(data)
            #expect(heads == "heads" || heads == "tails")
        }
    }
}
