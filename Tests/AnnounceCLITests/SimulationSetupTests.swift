import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnounceCLI

@Suite("Simulation set-up shared by simulate and preview")
struct SimulationSetupTests {
    static let environment = Announce.Environment(
        variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() })

    static let proUserAtHome = [
        "--at", "2026-12-03T12:00:00Z", "--platform", "iOS", "--app-version", "3.4.1", "--os-version", "17.5",
        "--locale", "de-AT", "--user-id", "u-42", "--segment", "proUsers", "--segment", "beta", "--placement", "home",
        "--attribute", "plan=gold", "--attribute", "visits=3", "--attribute", "trial=true", "--days-since-install",
        "10",
    ]

    /// The set-up for `arguments` as `command` parses them.
    private func setup(
        _ arguments: [String], command: CommandSpec = SimulateCommand.spec, variables: [String: String] = [:]
    ) throws -> SimulationSetup {
        var environment = Self.environment
        environment.variables = variables
        return try SimulationSetup(ArgumentParser.parse(arguments, for: command), environment: environment)
    }

    /// The failure the set-up of `arguments` ends with.
    private func failureOf(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
        -> SimulationSetup.Failure?
    {
        #expect(throws: SimulationSetup.Failure.self, sourceLocation: sourceLocation) {
            try setup(arguments)
        }
    }

    /// A new empty directory, removed by the caller.
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("the options describe the context; the feed, the time and an empty state come with it")
    func context() throws {
        let setup = try setup(["Examples/feed.json"] + Self.proUserAtHome)
        let date = try Timestamp.parse("2026-12-03T12:00:00Z")
        #expect(setup.name == "Examples/feed.json")
        #expect(setup.date == date)
        #expect(setup.context.platform == "iOS")
        #expect(setup.context.appVersion == SemanticVersion("3.4.1"))
        #expect(setup.context.osVersion == SemanticVersion("17.5"))
        #expect(setup.context.locale == "de-AT")
        #expect(setup.context.userID == "u-42")
        #expect(setup.context.segments == ["proUsers", "beta"])
        #expect(setup.context.attributes == ["plan": .string("gold"), "visits": .number(3), "trial": .bool(true)])
        #expect(setup.context.installDate == date.addingTimeInterval(-10 * 86_400))
        #expect(setup.placement == "home")
        #expect(setup.state == AnnouncementState())
        #expect(setup.notes.isEmpty)
        #expect(setup.decoded.announcements.contains { $0.id == "outage-payments-eu" })
        #expect(setup.evaluator.context == setup.context)
        #expect(setup.evaluator.placement == "home")
        #expect(
            setup.contextLine
                == "platform iOS, app 3.4.1, OS 17.5.0, locale de-AT, user u-42, segments beta,proUsers, placement home"
        )
    }

    @Test("simulate and preview build the same set-up from the same options")
    func sameForBothCommands() throws {
        for name in SimulationSetup.options.map(\.name) {
            #expect(SimulateCommand.spec.options.contains { $0.name == name }, "simulate lacks \(name)")
            #expect(PreviewCommand.spec.options.contains { $0.name == name }, "preview lacks \(name)")
        }
        let arguments =
            ["Examples/feed.json"] + Self.proUserAtHome + [
                "--dismissed", "outage-payments-eu", "--dismissed", "no-such-id", "--impressions",
                "feature-dark-mode=2",
            ]
        let simulate = try setup(arguments, command: SimulateCommand.spec)
        let preview = try setup(arguments, command: PreviewCommand.spec)
        #expect(simulate.context == preview.context)
        #expect(simulate.state == preview.state)
        #expect(simulate.date == preview.date)
        #expect(simulate.placement == preview.placement)
        #expect(simulate.notes == preview.notes)
        #expect(simulate.contextLine == preview.contextLine)
        #expect(simulate.decoded.announcements.map(\.id) == preview.decoded.announcements.map(\.id))
        #expect(!simulate.state.dismissals.isEmpty)
    }

    @Test("--dismissed and --impressions are recorded at --at; ids that cannot be dismissed are noted")
    func recordedState() throws {
        let setup = try setup(
            [
                "Examples/feed.json", "--at", "2026-12-03T12:00:00Z", "--dismissed", "outage-payments-eu",
                "--dismissed", "maintenance-2026-12-05", "--dismissed", "no-such-id", "--impressions",
                "feature-dark-mode=2", "--impressions", "release-notes-3-4=0",
            ])
        #expect(setup.state.dismissals["outage-payments-eu"]?.date == setup.date)
        #expect(setup.state.dismissals["maintenance-2026-12-05"] == nil)
        #expect(setup.state.impressions == ["feature-dark-mode": .init(count: 2, last: setup.date)])
        #expect(
            setup.notes == [
                "--dismissed maintenance-2026-12-05: ignored, the announcement is not dismissible",
                "--dismissed no-such-id: the feed has no usable announcement with that id",
            ])
    }

    @Test("the locale: --locale, then LC_ALL, LC_MESSAGES, LANG, then the feed's default")
    func locale() throws {
        #expect(try setup(["Examples/feed.json"], variables: ["LANG": "fr_CA.UTF-8"]).locale == "fr-CA")
        #expect(
            try setup(["Examples/feed.json", "--locale", "ja"], variables: ["LANG": "fr_CA.UTF-8"]).locale == "ja")
        #expect(try setup(["Examples/feed.json"], variables: ["LANG": "C"]).context.locale == "en")
        #expect(try setup(["Examples/feed.json"]).context.locale == "en")
        #expect(SimulationSetup.localeFromEnvironment(["LC_MESSAGES": "de_AT@euro", "LANG": "fr"]) == "de-AT")
        #expect(SimulationSetup.localeFromEnvironment(["LC_ALL": "POSIX", "LANG": "fr"]) == nil)
    }

    @Test("without --at the instant is now; a rejected item is noted")
    func defaults() throws {
        let before = Date()
        let setup = try setup(["Tests/Fixtures/feeds/invalid/item-errors.json"])
        #expect(setup.date >= before && setup.date <= Date())
        #expect(setup.notes.first?.hasPrefix("3 invalid item(s) are listed as excluded") == true)
    }

    @Test(
        "usage errors: a bad --at, version, attribute, install age, impressions or state directory",
        arguments: [
            (["--at", "tomorrow"], "--at tomorrow is not an ISO 8601 date-time"),
            (["--at", "2026-12-03T12:00:00"], "--at 2026-12-03T12:00:00 has no time zone"),
            (["--os-version", "x"], "--os-version x is not a version; write it like 3.4 or 3.4.1"),
            (["--attribute", "=v"], "--attribute =v must be KEY=VALUE"),
            (
                ["--days-since-install", "-1"],
                "--days-since-install must be a whole number of days from 0 to 36,525; got '-1'"
            ),
            (
                ["--days-since-install", "9223372036854775807"],
                "--days-since-install must be a whole number of days from 0 to 36,525; got '9223372036854775807'"
            ),
            (
                ["--days-since-install", "36526"],
                "--days-since-install must be a whole number of days from 0 to 36,525"
            ),
            (["--impressions", "a"], "--impressions a must be ID=N with N a whole number"),
            (
                ["--impressions", "a=-1"],
                "--impressions a=-1: N must be a whole number of impressions from 0 to 9,007,199,254,740,991; got '-1'"
            ),
            (
                ["--impressions", "a=9223372036854775807"],
                "--impressions a=9223372036854775807: N must be a whole number of impressions from 0 to "
                    + "9,007,199,254,740,991; got '9223372036854775807'"
            ),
            (["--impressions", "a=99999999999999999999999"], "--impressions a=99999999999999999999999: N must be"),
            (["--state-dir", "/no/such/dir"], "--state-dir /no/such/dir is not a directory"),
            (["--state-dir", "Examples/feed.json"], "--state-dir Examples/feed.json is not a directory"),
        ])
    func usageErrors(options: [String], message: String) throws {
        let failure = try #require(failureOf(["Examples/feed.json"] + options))
        #expect(failure.kind == .usage)
        #expect(failure.message.hasPrefix(message), "\(failure.message)")
        let result = failure.result(command: "preview")
        #expect(result.status == .usage)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("announce preview: \(message)"))
        #expect(result.standardError.hasSuffix("\nRun 'announce preview --help' for usage.\n"))
    }

    @Test("a missing feed or a directory named as the feed cannot be read (exit 2, no usage hint)")
    func missingFeed() throws {
        let missing = try #require(failureOf(["missing.json"]))
        #expect(
            missing == SimulationSetup.Failure(kind: .unreadable, message: "cannot read 'missing.json': no such file"))
        #expect(
            missing.result(command: "simulate")
                == CommandResult(
                    standardError: "announce simulate: cannot read 'missing.json': no such file\n", status: .usage))
        let directory = try #require(failureOf(["Examples"]))
        #expect(directory.kind == .unreadable)
        #expect(directory.message == "cannot read 'Examples': it is a directory; name a feed file")
    }

    @Test("a state file that cannot be read stops the set-up (exit 2)")
    func unreadableState() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{broken".utf8).write(to: directory.appendingPathComponent("state.json"))
        let broken = try #require(failureOf(["Examples/feed.json", "--state-dir", directory.path]))
        #expect(broken.kind == .unreadable)
        #expect(broken.message.hasPrefix("cannot read \(directory.path)/state.json: not a state file"))
        #expect(broken.result(command: "simulate").status == .usage)
    }

    @Test("a readable state directory gives its state and the installation id as the rollout key")
    func stateDirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = try setup(["Examples/feed.json", "--state-dir", directory.path])
        #expect(empty.state == AnnouncementState())
        let state = """
            {"formatVersion": 1, "installationId": "install-7",
             "dismissals": {"outage-payments-eu": {"revision": 0, "at": "2026-12-03T11:00:00Z"}}, "impressions": {}}
            """
        try Data(state.utf8).write(to: directory.appendingPathComponent("state.json"))
        let setup = try setup(["Examples/feed.json", "--state-dir", directory.path])
        #expect(setup.state.installationID == "install-7")
        #expect(setup.context.installationID == "install-7")
        #expect(setup.state.dismissals["outage-payments-eu"]?.date == (try Timestamp.parse("2026-12-03T11:00:00Z")))
    }

    @Test("a feed that cannot be used ends with its position (exit 1)")
    func unusableFeed() throws {
        let failure = try #require(failureOf(["Tests/Fixtures/feeds/invalid/schema-version-99.json"]))
        #expect(failure.kind == .unusableFeed)
        #expect(failure.message.hasPrefix("Tests/Fixtures/feeds/invalid/schema-version-99.json:"))
        #expect(failure.message.contains(": the feed cannot be used: "))
        #expect(failure.result(command: "simulate").status == .failure)
    }

    @Test("the options are checked in the order they are read: --at before the feed, the feed before --impressions")
    func order() throws {
        #expect(try #require(failureOf(["missing.json", "--at", "soon"])).message.hasPrefix("--at soon"))
        #expect(
            try #require(failureOf(["missing.json", "--state-dir", "/no/such/dir"])).message
                == "--state-dir /no/such/dir is not a directory")
        #expect(try #require(failureOf(["missing.json", "--impressions", "x"])).kind == .unreadable)
    }
}
