import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

/// The feed author's tools in `validate`: "did you mean" for misspelled names, the line and a caret
/// under a JSON syntax error with its likely cause, `--strict` and `--format github`.
@Suite struct ValidateAuthorToolsTests {
    static func run(_ arguments: [String]) async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() })
        return await Announce.run(arguments, environment: environment)
    }

    @Test func misspelledFieldsStylesFormatsAndActionTypesGetASuggestion() async throws {
        let result = await Self.run(["validate", "Tests/Fixtures/feeds/author/typos.json"])
        #expect(result.status == .failure, "the unknown action type is an error")
        try Golden.check(result.standardOutput, against: "validate-typos.txt")
        for (written, known) in [
            ("defaultLocal", "defaultLocale"), ("mesage", "message"), ("isDismissable", "isDismissible"),
            ("priorty", "priority"), ("Warning", "warning"), ("modl", "modal"), ("deeplink", "deepLink"),
            ("lable", "label"), ("maxPerDya", "maxPerDay"),
        ] {
            #expect(
                result.standardOutput.contains("\"\(written)\"")
                    && result.standardOutput.contains(
                        "did you mean \"\(known)\"?"),
                "\(written) → \(known)")
        }
        #expect(!result.standardOutput.contains("$schema"), "$schema draws no finding")
    }

    @Test(arguments: [
        ("trailing-comma", "a trailing comma before '}': JSON allows none; remove the comma"),
        ("single-quotes", "a single-quoted string: JSON strings take double quotes"),
        ("comment", "a comment: JSON has none; remove it"),
        ("curly-quotes", "a curly quote: JSON takes straight double quotes (\")"),
    ])
    func syntaxErrorsShowTheLineACaretAndTheLikelyCause(name: String, cause: String) async throws {
        let result = await Self.run(["validate", "Tests/Fixtures/feeds/author/\(name).json"])
        #expect(result.status == .failure)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.standardOutput)")
        #expect(lines.last?.hasSuffix("^ " + cause) == true, "\(result.standardOutput)")
        try Golden.check(result.standardOutput, against: "validate-syntax-\(name).txt")
    }

    @Test func theCaretStandsUnderTheErrorPastWideCharactersAndEscapedControls() async throws {
        let result = await Self.run(["validate", "Tests/Fixtures/feeds/author/wide-and-controls.json"])
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "\(result.standardOutput)")
        #expect(!lines[1].contains("\u{1B}") && !lines[1].contains("\u{202E}"), "controls reach the terminal")
        // The raw ESC in the title is the error; it is shown as · and, in terminal cells (the Japanese
        // characters take two each), the caret stands under it.
        func cells(_ text: Substring) -> Int {
            text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x3000 && $1.value < 0xA000 ? 2 : 1) }
        }
        let errorAt = try #require(lines[1].firstIndex(of: "·"))
        let caretAt = try #require(lines[2].firstIndex(of: "^"))
        #expect(cells(lines[1][..<errorAt]) == cells(lines[2][..<caretAt]))
        try Golden.check(result.standardOutput, against: "validate-syntax-wide-and-controls.txt")
    }

    @Test func strictFailsOnWarningsAndGithubPrintsAnnotations() async throws {
        let clean = await Self.run(["validate", "--strict", "Examples/feed.json"])
        #expect(clean.status == .success)
        let warningsOnly = "Tests/Fixtures/feeds/author/warnings-only.json"
        let lenient = await Self.run(["validate", warningsOnly])
        #expect(lenient.status == .success)
        #expect(lenient.standardOutput.contains("warning: unknown announcement field \"colour\""))
        let strict = await Self.run(["validate", "--strict", warningsOnly])
        #expect(strict.status == .failure)
        #expect(strict.standardOutput == lenient.standardOutput)
        let github = await Self.run(["validate", "--format", "github", "Tests/Fixtures/feeds/author/typos.json"])
        let lines = github.standardOutput.split(separator: "\n")
        #expect(lines.count == 9)
        #expect(lines.allSatisfy { $0.hasPrefix("::error file=") || $0.hasPrefix("::warning file=") })
        #expect(
            github.standardOutput.contains(
                "::warning file=Tests/Fixtures/feeds/author/typos.json,line=9,col=7::unknown announcement field "
                    + "\"mesage\" is ignored; did you mean \"message\"? ($.announcements[0].mesage)"))
    }

    @Test func annotationsEscapeWhatTheRunnerReads() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gh-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("spring,sale:100%.json")
        try Data(contentsOf: Fixtures.url("Tests/Fixtures/feeds/author/warnings-only.json")).write(to: file)
        let result = await Self.run(["validate", "--format", "github", file.path])
        #expect(result.standardOutput.contains("spring%2Csale%3A100%25.json,line=4,col="), "\(result.standardOutput)")
    }
}
