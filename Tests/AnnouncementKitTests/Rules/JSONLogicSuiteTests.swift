import AnnouncementKit
import Testing

extension Rules {
    /// The whole jsonlogic.com suite (`json-logic/tests.json`, 277 cases).
    ///
    /// Skipped operators: none. Every operator the suite uses is implemented; the one JSON Logic operator
    /// this engine leaves out, `log` (a side effect, printing), does not occur in the suite. A case that
    /// used a left-out operator would have to be refused by `TargetingRule.init` with "unsupported
    /// operator", which ``passes(_:)`` asserts for the operators in ``skippedOperators``.
    @Suite("JSON Logic suite (jsonlogic.com tests.json)")
    struct JSONLogicSuiteTests {
        /// JSON Logic operators the engine does not implement.
        static let skippedOperators: Set<String> = ["log"]

        struct Case: Sendable, CustomStringConvertible {
            let number: Int
            let heading: String
            let rule: JSONValue
            let data: JSONValue
            let expected: JSONValue
            var description: String { "#\(number) \(rule) with \(data) (\(heading))" }
        }

        static let cases: [Case] = {
            var cases: [Case] = []
            var heading = ""
            for item in PeerSuite.elements("json-logic/tests.json") {
                if let text = item.stringValue {
                    heading = text
                } else if let parts = item.arrayValue, parts.count == 3 {
                    cases.append(
                        Case(
                            number: cases.count + 1, heading: heading, rule: parts[0], data: parts[1],
                            expected: parts[2]))
                }
            }
            return cases
        }()

        /// Operator names (keys of one-key objects) anywhere in a rule.
        static func operators(in rule: JSONValue) -> Set<String> {
            switch rule {
            case .object(let members):
                let inner = members.values.reduce(into: Set<String>()) { $0.formUnion(operators(in: $1)) }
                return members.count == 1 ? inner.union(members.keys) : inner
            case .array(let items):
                return items.reduce(into: Set<String>()) { $0.formUnion(operators(in: $1)) }
            default:
                return []
            }
        }

        @Test("the fixture holds all 277 cases")
        func suiteIsComplete() {
            #expect(Self.cases.count == 277)
        }

        @Test("every operator the suite uses is implemented")
        func noneSkipped() {
            let used = Self.cases.reduce(into: Set<String>()) { $0.formUnion(Self.operators(in: $1.rule)) }
            #expect(used.count == 34)
            #expect(used.isDisjoint(with: Self.skippedOperators))
        }

        @Test("case passes, or is refused as unsupported when it uses a skipped operator", arguments: cases)
        func passes(_ testCase: Case) throws {
            if !Self.operators(in: testCase.rule).isDisjoint(with: Self.skippedOperators) {
                let error = #expect(throws: RuleError.self) { try TargetingRule(testCase.rule) }
                #expect(error?.message.hasPrefix("unsupported operator") == true)
                return
            }
            let rule = try TargetingRule(testCase.rule)
            #expect(try rule.evaluate(testCase.data) == testCase.expected)
        }
    }
}
