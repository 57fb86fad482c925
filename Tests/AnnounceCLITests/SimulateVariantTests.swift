import AnnounceCLI
import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce simulate with variants")
struct SimulateVariantTests {
    static let feed = "Tests/Fixtures/feeds/valid/variants.json"

    private func simulate(_ options: [String], format: String = "text") async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() })
        return await Announce.run(
            [
                "simulate", Self.feed, "--platform", "iOS", "--locale", "en", "--at", "2026-12-04T10:00:00Z",
                "--format", format,
            ] + options, environment: environment)
    }

    @Test("golden: user-2 gets variant b and the shown tip, user-1 variant b and the tip's holdout")
    func textGolden() async throws {
        var text = ""
        for user in ["user-2", "user-1"] {
            let result = await simulate(["--user-id", user])
            #expect(result.status == .success, "\(result.standardError)")
            text += "$ announce simulate \(Self.feed) --user-id \(user)\n" + result.standardOutput + "\n"
        }
        try Golden.check(text, against: "simulate-variants.txt")
    }

    @Test("golden: --format json maps each eligible item with variants to its variant")
    func jsonGolden() async throws {
        let result = await simulate(["--user-id", "user-2"], format: "json")
        #expect(result.status == .success, "\(result.standardError)")
        try Golden.check(result.standardOutput, against: "simulate-variants.json")
        let holdout = await simulate(["--user-id", "user-1"], format: "json")
        let object = try JSONSerialization.jsonObject(with: Data(holdout.standardOutput.utf8)) as? [String: Any]
        #expect(object?["variants"] as? [String: String] == ["checkout-copy": "b"])
    }

    @Test("without an eligible item that has variants, the JSON has no variants key")
    func noVariantsKey() async throws {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() })
        let plain = await Announce.run(
            ["simulate", "Tests/Fixtures/feeds/valid/triggers.json", "--format", "json"], environment: environment)
        let plainObject = try JSONSerialization.jsonObject(with: Data(plain.standardOutput.utf8)) as? [String: Any]
        #expect(plainObject != nil)
        #expect(plainObject?["variants"] == nil)
    }
}
