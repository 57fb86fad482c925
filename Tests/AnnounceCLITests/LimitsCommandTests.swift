import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce: feed limits and --impression")
struct LimitsCommandTests {
    private func run(_ arguments: [String]) async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() })
        return await Announce.run(arguments, environment: environment)
    }

    private static let feed = "Tests/Fixtures/feeds/valid/limits.json"
    private static let user = ["--platform", "iOS", "--locale", "en", "--user-id", "u-1"]
    /// Three impressions in the 24 hours before 2026-12-03T12:00:00Z, the oldest exactly 24 h before it.
    private static let impressions = [
        "--impression", "welcome@2026-12-02T12:00:00Z", "--impression", "welcome@2026-12-02T12:00:01Z",
        "--impression", "spring-sale@2026-12-03T11:00:00Z", "--impression", "welcome@2026-12-03T11:00:00Z",
    ]

    @Test("at the edge the oldest impression has left the window; one second earlier it still counts")
    func windowEdgeGoldens() async throws {
        let atEdge = await run(["simulate", Self.feed, "--at", "2026-12-03T12:00:00Z"] + Self.user + Self.impressions)
        #expect(atEdge.status == .success)
        #expect(
            atEdge.standardOutput.contains(
                "spring-sale  frequencyCapped  global limit: 3 impressions in the last 24 hours"))
        #expect(atEdge.standardOutput.contains("Active:   outage"))
        #expect(atEdge.standardOutput.contains("Next change: 2026-12-03T12:00:01Z"))
        try Golden.check(atEdge.standardOutput, against: "simulate-limits-edge.txt")
        let after = await run(["simulate", Self.feed, "--at", "2026-12-03T12:00:01Z"] + Self.user + Self.impressions)
        #expect(after.standardOutput.contains("Queue:    1. spring-sale"))
        #expect(
            after.standardOutput.contains(
                "welcome  frequencyCapped  global minimum interval: 120 s since the last banner") == false)
        try Golden.check(after.standardOutput, against: "simulate-limits-after.txt")
    }

    @Test("the global minimum interval counts only other announcements' impressions, in JSON too")
    func intervalGolden() async throws {
        let result = await run(
            [
                "simulate", Self.feed, "--format", "json", "--at", "2026-12-03T12:00:00Z",
                "--impression", "spring-sale@2026-12-03T11:59:00Z",
            ] + Self.user)
        #expect(result.status == .success)
        #expect(result.standardOutput.contains("global minimum interval: 120 s since the last banner"))
        try Golden.check(result.standardOutput, against: "simulate-limits-interval.json")
    }

    @Test("preview applies the limits too")
    func previewAppliesLimits() async {
        let result = await run(
            [
                "preview", Self.feed, "--width", "60", "--at", "2026-12-03T12:00:00Z",
                "--impression", "outage@2026-12-03T11:59:00Z",
            ] + Self.user)
        // The critical banner is exempt, and its impression holds the others back.
        #expect(result.standardOutput.hasPrefix("Active at 2026-12-03T12:00:00Z: outage"))
    }

    @Test("a bad --impression is a usage error", arguments: ["welcome", "@2026-12-03T12:00:00Z", "welcome@yesterday"])
    func badImpression(_ value: String) async {
        for command in ["simulate", "preview"] {
            let result = await run([command, Self.feed, "--at", "2026-12-03T12:00:00Z", "--impression", value])
            #expect(result.status == .usage)
            #expect(result.standardError.contains("--impression"))
        }
    }

    @Test("validate rejects a feed whose limits are bad, at the line and column of the value")
    func validateRejectsBadLimits() async {
        let path = "Tests/Fixtures/feeds/invalid/limits-max-per-day-zero.json"
        let result = await run(["validate", path])
        #expect(result.status == .failure)
        #expect(
            result.standardOutput
                == "\(path):2:27: error: limits.maxPerDay must be an integer of at least 1; found 0 ($.limits.maxPerDay)\n"
        )
        #expect(result.standardError.contains("rejected as a whole"))
    }
}
