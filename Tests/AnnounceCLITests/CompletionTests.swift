import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnounceCLI

/// `announce completions`: each script loaded in its real shell, completing real command lines.
@Suite("Shell completions")
struct CompletionTests {
    private func script(_ shell: String) async throws -> URL {
        let result = await Announce.run(["completions", shell])
        #expect(result.status == .success)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("announce.\(shell)")
        try Data(result.standardOutput.utf8).write(to: file)
        return file
    }

    private func shell(_ name: String) throws -> URL {
        try #require(
            TestDependencies.program(named: name), "\(name) is not installed: run scripts/test-deps")
    }

    /// What bash's `_announce` offers for `words`, the last being the word under the cursor.
    private func bashCompletions(_ words: [String], script: URL) async throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = """
            source '\(script.path)'
            COMP_WORDS=(\(quoted.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
            _announce
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await Fixtures.run(try shell("bash"), ["-c", command])
        #expect(result.status == 0, "bash: \(result.standardError)")
        #expect(result.standardError == "")
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test("bash completes commands, options, option values, shells and file names")
    func bash() async throws {
        let script = try await script("bash")
        #expect(try await bashCompletions(["announce", "val"], script: script) == ["validate"])
        #expect(try await bashCompletions(["announce", "s"], script: script) == ["simulate", "schema", "sign"])
        #expect(try await bashCompletions(["announce", "validate", "--f"], script: script) == ["--format"])
        #expect(
            try await bashCompletions(["announce", "validate", "--format", "g"], script: script) == ["github"])
        #expect(try await bashCompletions(["announce", "completions", "z"], script: script) == ["zsh"])
        #expect(try await bashCompletions(["announce", "help", "pre"], script: script) == ["preview"])
        #expect(
            try await bashCompletions(["announce", "validate", "Examples/fe"], script: script) == [
                "Examples/feed.json"
            ])
        let folders = try await bashCompletions(["announce", "init", "Example"], script: script)
        #expect(folders == ["Examples"])
        let options = try await bashCompletions(["announce", "preview", "--"], script: script)
        for option in PreviewCommand.spec.options.map(\.name) + ["--help"] {
            #expect(options.contains(option), "\(option) missing from \(options)")
        }
        #expect(try await bashCompletions(["announce", "fetch", "htt"], script: script) == [])
    }

    @Test("fish completes commands, options and option values")
    func fish() async throws {
        let fish = try shell("fish")
        let script = try await script("fish")
        let syntax = try await Fixtures.run(fish, ["--no-execute", script.path])
        #expect(syntax.status == 0, "fish: \(syntax.standardError)")
        func complete(_ line: String) async throws -> [String] {
            let result = try await Fixtures.run(
                fish, ["--no-config", "-c", "source '\(script.path)'; complete --do-complete='\(line)'"])
            #expect(result.status == 0, "fish: \(result.standardError)")
            return result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        #expect(try await complete("announce val") == ["validate"])
        #expect(try await complete("announce validate --str") == ["--strict"])
        #expect(try await complete("announce validate --format g") == ["github"])
        #expect(try await complete("announce completions b") == ["bash"])
    }

    @Test("zsh reads the script and registers the completion function")
    func zsh() async throws {
        let zsh = try shell("zsh")
        let script = try await script("zsh")
        let syntax = try await Fixtures.run(zsh, ["-n", script.path])
        #expect(syntax.status == 0, "zsh: \(syntax.standardError)")
        let loaded = try await Fixtures.run(
            zsh,
            [
                "-f", "-c",
                "autoload -Uz compinit; compinit -u -D; source '\(script.path)'; print -r -- $_comps[announce]",
            ])
        #expect(loaded.status == 0, "zsh: \(loaded.standardError)")
        #expect(loaded.standardOutput == "_announce\n")
    }

    @Test("every command is in every script")
    func everyCommand() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let text = await Announce.run(["completions", shell]).standardOutput
            for command in ["validate", "simulate", "preview", "schema", "fetch", "init", "completions"] {
                #expect(text.contains(command), "\(command) missing from the \(shell) script")
            }
        }
    }

    @Test("an unknown shell is a usage error with the shells named")
    func unknownShell() async {
        let result = await Announce.run(["completions", "bsah"])
        #expect(result.status == .usage)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "announce completions: unknown shell 'bsah'; expected one of bash, zsh, fish. Did you mean 'bash'?\n"
        )
    }
}
