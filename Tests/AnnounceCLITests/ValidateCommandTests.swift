import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce validate")
struct ValidateCommandTests {
    private func run(_ arguments: [String], stdin: String = "") async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data(stdin.utf8) })
        return await Announce.run(arguments, environment: environment)
    }

    @Test("the example feed and the template feed validate clean with exit 0")
    func cleanFeeds() async {
        let result = await run(["validate", "Examples/feed.json", "Tests/Fixtures/feeds/valid/template.json"])
        #expect(result.status == .success)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError == """
                Examples/feed.json: 7 of 7 announcements usable; 0 errors, 0 warnings
                Tests/Fixtures/feeds/valid/template.json: 4 of 4 announcements usable; 0 errors, 0 warnings

                """)
    }

    @Test("findings are printed as FILE:LINE:COL: severity: MESSAGE (PATH)")
    func textOutput() async throws {
        let result = await run(["validate", "Tests/Fixtures/feeds/invalid/item-errors.json"])
        #expect(result.status == .failure)
        try Golden.check(result.standardOutput, against: "validate-item-errors.txt")
        #expect(result.standardError.contains("1 of 4 announcements usable; 3 errors, 0 warnings"))
    }

    @Test("--format json prints files with errors and warnings")
    func jsonOutput() async throws {
        let result = await run([
            "validate", "--format", "json", "Tests/Fixtures/feeds/invalid/item-errors.json", "Examples/feed.json",
        ])
        #expect(result.status == .failure)
        try Golden.check(result.standardOutput, against: "validate-item-errors.json")
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(
            files.map { $0["file"] as? String } == [
                "Tests/Fixtures/feeds/invalid/item-errors.json", "Examples/feed.json",
            ])
        let errors = try #require(files[0]["errors"] as? [[String: Any]])
        #expect(errors.count == 3)
        #expect(Set(errors[0].keys) == ["severity", "message", "path", "line", "column"])
        #expect(errors[0]["path"] as? String == "$.announcements[1].action.value")
        #expect(errors[0]["line"] as? Int == 13)
        #expect((files[1]["errors"] as? [Any])?.isEmpty == true)
    }

    @Test(
        "whole-feed failures give exit 1 and one clear error",
        arguments: [
            ("empty.json", "the feed is empty"),
            ("top-level-array.json", "found an array"),
            ("no-announcements.json", "has no \"announcements\" array"),
            ("truncated.json", "invalid JSON: the JSON ends inside an object"),
            ("invalid-utf8.json", "not valid UTF-8"),
            ("schema-version-99.json", "schemaVersion 99 is not supported"),
            ("announcements-not-array.json", "announcements must be an array"),
        ])
    func wholeFeedFailures(file: String, message: String) async {
        let path = "Tests/Fixtures/feeds/invalid/\(file)"
        let result = await run(["validate", path])
        #expect(result.status == .failure)
        // One finding; a syntax error has the feed's line and a caret under it, indented.
        let lines = result.standardOutput.split(separator: "\n").filter { !$0.hasPrefix("    ") }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("\(path):") == true)
        #expect(lines.first?.contains(": error: ") == true)
        #expect(lines.first?.contains(message) == true, "\(lines)")
        #expect(result.standardError.contains("rejected as a whole"))
    }

    @Test("a missing file is exit 2 with a message on stderr; other files are still checked")
    func missingFile() async {
        let result = await run(["validate", "no/such/feed.json", "Tests/Fixtures/feeds/invalid/empty.json"])
        #expect(result.status == .usage)
        #expect(result.standardError.contains("announce validate: cannot read 'no/such/feed.json': no such file"))
        #expect(result.standardOutput.contains("empty.json:1:1: error: the feed is empty"))
        let directory = await run(["validate", "Examples"])
        #expect(directory.status == .usage)
        #expect(directory.standardError.contains("it is a directory"))
    }

    @Test("- reads the feed from standard input")
    func standardInput() async {
        let result = await run(["validate", "-"], stdin: "{\"announcements\": [{\"id\": \"a\", \"title\": \"t\"}]}")
        #expect(result.status == .failure)
        #expect(
            result.standardOutput
                == "<stdin>:1:20: error: \"message\" is missing; every announcement needs one ($.announcements[0])\n")
    }

    @Test("--allow-scheme and --allow-http set the action policy")
    func policyOptions() async {
        let feed = """
            {"announcements": [{"id": "a", "title": "t", "message": "m", "action": {"type": "deepLink", "value": "other://x"}},
              {"id": "b", "title": "t", "message": "m", "action": {"type": "url", "value": "http://example.com"}}]}
            """
        let strict = await run(["validate", "--allow-scheme", "myapp", "--allow-scheme", "myapp2", "-"], stdin: feed)
        #expect(
            strict.standardOutput.contains(
                "uses the scheme 'other', which the app does not allow (allowed: myapp, myapp2)"))
        #expect(strict.standardOutput.contains("uses plain http"))
        let relaxed = await run(["validate", "--allow-http", "-"], stdin: feed)
        #expect(relaxed.status == .success)
        #expect(relaxed.standardOutput == "")
    }

    @Test(
        "usage errors exit 2 with a hint",
        arguments: [
            (["validate"], "'announce validate' needs FEED..."),
            (["validate", "f.json", "--format"], "option '--format' needs a value"),
            (["validate", "f.json", "--format", "yaml"], "accepts 'text', 'json' or 'github'; got 'yaml'"),
            (["validate", "f.json", "--quiet"], "unknown option '--quiet'"),
            (["valdate", "f.json"], "unknown command 'valdate'. Did you mean 'validate'?"),
            (["schema", "extra"], "'announce schema' takes no arguments; got 'extra'"),
        ])
    func usageErrors(arguments: [String], message: String) async {
        let result = await run(arguments)
        #expect(result.status == .usage)
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.contains("--help"))
    }

    @Test("--help explains usage")
    func help() async throws {
        let overview = await run(["--help"])
        #expect(overview.status == .success)
        try Golden.check(overview.standardOutput, against: "help.txt")
        let validate = await run(["validate", "--help"])
        #expect(validate.status == .success)
        try Golden.check(validate.standardOutput, against: "validate-help.txt")
        #expect(await run(["help", "validate"]).standardOutput == validate.standardOutput)
        let none = await run([])
        #expect(none.status == .usage)
        #expect(none.standardError == overview.standardOutput)
    }
}
