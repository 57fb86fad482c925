import Foundation
import Testing

@testable import AnnouncementKit

@Suite("Small JSON objects: the cache metadata, signature files and the package's words")
struct JSONObjectTests {
    @Test("typed members: present, missing, null, and the wrong type named")
    func typedMembers() throws {
        let object = try JSONObject(
            parsing: Array(#"{"s":"text","n":2.5,"i":3,"b":true,"z":null,"a":[1]}"#.utf8))
        #expect(try object.string("s") == "text")
        #expect(try object.number("n") == 2.5)
        #expect(try object.integer("i") == 3)
        #expect(try object.bool("b") == true)
        #expect(try object.string("z") == nil && object.string("missing") == nil)
        #expect(throws: JSONObject.Failure(description: "n is 2.5; expected a whole number")) {
            try object.integer("n")
        }
        #expect(throws: JSONObject.Failure(description: "a is an array; expected a string")) { try object.string("a") }
        #expect(throws: JSONObject.Failure(description: "s is a string; expected true or false")) {
            try object.bool("s")
        }
        #expect(throws: JSONObject.Failure(description: "b is a Boolean; expected a number")) { try object.number("b") }
    }

    @Test("what is not an object of UTF-8 JSON is a failure that says so")
    func notAnObject() {
        for (bytes, message) in [
            ([0x7B, 0xFF, 0x7D], "not UTF-8"), (Array("[1]".utf8), "not a JSON object"),
            (Array(#"{"a":"#.utf8), "not JSON"), (Array(String(repeating: "[", count: 5_000).utf8), "not JSON"),
            ([], "not JSON"),
        ] as [([UInt8], String)] {
            #expect(throws: (any Error).self) { try JSONObject(parsing: bytes) }
            do {
                _ = try JSONObject(parsing: bytes)
            } catch {
                #expect(error.description.hasPrefix(message), "\(error)")
            }
        }
    }

    @Test("written with sorted keys on one line, nil members left out, and read back the same")
    func roundTrip() throws {
        let bytes = JSONObject.encoded([
            "z": .string("a \"quoted\"\nline"), "a": .number(1_796_385_600.125), "m": nil, "b": .bool(false),
            "i": .number(42),
        ])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == #"{"a":1796385600.125,"b":false,"i":42,"z":"a \"quoted\"\nline"}"#)
        #expect(!text.contains("\n"))
        let object = try JSONObject(parsing: bytes)
        #expect(try object.number("a") == 1_796_385_600.125)
        #expect(try object.integer("i") == 42)
        #expect(try object.string("z") == "a \"quoted\"\nline")
        #expect(object.members["m"] == nil)
    }
}
