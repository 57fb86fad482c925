import AnnouncementKit
import AnnouncementTestSupport
import Testing

extension Rules {
    @Suite("Rule errors and robustness")
    struct RuleErrorTests {
        private func refusal(_ rule: JSONValue) -> RuleError? {
            do {
                _ = try TargetingRule(rule)
                return nil
            } catch {
                return error
            }
        }

        @Test(
            "an unsupported operator is refused with its path",
            arguments: [
                (["regex": ["a", "b"]], "$.regex", "regex"),
                (["and": [true, ["regex": ["a", "b"]]]], "$.and[1].regex", "regex"),
                (["==": [1, ["nope": 2]]], #"$["=="][1].nope"#, "nope"),
                (["if": [["log": 1], "a", "b"]], "$.if[0].log", "log"),
                (["some": [["var": "segments"], ["$ref": "shared"]]], #"$.some[1]["$ref"]"#, "$ref"),
                (
                    [["fractionalEvaluation": ["email", ["a", 100]]]], "$[0].fractionalEvaluation",
                    "fractionalEvaluation"
                ),
                (["": 1], #"$[""]"#, ""),
            ] as [(JSONValue, String, String)])
        func unsupported(rule: JSONValue, path: String, name: String) throws {
            let error = try #require(refusal(rule))
            #expect(error.path == path)
            #expect(error.message.hasPrefix("unsupported operator \"\(name)\"; supported: !, !!, !=, !==, %, *, +, -"))
            #expect(error.message.contains("sem_ver, some, starts_with, substr, var"))
            #expect(error.description == "\(error.message) (\(path))")
        }

        @Test("left-out operators say why")
        func hints() throws {
            #expect(
                try #require(refusal(["log": "x"])).message.hasSuffix(
                    "(log is left out because a targeting rule has no side effects)"))
            #expect(try #require(refusal(["$ref": "x"])).message.contains("write the rule in place"))
        }

        @Test(
            "a fixed-arity operator with the wrong number of arguments is refused",
            arguments: [
                (["==": [1]], #"$["=="]"#, #""==" takes exactly 2 arguments, found 1; write {"==": [a, b]}"#),
                (["and": [true, ["===": [1, 2, 3]]]], #"$.and[1]["==="]"#, "takes exactly 2 arguments, found 3"),
                (["!": []], #"$["!"]"#, "takes exactly 1 argument, found 0"),
                (["var": ["a", 1, 2]], "$.var", "takes 0 to 2 arguments, found 3"),
                ([">": [1, 2, 3]], #"$[">"]"#, "takes exactly 2 arguments, found 3"),
                (["<": [1]], #"$["<"]"#, #"or, for a range, {"<": [low, x, high]}"#),
                (["<=": [1, 2, 3, 4]], #"$["<="]"#, "takes 2 to 3 arguments, found 4"),
                (["substr": "abc"], "$.substr", "takes 2 to 3 arguments, found 1"),
                (["sem_ver": ["1.0.0", ">"]], "$.sem_ver", "takes exactly 3 arguments, found 2"),
                (["starts_with": ["a"]], "$.starts_with", "takes exactly 2 arguments, found 1"),
                (["ends_with": ["a", "b", "c"]], "$.ends_with", "takes exactly 2 arguments, found 3"),
                (["map": [[1, 2]]], "$.map", "takes exactly 2 arguments, found 1"),
                (["reduce": [[1], 2, 3, 4]], "$.reduce", "takes 2 to 3 arguments, found 4"),
                (["missing_some": [1]], "$.missing_some", "takes exactly 2 arguments, found 1"),
                (["in": ["a"]], "$.in", "takes exactly 2 arguments, found 1"),
                (["or": []], "$.or", "takes at least 1 argument, found 0"),
                (["min": []], "$.min", "takes at least 1 argument, found 0"),
                (["*": []], #"$["*"]"#, "takes at least 1 argument, found 0"),
                (["-": [1, 2, 3]], #"$["-"]"#, "takes 1 to 2 arguments, found 3"),
                (["%": [1]], #"$["%"]"#, "takes exactly 2 arguments, found 1"),
            ] as [(JSONValue, String, String)])
        func arity(rule: JSONValue, path: String, message: String) throws {
            let error = try #require(refusal(rule))
            #expect(error.path == path)
            #expect(error.message.contains(message), "\(error)")
        }

        @Test(
            "malformed flagd and missing_some arguments are refused",
            arguments: [
                (
                    ["sem_ver": [["var": "v"], "*", "2.0.0"]], "$.sem_ver[1]",
                    "unknown \"sem_ver\" comparison the string \"*\""
                ),
                (["sem_ver": [["var": "v"], "==", "2.0.0"]], "$.sem_ver[1]", "use one of =, !=, <, <=, >, >=, ^"),
                (["sem_ver": [["var": "v"], 1, "2.0.0"]], "$.sem_ver[1]", "comparison the number 1"),
                (
                    ["sem_ver": [["var": "v"], "=", "2.0.0.0"]], "$.sem_ver[2]",
                    "the string \"2.0.0.0\" is not a version"
                ),
                (["sem_ver": [2, "=", ["var": "v"]]], "$.sem_ver[0]", "the number 2 is not a version"),
                (["starts_with": [["var": "id"], 0]], "$.starts_with[1]", "compares strings; found the number 0"),
                (["ends_with": [nil, "x"]], "$.ends_with[0]", "found null"),
                (["var": "$flagd.invalidProp"], "$.var", "\"$flagd.invalidProp\" is not a flagd property"),
                (["var": ["$flagd.flagKey.x", 1]], "$.var[0]", "is not a flagd property"),
                (["missing_some": ["1", ["a"]]], "$.missing_some[0]", "a number; found the string \"1\""),
                (["missing_some": [1, "a"]], "$.missing_some[1]", "an array of keys; found the string \"a\""),
                (["==": [1, 2], "note": "x"], "$", #"the operator "==" and other keys ("note")"#),
            ] as [(JSONValue, String, String)])
        func malformed(rule: JSONValue, path: String, message: String) throws {
            let error = try #require(refusal(rule))
            #expect(error.path == path)
            #expect(error.message.contains(message), "\(error)")
        }

        @Test("valid flagd forms are accepted")
        func accepted() {
            #expect(refusal(["var": "$flagd.flagKey"]) == nil)
            #expect(refusal(["var": "$flagd"]) == nil)
            #expect(refusal(["sem_ver": ["v1.2", "~", ["var": "v"]]]) == nil)
            #expect(refusal(["sem_ver": [["var": "v"], ["var": "op"], ["var": "w"]]]) == nil)
            #expect(refusal(["starts_with": [["cat": ["a", 1]], ["var": "x"]]]) == nil)
            #expect(refusal(["missing_some": [["var": "n"], ["merge": [["a"], ["b"]]]]]) == nil)
            #expect(refusal(["a": 1, "b": ["c": 2]]) == nil)
        }

        @Test("missing_some whose keys evaluate to a non-array fails at evaluation, not with a crash")
        func missingSomeEvaluation() throws {
            let rule = try TargetingRule(["missing_some": [1, ["var": "keys"]]])
            let error = #expect(throws: RuleError.self) { try rule.evaluate(["keys": "a"]) }
            #expect(error?.path == "$.missing_some")
            #expect(!rule.isSatisfied(by: ["keys": "a"]))
            let nested = try TargetingRule(["and": [true, ["!": ["missing_some": [1, ["var": "keys"]]]]]])
            let nestedError = #expect(throws: RuleError.self) { try nested.evaluate(["keys": "a"]) }
            #expect(nestedError?.path == "$.and[1][\"!\"].missing_some")
            #expect(try rule.evaluate(["keys": ["a", "b"], "a": 1]) == [])
        }

        // MARK: - Depth

        private static func nested(_ depth: Int, around leaf: JSONValue = true) -> JSONValue {
            var value = leaf
            for _ in 0..<depth { value = ["!!": [value]] }
            return value
        }

        private static func nestedArrays(_ depth: Int) -> JSONValue {
            var value: JSONValue = 1
            for _ in 0..<depth { value = [value] }
            return value
        }

        @Test("rules as deep as the JSON parser allows parse and evaluate")
        func deepButAllowed() throws {
            // Each level is an object and an array: 128 levels are 256 deep.
            let rule = try TargetingRule(Self.nested(128))
            #expect(try rule.evaluate([:]) == true)
            let arrays = try TargetingRule(Self.nestedArrays(256))
            #expect(try arrays.evaluate([:]) == Self.nestedArrays(256))
        }

        @Test("deeper rules are refused with the path where the limit is crossed")
        func tooDeep() throws {
            let error = try #require(refusal(Self.nestedArrays(257)))
            #expect(error.message.contains("nested more than 256 levels"))
            #expect(error.path == "$" + String(repeating: "[0]", count: 257))
            let deepOperators = try #require(refusal(Self.nested(200)))
            #expect(deepOperators.path.hasPrefix(#"$["!!"][0]["!!"][0]"#))
        }

        @Test("very deep rules and data do not crash")
        func veryDeep() throws {
            #expect(refusal(Self.nested(5_000)) != nil)
            #expect(refusal(Self.nestedArrays(10_000)) != nil)
            let deepData = Self.nestedArrays(5_000)
            let rule = try TargetingRule(["and": [["==": [["var": "x"], ["var": "x"]]], ["cat": [["var": "x"]]]]])
            _ = rule.isSatisfied(by: ["x": deepData])
            _ = try TargetingRule(["in": [["var": "x"], [["var": "x"]]]]).evaluate(["x": deepData])
            _ = try TargetingRule(["<": [["var": "x"], 1]]).evaluate(["x": deepData])
        }

        @Test(
            "reduce cannot build values deep or large enough to hurt: the budget runs out first",
            arguments: [
                ["reduce": [["var": "items"], [["var": "accumulator"]], 0]],
                ["reduce": [["var": "items"], ["var": ""], 0]],
                ["reduce": [["var": "items"], [["var": "accumulator"], ["var": "accumulator"]], 0]],
                ["reduce": [["var": "items"], ["map": [[["var": "accumulator"]], ["var": ""]]], 0]],
            ] as [JSONValue])
        func reduceBuildsTooMuch(rule: JSONValue) throws {
            let rule = try TargetingRule(rule)
            let data: JSONValue = ["items": .array((0..<100_000).map { .number(Double($0)) })]
            let error = #expect(throws: RuleError.self) { try rule.evaluate(data) }
            #expect(error?.message == "targeting rule exceeded its budget")
            #expect(error?.path == "$")
            let satisfied = rule.isSatisfied(by: data)
            #expect(!satisfied)
        }

        @Test("reduce that nests its accumulator more than 256 deep within the budget is refused at reduce")
        func reduceTooDeep() throws {
            // Each step wraps the accumulator in 60 arrays: five steps make it 300 deep for a few thousand
            // operations.
            var wrapped: JSONValue = ["var": "accumulator"]
            for _ in 0..<60 { wrapped = [wrapped] }
            let rule = try TargetingRule(["reduce": [[1, 2, 3, 4, 5, 6], wrapped, 0]])
            let error = #expect(throws: RuleError.self) { try rule.evaluate([:]) }
            #expect(error?.message.hasPrefix("\"reduce\" built a value nested more than 256 deep") == true)
            #expect(error?.path == "$.reduce")
        }

        @Test("reduce over hundreds of elements is fine when it accumulates a number; thousands run out of budget")
        func reduceLarge() throws {
            let rule = try TargetingRule(["reduce": [["var": "items"], ["+": [["var": "accumulator"], 1]], 0]])
            func items(_ count: Int) -> JSONValue { ["items": .array((0..<count).map { .number(Double($0)) })] }
            #expect(try rule.evaluate(items(300)) == 300)
            let error = #expect(throws: RuleError.self) { try rule.evaluate(items(3_000)) }
            #expect(error?.message == "targeting rule exceeded its budget")
        }

        // MARK: - Fuzzing

        static let operatorNames = [
            "var", "missing", "missing_some", "if", "?:", "==", "===", "!=", "!==", "!", "!!", "or", "and", ">", ">=",
            "<",
            "<=", "in", "cat", "substr", "+", "-", "*", "/", "%", "min", "max", "merge", "map", "filter", "reduce",
            "all",
            "none", "some", "starts_with", "ends_with", "sem_ver", "fractional", "regex", "log",
        ]

        static let leaves: [JSONValue] = [
            nil, true, false, 0, -0.0, 1, -1, 2.5, 1e300, -1e-300, .number(.nan), .number(.infinity),
            .number(-.infinity), 2_147_483_647, 4_294_967_296, "", "0", "a", "a.b", "1", "-1", "$flagd.flagKey",
            "targetingKey", "=", "<=", "~", "2.0.0", "v1", "日本😀", "e\u{301}", " 0x1F ", "Infinity", "..", [], [:],
            ["a": 1, "b": 2],
        ]

        static func randomValue(_ generator: inout SplitMix64, depth: Int) -> JSONValue {
            let roll = Int.random(in: 0..<10, using: &generator)
            if depth <= 0 || roll < 4 { return leaves.randomElement(using: &generator)! }
            if roll < 6 {
                return .array(
                    (0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(&generator, depth: depth - 1)
                    })
            }
            let name = operatorNames.randomElement(using: &generator)!
            let count = Int.random(in: 0...4, using: &generator)
            let arguments = (0..<count).map { _ in randomValue(&generator, depth: depth - 1) }
            return [name: roll == 9 ? (arguments.first ?? nil) : .array(arguments)]
        }

        @Test("5,000 random rules over random data never crash", arguments: 0..<10)
        func fuzz(seed: UInt64) {
            var generator = SplitMix64(seed: seed &* 0x1234_5678_9ABC)
            var parsed = 0
            for _ in 0..<500 {
                let source = Self.randomValue(&generator, depth: 5)
                guard let rule = try? TargetingRule(source) else { continue }
                parsed += 1
                for _ in 0..<3 {
                    let data: JSONValue = [
                        "a": Self.randomValue(&generator, depth: 2), "b": Self.randomValue(&generator, depth: 2),
                        "targetingKey": Self.leaves.randomElement(using: &generator)!,
                        "$flagd": ["flagKey": "f", "timestamp": 1_767_225_600],
                    ]
                    _ = try? rule.evaluate(data)
                    _ = rule.isSatisfied(by: data)
                    _ = rule.isSatisfied(by: Self.randomValue(&generator, depth: 3))
                }
            }
            #expect(parsed > 50)
        }
    }
}
