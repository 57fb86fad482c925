import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce: drafts, test devices and audience.requires")
struct CapabilityCommandTests {
    private func run(_ arguments: [String], stdin: String = "") async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data(stdin.utf8) })
        return await Announce.run(arguments, environment: environment)
    }

    private static let user = [
        "--at", "2026-12-03T12:00:00Z", "--platform", "iOS", "--locale", "en", "--user-id", "u-1",
    ]

    @Test("a draft is excluded without --test-device and active with it")
    func draftGoldens() async throws {
        let feed = "Tests/Fixtures/feeds/valid/drafts.json"
        let plain = await run(["simulate", feed] + Self.user)
        #expect(plain.status == .success)
        #expect(plain.standardOutput.contains("spring-sale-draft  audienceMismatch  draft: test devices only"))
        try Golden.check(plain.standardOutput, against: "simulate-draft.txt")
        let testDevice = await run(["simulate", feed, "--test-device"] + Self.user)
        #expect(testDevice.standardOutput.contains("Active:   spring-sale-draft"))
        #expect(testDevice.standardOutput.contains("placement (none), test device\n"))
        try Golden.check(testDevice.standardOutput, against: "simulate-draft-test-device.txt")
    }

    @Test("an unknown required feature excludes the item with its name, in JSON too")
    func unknownRequirementGolden() async throws {
        let result = await run(
            ["simulate", "Tests/Fixtures/feeds/capabilities/requires-unknown.json", "--format", "json"] + Self.user)
        #expect(result.status == .success)
        #expect(result.standardOutput.contains(#""requires \"holograms\", which this app does not support""#))
        try Golden.check(result.standardOutput, against: "simulate-requires-unknown.json")
    }

    @Test("preview draws a draft only for a test device")
    func previewTestDevice() async {
        let feed = "Tests/Fixtures/feeds/valid/drafts.json"
        let plain = await run(["preview", feed, "--width", "60"] + Self.user)
        #expect(plain.standardOutput.hasPrefix("Active at 2026-12-03T12:00:00Z: welcome (info, priority 10)\n"))
        let testDevice = await run(["preview", feed, "--width", "60", "--test-device"] + Self.user)
        #expect(
            testDevice.standardOutput.hasPrefix(
                "Active at 2026-12-03T12:00:00Z: spring-sale-draft\n(promotion, priority 50)\n"))
        #expect(testDevice.standardOutput.contains("Spring sale: 30 % off"))
    }

    @Test("validate warns about a draft without drafts in audience.requires, at the field")
    func validateWarnsAboutUngatedDraft() async {
        let feed = """
            {"announcements": [
              {"id": "a", "title": "t", "message": "m", "draft": true},
              {"id": "b", "title": "t", "message": "m", "draft": true, "audience": {"requires": ["drafts"]}},
              {"id": "c", "title": "t", "message": "m", "draft": false}
            ]}
            """
        let result = await run(["validate", "-"], stdin: feed)
        #expect(result.status == .success)
        #expect(
            result.standardOutput == """
                <stdin>:2:54: warning: draft is a 0.2 field: add "drafts" to audience.requires so 0.1 apps do not show \
                it ($.announcements[0].draft)

                """)
        #expect(result.standardError == "<stdin>: 3 of 3 announcements usable; 0 errors, 1 warning\n")
    }

    @Test("the help of simulate and preview lists --test-device")
    func help() async {
        for command in ["simulate", "preview"] {
            let result = await run([command, "--help"])
            #expect(result.standardOutput.contains("--test-device"), "\(command)")
        }
    }
}
