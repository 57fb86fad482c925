import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnounceCLI

@Suite("--attribute values")
struct AttributeArgumentTests {
    @Test(
        "true and false are booleans; JSON numbers are numbers",
        arguments: [
            ("true", JSONValue.bool(true)), ("false", .bool(false)), ("0", .number(0)), ("-0", .number(-0.0)),
            ("7", .number(7)), ("-12", .number(-12)), ("3.5", .number(3.5)), ("0.25", .number(0.25)),
            ("1e3", .number(1000)), ("2E-2", .number(0.02)), ("1.5e+2", .number(150)),
            ("12345678901234", .number(12_345_678_901_234)),
        ])
    func typed(text: String, value: JSONValue) {
        #expect(AttributeArgument.value(text) == value)
    }

    @Test(
        "everything else stays the string it was typed as",
        arguments: [
            "01234", "00", "-01", "0x10", "0X1f", "+1", ".5", "1.", "-", "-.5", "1e", "1e+", "1.5e", "Infinity",
            "-Infinity", "inf", "NaN", "nan", "1e400", "-1e400", "1_000", "1,5", " 1", "1 ", "1\n", "١٢", "１２",
            "True", "FALSE", "null", "", "\"3\"", "3a", "0b101",
        ])
    func strings(text: String) {
        #expect(AttributeArgument.value(text) == .string(text))
    }

    @Test("-0 is a number equal to 0")
    func negativeZero() {
        guard case .number(let number) = AttributeArgument.value("-0") else {
            Issue.record("-0 is not a number")
            return
        }
        #expect(number == 0)
    }

    @Test("through simulate: zip=01234 is the string \"01234\", 0x10 the string \"0x10\", 1e3 the number 1000")
    func simulate() async throws {
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: feed) }
        try Data(
            #"""
            {"announcements": [
              {"id": "zip", "title": "t", "message": "m", "audience": {"targeting":
                {"===": [{"var": "attributes.zip"}, "01234"]}}},
              {"id": "hex", "title": "t", "message": "m", "audience": {"targeting":
                {"===": [{"var": "attributes.code"}, "0x10"]}}},
              {"id": "count", "title": "t", "message": "m", "audience": {"targeting":
                {"===": [{"var": "attributes.count"}, 1000]}}}]}
            """#.utf8
        ).write(to: feed)
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() })
        let result = await Announce.run(
            [
                "simulate", feed.path, "--format", "json", "--at", "2026-12-03T12:00:00Z", "--attribute", "zip=01234",
                "--attribute", "code=0x10", "--attribute", "count=1e3",
            ], environment: environment)
        #expect(result.status == .success, "\(result.standardError)")
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let eligible = [object["active"] as? String].compactMap { $0 } + (object["queue"] as? [String] ?? [])
        #expect(Set(eligible) == ["zip", "hex", "count"], "\(result.standardOutput)")
    }
}
