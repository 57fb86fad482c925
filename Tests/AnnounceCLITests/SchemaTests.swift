import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("Feed JSON Schema")
struct SchemaTests {
    @Test("announce schema prints exactly docs/feed.schema.json")
    func commandMatchesFile() async throws {
        let file = try String(contentsOf: Fixtures.url("docs/feed.schema.json"), encoding: .utf8)
        let result = await Announce.run(["schema"])
        #expect(result.status == .success)
        #expect(result.standardOutput == file, "run scripts/update-schema-source after editing docs/feed.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(file.utf8)) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    /// Whether python-jsonschema can be imported; CI must have it, so there the test never skips.
    static let validatorAvailable: Bool = {
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        guard
            let python = try? Fixtures.runBlocking(
                URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import jsonschema"])
        else { return false }
        return python.status == 0
    }()

    @Test(
        "a standard validator accepts every example feed and rejects every known-bad fixture",
        .enabled(if: validatorAvailable, "python-jsonschema is not installed; scripts/test installs it"))
    func standardValidator() async throws {
        let result = try await Fixtures.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Fixtures.url("scripts/check-feed-schema.py").path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains(" 0 failed"))
        #expect(result.standardOutput.contains("ok   Examples/feed.json: valid"))
    }
}
