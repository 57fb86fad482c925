import Foundation
import Testing

@testable import AnnouncementKit

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParser.Failure) -> JSONNode {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParser.Failure) -> JSONNode in try JSONParser.parse(buffer) }
        }.get()
    }

    @Test("values, escapes and numbers parse to what they mean")
    func values() throws {
        let text = """
            {"s": "a\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00", "n": [0, -1, 1.5, -2.5e3, 1E2, 123456789012345678, 0.1],
             "b": [true, false, null], "o": {}, "a": [], "u": "日本語 ü"}
            """
        let expected: JSONValue = [
            "s": .string("a\"b\\c/d\u{08}\u{0C}\n\r\té😀"),
            "n": [0, -1, 1.5, -2500, 100, .number(123_456_789_012_345_678), 0.1],
            "b": [true, false, nil], "o": [:], "a": [], "u": "日本語 ü",
        ]
        #expect(try parse(text).value == expected)
    }

    @Test("every value records the byte offset where it starts")
    func offsets() throws {
        let node = try parse("  {\"k\": [1, \"x\", {\"n\": null}]}")
        #expect(node.offset == 2)
        guard case .object(let members) = node.kind, case .array(let items) = members[0].value.kind else {
            Issue.record("unexpected shape")
            return
        }
        #expect(members[0].keyOffset == 3)
        #expect(members[0].value.offset == 8)
        #expect(items.map(\.offset) == [9, 12, 17])
    }

    @Test(
        "malformed JSON fails with a message and an offset",
        arguments: [
            ("{\"a\" 1}", 5, "expected ':'"),
            ("[1 2]", 3, "expected ',' or ']'"),
            ("[01]", 1, "leading zeros"),
            ("[1.]", 1, "digits after '.'"),
            ("[-]", 1, "digits after '-'"),
            ("[1e]", 1, "exponent"),
            ("[tru]", 1, "expected a JSON value"),
            ("[\"a\nb\"]", 3, "control character"),
            ("[\"\\x\"]", 2, "invalid escape"),
            ("[\"\\u12\"]", 2, "four hex digits"),
            ("[\"\\ud800\"]", 2, "unpaired high surrogate"),
            ("[\"\\udc00\"]", 2, "unpaired low surrogate"),
            ("[\"abc", 1, "ends inside a string"),
            ("[1e999]", 1, "out of range"),
            ("{,}", 1, "expected a quoted key"),
        ])
    func malformed(text: String, offset: Int, message: String) {
        do {
            _ = try parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.offset == offset, "\(text): \(error.message)")
            #expect(error.message.contains(message), "\(text): \(error.message)")
        }
    }

    @Test("nesting is limited so hostile input cannot exhaust the stack")
    func depthLimit() throws {
        let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        _ = try parse(fine)
        #expect(throws: JSONParser.Failure.self) {
            try parse(String(repeating: "[", count: 100_000))
        }
    }

    @Test(
        "UTF-8 validation finds the first bad byte",
        arguments: [
            ([0x61, 0x62], nil),
            ([0xC3, 0xA9], nil),
            ([0xF0, 0x9F, 0x98, 0x80], nil),
            ([0x61, 0xC3], 1),
            ([0x61, 0x80], 1),
            ([0xC0, 0xAF], 0),
            ([0xE0, 0x80, 0xAF], 0),
            ([0xED, 0xA0, 0x80], 0),
            ([0xF4, 0x90, 0x80, 0x80], 0),
            ([0xFF], 0),
            ([0x61, 0xE2, 0x82], 1),
        ] as [([UInt8], Int?)])
    func utf8(bytes: [UInt8], expected: Int?) {
        let found = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
        #expect(found == expected)
        #expect((String(validatingCString: bytes.map { CChar(bitPattern: $0) } + [0]) == nil) == (expected != nil))
    }
}
