import AnnouncementKit
import Testing

extension Rules {
    @Suite("Targeting rules")
    struct TargetingRuleTests {
        /// A context as the eligibility stage builds it.
        static let context: JSONValue = [
            "appVersion": "2.6.1", "osVersion": "17.4", "platform": "iOS", "locale": "de-AT", "language": "de",
            "region": "AT", "userId": "user-42", "segments": ["beta", "proUsers"],
            "attributes": ["plan": "team", "seats": 12, "trial": false, "email": "ann@example.com"],
            "now": 1_767_225_600, "daysSinceInstall": 3, "isFirstLaunch": false, "isUpgrade": true,
            "targetingKey": "user-42", "$flagd": ["flagKey": "new-editor", "timestamp": 1_767_225_600],
        ]

        private func value(_ rule: JSONValue, _ data: JSONValue = context) throws -> JSONValue {
            try TargetingRule(rule).evaluate(data)
        }

        @Test(
            "a realistic audience rule",
            arguments: [
                (["sem_ver": [["var": "appVersion"], ">=", "2.5"]], true),
                (["sem_ver": [["var": "osVersion"], "<", "17.0"]], false),
                (["in": ["beta", ["var": "segments"]]], true),
                (["some": [["var": "segments"], ["==": [["var": ""], "proUsers"]]]], true),
                (["==": [["var": "attributes.plan"], "team"]], true),
                ([">=": [["var": "attributes.seats"], 10]], true),
                (["!": ["var": "attributes.trial"]], true),
                (["ends_with": [["var": "attributes.email"], "@example.com"]], true),
                (["starts_with": [["var": "locale"], "de-"]], true),
                (["<": [1_767_000_000, ["var": "now"], 1_768_000_000]], true),
                (["<=": [["var": "daysSinceInstall"], 2]], false),
                (["and": [["var": "isUpgrade"], ["!": ["var": "isFirstLaunch"]]]], true),
                (["in": [["var": "platform"], ["iOS", "iPadOS"]]], true),
                (["==": [["var": "$flagd.flagKey"], "new-editor"]], true),
                (["missing": ["userId", "attributes.company"]], true),
                (["missing_some": [1, ["attributes.company", "attributes.plan"]]], false),
                (["var": "attributes.unknown"], false),
            ] as [(JSONValue, Bool)])
        func contextRule(rule: JSONValue, expected: Bool) throws {
            #expect(try TargetingRule(rule).isSatisfied(by: Self.context) == expected)
        }

        @Test(
            "truthiness: 0, \"\", [], null, false and NaN are falsy; \"0\", {}, [0] are truthy",
            arguments: [
                (0, false), ("", false), ([], false), (nil, false), (false, false), (.number(.nan), false),
                (.number(-0.0), false), ("0", true), ("false", true), ([:], true), ([0], true), (-1, true), (0.5, true),
                (true, true), (.number(.infinity), true),
            ] as [(JSONValue, Bool)])
        func truthiness(value: JSONValue, expected: Bool) throws {
            #expect(try TargetingRule(["!!": [value]]).evaluate([:]) == .bool(expected))
            #expect(try TargetingRule(["var": "x"]).isSatisfied(by: ["x": value]) == expected)
        }

        @Test(
            "== follows JavaScript's loose equality",
            arguments: [
                (1, "1", true), (0, "", true), (0, " ", true), (nil, 0, false), (nil, nil, true), (nil, false, false),
                (nil, "", false), (false, "0", true), (true, "1", true), (true, 2, false), ([1], 1, true),
                ([1, 2], "1,2", true), ([], false, true), ([], "", true), ([nil], "", true), ("abc", "ABC", false),
                (12, " 12 ", true), ("0x10", 16, true), ("1e3", 1000, true), ([:], "[object Object]", true),
                ("a", "a", true), ([1, [2]], [1, [2]], true), (["a": 1, "b": 2], ["b": 2, "a": 1], true),
                (.number(.nan), .number(.nan), false),
            ] as [(JSONValue, JSONValue, Bool)])
        func looseEquality(left: JSONValue, right: JSONValue, expected: Bool) throws {
            #expect(try value(["==": [left, right]], [:]) == .bool(expected))
            #expect(try value(["==": [right, left]], [:]) == .bool(expected))
            #expect(try value(["!=": [left, right]], [:]) == .bool(!expected))
        }

