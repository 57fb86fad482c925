import AnnounceCLI
import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce preview with variants")
struct PreviewVariantTests {
    static let feed = "Tests/Fixtures/feeds/valid/variants.json"

    private func preview(_ options: [String]) async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() })
        return await Announce.run(
            [
                "preview", Self.feed, "--platform", "iOS", "--locale", "en", "--at", "2026-12-04T10:00:00Z",
                "--width", "48",
            ] + options, environment: environment)
    }

    @Test("golden: the banner shows the chosen variant's title, style and action; the holdout user's tip is excluded")
    func golden() async throws {
        var text = ""
        for options in [["--user-id", "user-2", "--all"], ["--user-id", "user-1", "--all"]] {
            let result = await preview(options)
            #expect(result.status == .success, "\(result.standardError)")
            text += "$ announce preview \(Self.feed) \(options.joined(separator: " "))\n" + result.standardOutput + "\n"
            #expect(result.standardOutput.contains("Your next order ships free"), "variant b's title")
            #expect(!result.standardOutput.contains("Free delivery this week"), "not the item's own title")
        }
        try Golden.check(text, against: "preview-variants.txt")
    }
}
