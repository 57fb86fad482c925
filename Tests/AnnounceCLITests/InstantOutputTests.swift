import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

/// Instants come out exactly to the millisecond, in text and JSON: an edge one millisecond after a
/// round instant is `.001Z`, never `.000999928Z`.
@Suite("Instants in the CLI's output")
struct InstantOutputTests {
    private static let feed = #"""
        {"schemaVersion": 1, "announcements": [
          {"id": "later", "title": "T", "message": "M", "startDate": "2026-12-10T12:00:00.001Z"},
          {"id": "ending", "title": "T", "message": "M", "endDate": "2026-12-10T12:00:00.001Z"}
        ]}
        """#

    private func run(_ arguments: [String]) async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data(Self.feed.utf8) })
        return await Announce.run(arguments, environment: environment)
    }

    @Test("simulate: the next change and the exclusion details keep their millisecond, in text and JSON")
    func simulate() async throws {
        let text = await run(["simulate", "-", "--at", "2026-12-10T11:00:00Z", "--locale", "en"])
        #expect(text.status == .success, "\(text.standardError)")
        #expect(text.standardOutput.contains("Next change: 2026-12-10T12:00:00.001Z"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("starts at 2026-12-10T12:00:00.001Z"))
        let json = await run(["simulate", "-", "--at", "2026-12-10T11:00:00Z", "--locale", "en", "--format", "json"])
        #expect(json.standardOutput.contains(#""nextChange" : "2026-12-10T12:00:00.001Z""#), "\(json.standardOutput)")
        let after = await run(["simulate", "-", "--at", "2026-12-10T12:00:00.001Z", "--locale", "en"])
        #expect(after.standardOutput.contains("at 2026-12-10T12:00:00.001Z"), "\(after.standardOutput)")
        #expect(after.standardOutput.contains("ended at 2026-12-10T12:00:00.001Z"))
        #expect(!after.standardOutput.contains("000999"))
    }

    @Test("--at is shown to the nearest millisecond, three digits or none")
    func at() async {
        for (given, shown) in [
            ("2026-12-10T11:00:00.0004Z", "2026-12-10T11:00:00Z"),
            ("2026-12-10T11:00:00.0006Z", "2026-12-10T11:00:00.001Z"),
            ("2026-12-10T11:00:00.5Z", "2026-12-10T11:00:00.500Z"),
            ("2026-12-10T11:59:59.9999Z", "2026-12-10T12:00:00Z"),
        ] {
            let result = await run(["preview", "-", "--all", "--at", given, "--locale", "en"])
            #expect(result.standardOutput.hasPrefix("<stdin> at \(shown)\n"), "\(result.standardOutput)")
        }
    }
}