        @Test(
            "=== needs the same type; strings compare by code points, not canonical equivalence",
            arguments: [
                (1, 1.0, true), (1, "1", false), (nil, nil, true), ("\u{E9}", "e\u{301}", false), ([1], [1], true),
                (false, 0, false), ("", "", true),
            ] as [(JSONValue, JSONValue, Bool)])
        func strictEquality(left: JSONValue, right: JSONValue, expected: Bool) throws {
            #expect(try value(["===": [left, right]], [:]) == .bool(expected))
            #expect(try value(["!==": [left, right]], [:]) == .bool(!expected))
        }

        @Test(
            "comparisons: two strings by UTF-16 code units, anything else as numbers; NaN is never ordered",
            arguments: [
                ("10", "9", true), (10, "9", false), ("a", "b", true), ("B", "a", true), (nil, 1, true),
                (false, true, true),
                ("abc", 1, false), (1, "abc", false), ([2], 10, true), ("\u{FF5E}", "\u{1F600}", false),
            ] as [(JSONValue, JSONValue, Bool)])
        func lessThan(left: JSONValue, right: JSONValue, expected: Bool) throws {
            #expect(try value(["<": [left, right]], [:]) == .bool(expected))
            #expect(try value([">": [right, left]], [:]) == .bool(expected))
        }

        @Test("<= and >= are false when a side is NaN, unlike !(a > b)")
        func unordered() throws {
            #expect(try value(["<=": ["abc", 1]], [:]) == false)
            #expect(try value([">=": ["abc", 1]], [:]) == false)
            #expect(try value(["<=": [nil, 0]], [:]) == true)
            #expect(try value([">=": ["b", "a"]], [:]) == true)
        }

        @Test(
            "cat writes numbers as JavaScript does",
            arguments: [
                (1, "1"), (1.5, "1.5"), (-2.25, "-2.25"), (100, "100"), (.number(-0.0), "0"), (1e21, "1e+21"),
                (1e20, "100000000000000000000"), (1.5e-7, "1.5e-7"), (0.000001, "0.000001"), (0.1, "0.1"),
                (123_456.789, "123456.789"), (.number(0.1 + 0.2), "0.30000000000000004"), (.number(.nan), "NaN"),
                (.number(-.infinity), "-Infinity"), (.number(.leastNonzeroMagnitude), "5e-324"),
                (1.7976931348623157e308, "1.7976931348623157e+308"), (.number(-1.5e-7), "-1.5e-7"),
                (-1e21, "-1e+21"), (9_007_199_254_740_994, "9007199254740994"), (-0.5, "-0.5"), (nil, "null"),
                (true, "true"), ([1, [2, nil], "a"], "1,2,,a"), ([:], "[object Object]"),
            ] as [(JSONValue, String)])
        func concatenation(value: JSONValue, expected: String) throws {
            #expect(try self.value(["cat": ["", ["var": "x"]]], ["x": value]) == .string(expected))
        }

        @Test(
            "var reads dotted paths, array indices and defaults",
            arguments: [
                ("attributes.plan", nil, "team"), ("segments.1", nil, "proUsers"), ("segments.01", "d", "d"),
                ("segments.9", "d", "d"), ("attributes.plan.name", "d", "d"), ("nothing", nil, nil),
                ("nothing", 5, 5), ("$flagd.timestamp", nil, 1_767_225_600), ("attributes..plan", "d", "d"),
            ] as [(String, JSONValue, JSONValue)])
        func variable(path: String, fallback: JSONValue, expected: JSONValue) throws {
            let rule: JSONValue = fallback == nil ? ["var": .string(path)] : ["var": [.string(path), fallback]]
            #expect(try value(rule) == expected)
        }

        @Test("var: a present null is returned, a null on the way gives the default")
        func variableNulls() throws {
            #expect(try value(["var": ["a", "d"]], ["a": nil]) == nil)
            #expect(try value(["var": ["a.b", "d"]], ["a": nil]) == "d")
            #expect(try value(["var": ["a.b", "d"]], ["a": "text"]) == "d")
            #expect(try value(["var": ""], [1, 2]) == [1, 2])
            #expect(try value(["var": 1.5], ["1": ["5": "x"]]) == "x")
        }

