import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

/// The text `announce init` prints, diffs included, against golden files: an app package, a
/// synchronized and a classic Xcode project, planned and applied. The package comes from its
/// default URL, so nothing in the output depends on where the checkout is.
@Suite struct InitGoldenTests {
    static func text(_ fixture: String, _ extra: [String]) async throws -> CommandResult {
        let root = try InitCommandTests.copy(fixture)
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = Announce.Environment(
            variables: ProcessInfo.processInfo.environment.merging(["ANNOUNCE_NOW": "2026-12-02T10:00:00Z"]) { $1 },
            currentDirectory: root, readStandardInput: { Data() })
        return await Announce.run(["init", ".", "--yes"] + extra, environment: environment)
    }

    @Test(arguments: [
        ("shop", ["--dry-run"], "init-shop-dry-run.txt"),
        (
            "lumen", ["--dry-run", "--feed-url", "https://lumen.example.app/announcements.json"],
            "init-lumen-dry-run.txt"
        ),
        ("tally", ["--dry-run", "--position", "bottom", "--source", "local"], "init-tally-dry-run.txt"),
        ("pebble", [], "init-pebble-applied.txt"),
        ("courier", [], "init-courier-refused.txt"),
    ])
    func printsWhatItFoundWhatItChangesAndTheSteps(fixture: String, extra: [String], golden: String) async throws {
        let result = try await Self.text(fixture, extra)
        try Golden.check(result.standardOutput + result.standardError, against: golden)
    }
}
