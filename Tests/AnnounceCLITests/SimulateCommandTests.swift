import AnnounceCLI
import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce simulate")
struct SimulateCommandTests {
    private func run(_ arguments: [String], variables: [String: String] = [:]) async -> CommandResult {
        let environment = Announce.Environment(
            variables: variables, currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() })
        return await Announce.run(arguments, environment: environment)
    }

    private struct Answer: Decodable, Equatable {
        struct Excluded: Decodable, Equatable {
            let id: String
            let reason: String
            let detail: String
        }

        let at: String
        let active: String?
        let queue: [String]
        let excluded: [Excluded]
        let nextChange: String?

        var reasons: [String: String] { Dictionary(uniqueKeysWithValues: excluded.map { ($0.id, $0.reason) }) }
    }

    private func simulate(_ options: [String], variables: [String: String] = [:]) async throws -> Answer {
        let result = await run(["simulate", "Examples/feed.json", "--format", "json"] + options, variables: variables)
        #expect(result.status == .success, "\(result.standardError)")
        return try JSONDecoder().decode(Answer.self, from: Data(result.standardOutput.utf8))
    }

    static let proUserAtHome = [
        "--platform", "iOS", "--app-version", "3.4.1", "--os-version", "17.5", "--locale", "de-AT", "--user-id", "u-42",
        "--segment", "proUsers", "--placement", "home",
    ]

    @Test("--help names every exclusion reason, in the order they are checked")
    func helpNamesEveryReason() async throws {
        let help = await run(["simulate", "--help"]).standardOutput
        let text = help.replacingOccurrences(of: "\n", with: " ")
        let listed = try #require(text.range(of: "Reasons, in the order they are checked: "))
        let end = try #require(text[listed.upperBound...].firstIndex(of: "."))
        let names = text[listed.upperBound..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(names == ExclusionReason.allCases.map(\.rawValue))
        #expect(names.contains("notTriggered"))
    }

    @Test("a pro user on the home screen during the maintenance week")
    func proUserAtHome() async throws {
        let answer = try await simulate(["--at", "2026-12-03T12:00:00Z"] + Self.proUserAtHome)
        #expect(answer.at == "2026-12-03T12:00:00Z")
        #expect(answer.active == "outage-payments-eu")
        #expect(answer.queue == ["maintenance-2026-12-05", "feature-dark-mode", "release-notes-3-4"])
        #expect(
            answer.reasons == [
                "promo-black-friday-2026": "expired", "support-hours-weekdays": "placementMismatch",
                "welcome-new-users": "audienceMismatch",
            ])
        #expect(answer.nextChange == "2026-12-05T04:00:00Z")
    }

    @Test("a dismissal with dismissFor brings the next change forward to when it runs out")
    func dismissal() async throws {
        let answer = try await simulate(
            ["--at", "2026-12-03T12:00:00Z", "--dismissed", "outage-payments-eu"] + Self.proUserAtHome)
        #expect(answer.active == "maintenance-2026-12-05")
        #expect(answer.reasons["outage-payments-eu"] == "dismissed")
        #expect(answer.nextChange == "2026-12-03T16:00:00Z")
    }

    @Test("a non-dismissible announcement ignores --dismissed, and says so")
    func nonDismissible() async throws {
        let result = await run(
            [
                "simulate", "Examples/feed.json", "--at", "2026-12-03T12:00:00Z", "--locale", "en",
                "--dismissed", "maintenance-2026-12-05", "--dismissed", "no-such-id",
            ])
        #expect(result.status == .success)
        #expect(
            result.standardError.contains(
                "--dismissed maintenance-2026-12-05: ignored, the announcement is not dismissible"))
        #expect(
            result.standardError.contains("--dismissed no-such-id: the feed has no usable announcement with that id"))
        #expect(result.standardOutput.contains("Active:   maintenance-2026-12-05"))
    }

    @Test("impressions: minimumInterval caps until a day after the last one")
    func impressions() async throws {
        let answer = try await simulate(
            ["--at", "2026-12-03T12:00:00Z", "--impressions", "feature-dark-mode=1"] + Self.proUserAtHome)
        #expect(answer.reasons["feature-dark-mode"] == "frequencyCapped")
        #expect(answer.nextChange == "2026-12-04T12:00:00Z")
        let capped = try await simulate(
            ["--at", "2026-12-03T12:00:00Z", "--impressions", "feature-dark-mode=3"] + Self.proUserAtHome)
        #expect(capped.excluded.first { $0.id == "feature-dark-mode" }?.detail == "maxImpressions 3 reached (3 shown)")
        #expect(capped.nextChange == "2026-12-05T04:00:00Z")
    }

    @Test("the support window: Thursday 16:59:59 Berlin is in, and the next change is when it closes")
    func supportWindow() async throws {
        let options = ["--platform", "iOS", "--locale", "en", "--segment", "proUsers", "--placement", "support"]
        let open = try await simulate(["--at", "2026-12-03T15:59:59Z"] + options)
        #expect(open.active == "maintenance-2026-12-05")
        #expect(open.queue == ["support-hours-weekdays"])
        #expect(open.nextChange == "2026-12-03T16:00:00Z")
        let closed = try await simulate(["--at", "2026-12-03T16:00:00Z"] + options)
        #expect(closed.reasons["support-hours-weekdays"] == "outsideWindow")
        #expect(closed.nextChange == "2026-12-04T08:00:00Z")
    }

    @Test("the Black Friday promotion: rollout, targeting rule and install age decide")
    func promotion() async throws {
        let options = [
            "--at", "2026-11-29T10:00:00Z", "--platform", "iOS", "--app-version", "3.4.1", "--locale", "en-US",
            "--segment", "freeUsers",
        ]
        let inRollout = try await simulate(options + ["--user-id", "u-3", "--days-since-install", "10"])
        #expect(inRollout.active == "promo-black-friday-2026")
        #expect(inRollout.queue == ["release-notes-3-4"])
        #expect(inRollout.nextChange == "2026-12-01T00:00:00Z")
        let outOfRollout = try await simulate(options + ["--user-id", "u-1", "--days-since-install", "10"])
        #expect(
            outOfRollout.excluded.first { $0.id == "promo-black-friday-2026" }?.detail
                == "bucket 8768 of 10000 is not below 5000 (rolloutPercentage 50)")
        let tooNew = try await simulate(options + ["--user-id", "u-3", "--days-since-install", "3"])
        #expect(tooNew.reasons["promo-black-friday-2026"] == "audienceMismatch")
        let onTrial = try await simulate(
            options + ["--user-id", "u-3", "--days-since-install", "10", "--attribute", "hasActiveTrial=true"])
        #expect(
            onTrial.excluded.first { $0.id == "promo-black-friday-2026" }?.detail.hasPrefix("targeting rule is false")
                == true)
        let ended = try await simulate(
            [
                "--at", "2026-12-01T08:00:00Z", "--platform", "iOS", "--user-id", "u-3", "--segment", "freeUsers",
                "--days-since-install", "10",
            ])
        #expect(ended.reasons["promo-black-friday-2026"] == "expired")
    }

    @Test("expired exactly at endDate")
    func endDate() async throws {
        let answer = try await simulate(["--at", "2026-12-05T04:00:00Z", "--locale", "de"])
        #expect(answer.reasons["maintenance-2026-12-05"] == "expired")
        #expect(answer.active == "outage-payments-eu")
        let before = try await simulate(["--at", "2026-12-05T03:59:59.999Z", "--locale", "de"])
        #expect(before.reasons["maintenance-2026-12-05"] == nil)
    }

    @Test("--state-dir reads the persisted state; the installation id is the rollout key")
    func stateDirectory() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = """
            {"formatVersion": 1, "installationId": "install-7",
             "dismissals": {"outage-payments-eu": {"revision": 0, "at": "2026-12-03T11:00:00Z"}},
             "impressions": {}}
            """
        try Data(state.utf8).write(to: directory.appendingPathComponent("state.json"))
        let answer = try await simulate(
            ["--at", "2026-12-03T12:00:00Z", "--state-dir", directory.path, "--locale", "de"])
        #expect(
            answer.excluded.first { $0.id == "outage-payments-eu" }?.detail
                == "dismissed at 2026-12-03T11:00:00Z (revision 0), until 2026-12-03T15:00:00Z")
        let text = await run(
            ["simulate", "Examples/feed.json", "--at", "2026-12-03T12:00:00Z", "--state-dir", directory.path])
        #expect(text.standardOutput.contains("user install-7"))

        try Data("{broken".utf8).write(to: directory.appendingPathComponent("state.json"))
        let broken = await run(["simulate", "Examples/feed.json", "--state-dir", directory.path])
        #expect(broken.status == .usage)
        #expect(broken.standardError.contains("state.json: not a state file"))
    }

    @Test("the locale comes from LC_ALL, LC_MESSAGES, then LANG; C means the feed's default")
    func localeFromEnvironment() async throws {
        let options = ["--at", "2026-12-03T12:00:00Z"]
        #expect(try await simulate(options, variables: ["LANG": "de_DE.UTF-8"]).active == "outage-payments-eu")
        #expect(
            try await simulate(options, variables: ["LANG": "de_DE.UTF-8", "LC_ALL": "en_US"]).active
                == "maintenance-2026-12-05")
        #expect(
            try await simulate(options, variables: ["LC_ALL": "C", "LANG": "de_DE"]).active == "maintenance-2026-12-05")
        #expect(
            try await simulate(options, variables: ["LC_MESSAGES": "fr_CA.UTF-8@euro"]).active == "outage-payments-eu")
    }

    @Test("golden text and JSON output")
    func golden() async throws {
        let text = await run(["simulate", "Examples/feed.json", "--at", "2026-12-03T12:00:00Z"] + Self.proUserAtHome)
        try Golden.check(text.standardOutput, against: "simulate-pro-user-home.txt")
        let json = await run(
            [
                "simulate", "Examples/feed.json", "--format", "json", "--at", "2026-11-29T10:00:00Z", "--platform",
                "iOS",
                "--app-version", "3.4.1", "--locale", "en-US", "--user-id", "u-1", "--segment", "freeUsers",
                "--days-since-install", "10",
            ])
        try Golden.check(json.standardOutput, against: "simulate-free-user-sunday.json")
        let invalid = await run(
            [
                "simulate", "Tests/Fixtures/feeds/invalid/item-errors.json", "--at", "2026-12-03T12:00:00Z", "--locale",
                "en",
            ])
        try Golden.check(invalid.standardOutput, against: "simulate-invalid-items.txt")
        #expect(invalid.standardError.contains("3 invalid item(s) are listed as excluded"))
    }

    @Test(
        "usage errors exit 2; a feed that cannot be used exits 1",
        arguments: [
            (["simulate"], CommandResult.Status.usage, "needs FEED"),
            (
                ["simulate", "Examples/feed.json", "--at", "tomorrow"], .usage,
                "--at tomorrow is not an ISO 8601 date-time"
            ),
            (["simulate", "Examples/feed.json", "--at", "2026-12-03T12:00:00"], .usage, "has no time zone"),
            (["simulate", "Examples/feed.json", "--app-version", "three"], .usage, "is not a version"),
            (["simulate", "Examples/feed.json", "--attribute", "novalue"], .usage, "must be KEY=VALUE"),
            (
                ["simulate", "Examples/feed.json", "--impressions", "x=many"], .usage,
                "N must be a whole number of impressions"
            ),
            (["simulate", "Examples/feed.json", "--state-dir", "/no/such/dir"], .usage, "is not a directory"),
            (["simulate", "missing.json"], .usage, "cannot read 'missing.json'"),
            (["simulate", "Tests/Fixtures/feeds/invalid/schema-version-99.json"], .failure, "the feed cannot be used"),
        ])
    func errors(arguments: [String], status: CommandResult.Status, message: String) async {
        let result = await run(arguments)
        #expect(result.status == status)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("attribute values: booleans, numbers, strings")
    func attributes() async throws {
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: feed) }
        try Data(
            """
            {"announcements": [{"id": "a", "title": "t", "message": "m", "audience": {"targeting":
              {"and": [{"==": [{"var": "attributes.trial"}, true]}, {">": [{"var": "attributes.visits"}, 2]},
                       {"==": [{"var": "attributes.plan"}, "gold"]}]}}}]}
            """.utf8
        ).write(to: feed)
        let base = ["simulate", feed.path, "--format", "json", "--attribute", "plan=gold"]
        let yes = await run(base + ["--attribute", "trial=true", "--attribute", "visits=3"])
        #expect(yes.standardOutput.contains("\"active\" : \"a\""))
        let no = await run(base + ["--attribute", "trial=false", "--attribute", "visits=3"])
        #expect(no.standardOutput.contains("\"active\" : null"))
    }
}
