import AnnouncementTestSupport
import Testing

@testable import AnnouncementKit

extension Rules {
    @Suite("JavaScript coercions")
    struct JSCoercionTests {
        @Test(
            "ToNumber of strings follows JavaScript's StringToNumber",
            arguments: [
                ("", 0), ("   ", 0), ("  12  ", 12), ("1e3", 1000), (".5", 0.5), ("5.", 5), ("+5", 5), ("-5", -5),
                ("-0", -0.0), ("0x1F", 31), ("0X1f", 31), ("0b101", 5), ("0o17", 15), ("007", 7),
                ("Infinity", .infinity), ("-Infinity", -.infinity), ("\u{A0}7\u{2003}\n", 7), ("1.5E-3", 0.0015),
            ] as [(String, Double)])
        func numbers(text: String, expected: Double) {
            #expect(JSCoercion.number(fromString: text) == expected)
        }

        @Test(
            "strings that are not numeric literals are NaN",
            arguments: [
                "-0x10", "0x", "0xG", "0b102", "inf", "nan", "NaN", "1_000", "12px", "1e", ".", "e5", "1..2", "+-1",
                "\u{663}", "\u{FF11}\u{FF12}", "1 2", "infinity", "0x1p3",
            ])
        func notNumbers(text: String) {
            #expect(JSCoercion.number(fromString: text).isNaN)
        }

        @Test(
            "parseFloat reads the longest decimal prefix",
            arguments: [
                ("12px", 12), ("  -1.5e3abc", -1500), (".5.", 0.5), ("1e", 1), ("1e+", 1), ("Infinityx", .infinity),
                ("0x10", 0), ("-.5", -0.5),
            ] as [(JSONValue, Double)])
        func parseFloat(value: JSONValue, expected: Double) throws {
            var budget = RuleBudget(ruleSize: 0)
            #expect(try JSCoercion.parseFloat(value, budget: &budget) == expected)
        }

        @Test("parseFloat of non-numbers is NaN", arguments: ["abc", "", nil, true, [:], "-", "."] as [JSONValue])
        func parseFloatNaN(value: JSONValue) throws {
            var budget = RuleBudget(ruleSize: 0)
            #expect(try JSCoercion.parseFloat(value, budget: &budget).isNaN)
        }

        @Test("ToNumber of other values")
        func otherNumbers() throws {
            var budget = RuleBudget(ruleSize: 0)
            #expect(try JSCoercion.number(nil, budget: &budget) == 0)
            #expect(try JSCoercion.number(true, budget: &budget) == 1)
            #expect(try JSCoercion.number([], budget: &budget) == 0)
            #expect(try JSCoercion.number(["7"], budget: &budget) == 7)
            #expect(try JSCoercion.number([1, 2], budget: &budget).isNaN)
            #expect(try JSCoercion.number([:], budget: &budget).isNaN)
        }

        @Test("conversions and comparisons stop at the depth limit instead of exhausting the stack")
        func deepValues() throws {
            var value: JSONValue = 1
            for _ in 0..<10_000 { value = [value] }
            var budget = RuleBudget(ruleSize: 0)
            #expect(try JSCoercion.string(value, budget: &budget) == "")
            #expect(try !JSCoercion.strictlyEquals(value, value, budget: &budget))
            #expect(try JSCoercion.number(value, budget: &budget) == 0)
        }

        /// The reference: every start position, compared byte for byte.
        private static func naiveContains(_ haystack: String, _ needle: String) -> Bool {
            let hay = Array(haystack.utf8)
            let target = Array(needle.utf8)
            if target.isEmpty { return true }
            guard target.count <= hay.count else { return false }
            return (0...(hay.count - target.count)).contains { hay[$0..<($0 + target.count)].elementsEqual(target) }
        }

        @Test("the linear substring search finds what a naive search finds", arguments: 0..<4)
        func substringSearch(seed: UInt64) {
            var generator = SplitMix64(seed: seed &+ 0x5EED)
            // Two letters (and one two-byte letter) make borders and near-matches common.
            let letters: [Character] = ["a", "b", "é"]
            func text(_ maximum: Int) -> String {
                String(
                    (0..<Int.random(in: 0...maximum, using: &generator)).map { _ in
                        letters[Int.random(in: 0..<(seed == 0 ? 2 : 3), using: &generator)]
                    })
            }
            for _ in 0..<2_000 {
                let haystack = text(24)
                let needle = text(6)
                #expect(
                    JSCoercion.contains(haystack, needle) == Self.naiveContains(haystack, needle),
                    "\(needle) in \(haystack)")
            }
        }

        @Test("substring search compares bytes: no canonical equivalence, but whole characters match inside others")
        func substringSearchBytes() {
            #expect(!JSCoercion.contains("caf\u{E9}", "e\u{301}"))
            #expect(!JSCoercion.contains("cafe\u{301}", "\u{E9}"))
            #expect(JSCoercion.contains("cafe\u{301}", "e"))
            #expect(JSCoercion.contains("abc", ""))
            #expect(JSCoercion.contains("", ""))
            #expect(!JSCoercion.contains("", "a"))
            #expect(JSCoercion.contains("aaab", "aab"))
            #expect(JSCoercion.contains("abababc", "ababc"))
        }

        @Test("substr slices UTF-16 code units as decoding them would, half surrogate pairs included", arguments: 0..<4)
        func utf16Slices(seed: UInt64) {
            var generator = SplitMix64(seed: seed &+ 0x51CE)
            let pieces = ["a", "b", "é", "😀", "e\u{301}", "中"]
            for _ in 0..<500 {
                let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                    pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                }.joined()
                let units = Array(text.utf16)
                let lower = Int.random(in: 0...units.count, using: &generator)
                let upper = Int.random(in: lower...units.count, using: &generator)
                let expected = String(decoding: units[lower..<upper], as: UTF16.self)
                #expect(
                    JSCoercion.utf16Slice(of: text, from: lower, to: upper).utf8.elementsEqual(expected.utf8),
                    "\(text) [\(lower), \(upper))")
            }
        }

        @Test("strings compare by UTF-16 code units, also where that order is not the code points' order")
        func utf16Order() {
            var generator = SplitMix64(seed: 0x0DE2)
            // U+FF21 sorts after the surrogates of U+1F600 in UTF-16 but before it by code point.
            let pieces = ["a", "b", "é", "😀", "\u{FF21}", "\u{E000}", "\u{10000}", "中", ""]
            for _ in 0..<2_000 {
                func text() -> String {
                    (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                        pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                    }.joined()
                }
                let (a, b) = (text(), text())
                #expect(JSCoercion.utf16Precedes(a, b) == a.utf16.lexicographicallyPrecedes(b.utf16), "\(a) < \(b)")
            }
            #expect(JSCoercion.utf16Precedes("😀", "\u{FF21}"))
            #expect(!JSCoercion.utf16Precedes("\u{FF21}", "😀"))
        }
    }
}