        @Test(
            "sem_ver compares SemVer 2.0 precedence; ^ is the same major, ~ the same major and minor",
            arguments: [
                ("2.5", ">=", "2.5.0", true), ("v2.5.1", "<", "2.6", true), ("2.5.0-beta", "<", "2.5.0", true),
                ("1.2.3+a", "=", "1.2.3+b", true), ("1.2.3", "!=", "1.2.4", true), ("3.1.0", "^", "3.9.9", true),
                ("3.1.0", "^", "4.0.0", false), ("3.1.0", "~", "3.1.9", true), ("3.1.0", "~", "3.2.0", false),
                ("1.0.0-rc.1", "<=", "1.0.0-rc.1", true), ("10.0.0", ">", "9.9.9", true),
                ("1.0.0-alpha.1", ">", "1.0.0-alpha", true),
                ("banana", "<", "2.0.0", false), ("banana", ">=", "2.0.0", false), ("1.2.3.4", "=", "1.2.3", false),
                ("1.0.0", "==", "1.0.0", false),
            ] as [(String, String, String, Bool)])
        func semVer(version: String, comparison: String, target: String, expected: Bool) throws {
            let rule = try TargetingRule(["sem_ver": [["var": "v"], ["var": "op"], .string(target)]])
            #expect(rule.isSatisfied(by: ["v": .string(version), "op": .string(comparison)]) == expected)
        }

        @Test("sem_ver with a missing or non-string version is false, as in flagd")
        func semVerMissing() throws {
            let rule = try TargetingRule(["sem_ver": [["var": "appVersion"], ">=", "1.0.0"]])
            #expect(try rule.evaluate([:]) == false)
            #expect(try rule.evaluate(["appVersion": 2]) == false)
            #expect(try rule.evaluate(["appVersion": "2"]) == true)
        }

        @Test(
            "starts_with and ends_with compare UTF-8 bytes; anything but two strings is false",
            arguments: [
                ("starts_with", "user@example.com", "user@", true), ("starts_with", "user@example.com", "@", false),
                ("ends_with", "user@example.com", ".com", true), ("ends_with", "Straße", "ße", true),
                ("starts_with", "日本語", "日本", true), ("ends_with", "e\u{301}", "\u{301}", true),
                ("starts_with", "abc", "", true), ("ends_with", "", "a", false),
            ] as [(String, String, String, Bool)])
        func affixes(op: String, text: String, affix: String, expected: Bool) throws {
            #expect(try value([op: [["var": "t"], .string(affix)]], ["t": .string(text)]) == .bool(expected))
        }

        @Test("starts_with on a missing value is false")
        func affixMissing() throws {
            #expect(try value(["starts_with": [["var": "missing"], "a"]]) == false)
            #expect(try value(["ends_with": [["var": "attributes.seats"], "2"]]) == false)
        }

        @Test("in: substring for a string, strict membership for an array, false otherwise")
        func membership() throws {
            #expect(try value(["in": ["2", ["var": "n"]]], ["n": [1, 2]]) == false)
            #expect(try value(["in": [2, ["var": "n"]]], ["n": [1, 2]]) == true)
            #expect(try value(["in": [1, "a1"]], [:]) == true)
            #expect(try value(["in": ["a", ["var": "missing"]]], [:]) == false)
            #expect(try value(["in": ["x", 12]], [:]) == false)
        }

        @Test("and/or return the deciding operand and stop there")
        func shortCircuit() throws {
            // The fractional would throw for lack of a targeting key if it were evaluated.
            let throwing: JSONValue = ["fractional": [["a", 1]]]
            #expect(try value(["and": [0, throwing]], [:]) == 0)
            #expect(try value(["or": ["yes", throwing]], [:]) == "yes")
            #expect(try value(["if": [true, "a", throwing]], [:]) == "a")
            #expect(try value(["?:": [false, throwing, "b"]], [:]) == "b")
        }

        @Test("array operators over data that is not an array")
        func arraysOfNothing() throws {
            #expect(try value(["all": [["var": "x"], true]], [:]) == false)
            #expect(try value(["some": [["var": "x"], true]], [:]) == false)
            #expect(try value(["none": [["var": "x"], true]], [:]) == true)
            #expect(try value(["map": [["var": "x"], 1]], [:]) == [])
            #expect(try value(["reduce": [["var": "x"], 1]], [:]) == nil)
        }

