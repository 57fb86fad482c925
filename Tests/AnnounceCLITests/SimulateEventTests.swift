import AnnounceCLI
import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce simulate and preview with --event")
struct SimulateEventTests {
    static let feed = "Tests/Fixtures/feeds/valid/triggers.json"
    /// Three checkouts, given out of order, the last at 10:00.
    static let threeCheckouts = [
        "--event", "checkout_completed@2026-12-04T09:58:00Z", "--event", "checkout_completed@2026-12-04T10:00:00Z",
        "--event", "checkout_completed@2026-12-04T09:59:00Z",
    ]

    private func run(_ arguments: [String]) async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() })
        return await Announce.run(arguments, environment: environment)
    }

    private func simulate(_ options: [String], format: String = "text") async -> CommandResult {
        await run(["simulate", Self.feed, "--platform", "iOS", "--locale", "en", "--format", format] + options)
    }

    @Test("the largest count a state records is taken, and adds up without trapping; one more is refused")
    func hugeCounts() async {
        let result = await simulate([
            "--at", "2026-12-04T10:00:00Z", "--event", "checkout_completed=9007199254740991",
            "--event", "checkout_completed=9007199254740991", "--event", "checkout_completed=1",
        ])
        #expect(result.status == .success, "\(result.standardError)")
        #expect(result.standardOutput.contains("Active:   review-prompt"))
        for count in ["9007199254740992", "9223372036854775807", "99999999999999999999"] {
            let refused = await simulate(["--at", "2026-12-04T10:00:00Z", "--event", "checkout_completed=\(count)"])
            #expect(refused.status == .usage)
            #expect(
                refused.standardError.contains(
                    "--event checkout_completed=\(count): N must be a whole number of occurrences from 1 to "
                        + "9,007,199,254,740,991; got '\(count)'"), "\(refused.standardError)")
        }
    }

    @Test("golden: the review prompt before its third checkout, inside its window, at its end and after it")
    func windowGoldens() async throws {
        var text = ""
        for (at, events) in [
            ("2026-12-04T10:00:00Z", ["--event", "checkout_completed=2"]),
            ("2026-12-04T10:00:00Z", ["--event", "checkout_completed=2", "--event", "checkout_completed"]),
            ("2026-12-04T10:04:59.999Z", Self.threeCheckouts),
            ("2026-12-04T10:05:00Z", Self.threeCheckouts),
            ("2026-12-04T10:10:00Z", Self.threeCheckouts),
        ] {
            let result = await simulate(["--at", at] + events)
            #expect(result.status == .success, "\(result.standardError)")
            text += "$ announce simulate \(Self.feed) --at \(at) \(events.joined(separator: " "))\n"
            text += result.standardOutput + "\n"
        }
        try Golden.check(text, against: "simulate-trigger-window.txt")
        let json = await simulate(["--at", "2026-12-04T10:02:00Z"] + Self.threeCheckouts, format: "json")
        try Golden.check(json.standardOutput, against: "simulate-trigger-inside.json")
        let preview = await run(
            [
                "preview", Self.feed, "--platform", "iOS", "--locale", "en", "--at", "2026-12-04T10:02:00Z", "--event",
                "checkout_completed=3", "--width", "48",
            ])
        #expect(preview.status == .success, "\(preview.standardError)")
        try Golden.check(preview.standardOutput, against: "preview-trigger-inside.txt")
    }

    @Test("occurrences add up by name; the latest instant is the last occurrence, the state directory's too")
    func stateDirectory() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var state = AnnouncementState()
        state.recordEvent("checkout_completed", count: 2, at: try Timestamp.parse("2026-12-04T09:58:00Z"))
        try AnnouncementStateFile.encode(state).write(to: directory.appendingPathComponent("state.json"))
        let stored = await simulate(["--at", "2026-12-04T10:00:00Z", "--state-dir", directory.path])
        #expect(stored.standardOutput.contains("waiting for event checkout_completed (seen 2 of 3)"))
        let added = await simulate(
            [
                "--at", "2026-12-04T10:04:00Z", "--state-dir", directory.path, "--event",
                "checkout_completed@2026-12-04T09:00:00Z",
            ],
            format: "json")
        // Three occurrences, the last at 09:58 from the state: the window ends at 10:03.
        #expect(added.standardOutput.contains("\"reason\" : \"notTriggered\""))
        #expect(added.standardOutput.contains("last seen 360 s ago (within 300 s)"))
    }

    @Test(
        "bad --event values are usage errors",
        arguments: [
            ("", "the event name is empty"),
            ("=3", "the event name is empty"),
            ("checkout=0", "N must be a whole number of occurrences from 1 to 9,007,199,254,740,991; got '0'"),
            ("checkout=many", "N must be a whole number of occurrences from 1 to 9,007,199,254,740,991; got 'many'"),
            ("checkout=-2", "N must be a whole number of occurrences from 1 to 9,007,199,254,740,991; got '-2'"),
            ("checkout@yesterday", "yesterday is not an ISO 8601 date-time"),
            ("checkout=3@2026-12-04T10:00:00Z", "use one form"),
            ("checkout@2026-12-04T10:00:00", "has no time zone"),
            ("@2026-12-04T10:00:00Z", "the event name is empty"),
            (String(repeating: "x", count: 129), "longer than 128 bytes"),
        ])
    func usageErrors(value: String, message: String) async {
        for command in ["simulate", "preview"] {
            let result = await run([command, Self.feed, "--event", value])
            #expect(result.status == .usage)
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(result.standardError.contains("Run 'announce \(command) --help' for usage."))
        }
    }
}
