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
        func parseFloat(value: JSONValue, expected: Double) {
            #expect(JSCoercion.parseFloat(value) == expected)
        }

        @Test("parseFloat of non-numbers is NaN", arguments: ["abc", "", nil, true, [:], "-", "."] as [JSONValue])
        func parseFloatNaN(value: JSONValue) {
            #expect(JSCoercion.parseFloat(value).isNaN)
        }

        @Test("ToNumber of other values")
        func otherNumbers() {
            #expect(JSCoercion.number(nil) == 0)
            #expect(JSCoercion.number(true) == 1)
            #expect(JSCoercion.number([]) == 0)
            #expect(JSCoercion.number(["7"]) == 7)
            #expect(JSCoercion.number([1, 2]).isNaN)
            #expect(JSCoercion.number([:]).isNaN)
        }

        @Test("conversions and comparisons stop at the depth limit instead of exhausting the stack")
        func deepValues() {
            var value: JSONValue = 1
            for _ in 0..<10_000 { value = [value] }
            #expect(JSCoercion.string(value) == "")
            #expect(!JSCoercion.strictlyEquals(value, value))
            #expect(JSCoercion.number(value) == 0)
        }
    }
}