        @Test("substr works on UTF-16 code units like JavaScript")
        func substring() throws {
            #expect(try value(["substr": ["Grüße", 2]], [:]) == "üße")
            #expect(try value(["substr": ["Grüße", -3, 2]], [:]) == "üß")
            #expect(try value(["substr": ["abc", 1, -5]], [:]) == "")
            #expect(try value(["substr": ["abc", ["var": "x"]]], ["x": .number(.infinity)]) == "")
            #expect(try value(["substr": ["abc", 1, "x"]], [:]) == "")
        }

        @Test("arithmetic: + and * use parseFloat, the others ToNumber")
        func arithmetic() throws {
            #expect(try value(["+": ["3px", "4"]], [:]) == 7)
            #expect(try value(["-": ["10", [2]]], [:]) == 8)
            #expect(try value(["*": ["2", "2.5"]], [:]) == 5)
            #expect(try value(["/": [1, 4]], [:]) == 0.25)
            #expect(try value(["%": [-7, 3]], [:]) == -1)
            #expect(try value(["max": [1, "5", 3]], [:]) == 5)
            #expect(try TargetingRule(["min": [1, "x"]]).isSatisfied(by: [:]) == false)
            #expect(try TargetingRule(["/": [1, 0]]).isSatisfied(by: [:]) == true)
        }

        @Test("a multi-key object is data, an empty object too")
        func dataObjects() throws {
            #expect(try value(["if": [true, ["a": 1, "b": ["var": "x"]], 0]], [:]) == ["a": 1, "b": ["var": "x"]])
            #expect(try TargetingRule([:]).isSatisfied(by: [:]))
        }

        @Test("rules are equal and hash by their source; description is compact JSON")
        func identity() throws {
            let first = try TargetingRule(["in": ["beta", ["var": "segments"]]])
            let second = try TargetingRule(["in": ["beta", ["var": "segments"]]])
            let other = try TargetingRule(["in": ["alpha", ["var": "segments"]]])
            #expect(first == second)
            #expect(first != other)
            #expect(Set([first, second, other]).count == 2)
            #expect(first.source == ["in": ["beta", ["var": "segments"]]])
            #expect(first.description == #"{"in":["beta",{"var":"segments"}]}"#)
        }

        @Test("the source comes back exactly as given, whatever it holds")
        func sourceRoundTrip() throws {
            let sources: [JSONValue] = [
                ["==": [["var": "attributes.plan"], "pro \"quoted\" \\ \n\t\u{1} ☃︎ 👋🏽"]],
                ["in": [0.1, [1e300, -5e-324, 9_007_199_254_740_993, 123_456_789.125, -0.0]]],
                ["in": [["var": "segments"], ["a", "b", nil, true, false, [:], ["k": ["nested": [1, 2]], "l": 2]]]],
                ["if": [true, ["a": 1, "b": ["var": "x"]], 0]],
            ]
            for source in sources {
                let rule = try TargetingRule(source)
                #expect(rule.source == source)
                #expect(rule.description == source.description)
                #expect(try TargetingRule(rule.source) == rule)
            }
        }

        @Test("non-finite numbers and the deepest rules come back as given")
        func sourcesKeptAsValues() throws {
            let infinite = try TargetingRule(["<": [["var": "x"], .number(.infinity)]])
            #expect(infinite.source == ["<": [["var": "x"], .number(.infinity)]])
            #expect(infinite.isSatisfied(by: ["x": 5]))
            var deep: JSONValue = 1
            for _ in 0..<250 { deep = [deep] }
            let nested = try TargetingRule(["==": [deep, deep]])
            #expect(nested.source == ["==": [deep, deep]])
        }

        @Test("canonically equivalent strings and -0/0 make equal rules with equal hashes")
        func equivalentSources() throws {
            let composed = try TargetingRule(["==": [["var": "city"], "Z\u{FC}rich"]])
            let decomposed = try TargetingRule(["==": [["var": "city"], "Zu\u{308}rich"]])
            #expect(composed == decomposed)
            #expect(composed.hashValue == decomposed.hashValue)
            let negativeZero = try TargetingRule(["==": [["var": "n"], -0.0]])
            let zero = try TargetingRule(["==": [["var": "n"], 0]])
            #expect(negativeZero == zero)
            #expect(negativeZero.hashValue == zero.hashValue)
        }
    }
}
