import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce preview in a terminal")
struct PreviewTerminalTests {
    private func run(_ arguments: [String], isTerminal: Bool) async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: { Data() },
            isTerminal: isTerminal)
        return await Announce.run(arguments, environment: environment)
    }

    static let options = [
        "preview", "Examples/feed.json", "--at", "2026-12-03T12:00:00Z", "--platform", "iOS", "--app-version",
        "3.4.1", "--os-version", "17.5", "--locale", "de-AT", "--user-id", "u-42", "--segment", "proUsers",
        "--placement", "home", "--all",
    ]

    @Test(
        "widths 40 and 100, with and without colour, match the golden files",
        arguments: [(40, false), (40, true), (100, false), (100, true)])
    func golden(width: Int, colour: Bool) async throws {
        let result = await run(Self.options + ["--width", String(width)], isTerminal: colour)
        #expect(result.status == .success)
        #expect(result.standardOutput.contains("\u{1B}[") == colour)
        try Golden.check(result.standardOutput, against: "preview-terminal-\(width)-\(colour ? "colour" : "plain").txt")
        // Without its escape codes, the coloured banner is the plain one.
        if colour {
            let plain = await run(Self.options + ["--width", String(width)], isTerminal: false)
            #expect(Self.strippingEscapes(result.standardOutput) == plain.standardOutput)
        }
    }

    static func strippingEscapes(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    static let tmuxAvailable: Bool = {
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        return FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
    }()

    @Test(
        "run under tmux, the banner is drawn as in the golden file",
        .enabled(if: tmuxAvailable, "tmux is not installed; scripts/test-deps installs it"),
        .timeLimit(.minutes(1)))
    func tmux() async throws {
        let executable = try #require(Fixtures.announceExecutable)
        let session = "announce-preview-\(UUID().uuidString.prefix(8))"
        let options = Self.options.filter { $0 != "--all" } + ["--width", "100"]
        let command = ([executable.path] + options).map { "'\($0)'" }.joined(separator: " ") + "; sleep 30"
        // One shell runs the session, waits for the banner and captures the screen, so the tmux
        // server lives as long as it is needed and no longer.
        let script = """
            tmux new-session -d -s \(session) -x 120 -y 40 -c '\(Fixtures.repositoryRoot.path)' "$0" || exit 3
            for attempt in $(seq 1 100); do
                if tmux capture-pane -p -t \(session) | grep -q 'Card payments'; then break; fi
                sleep 0.1
            done
            tmux capture-pane -p -t \(session)
            tmux kill-session -t \(session)
            """
        let result = try await Fixtures.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script, command])
        #expect(result.status == 0, "\(result.standardError)")
        let screen = result.standardOutput
        let plain = await run(options, isTerminal: false)
        // The pane shows exactly the lines of the plain output (capture-pane drops the colours).
        let shown = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        for line in plain.standardOutput.split(separator: "\n") {
            let trimmed = String(line).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            #expect(shown.contains(trimmed), "missing on screen: \(trimmed)\nscreen:\n\(screen)")
        }
        #expect(screen.contains("╭"))
        #expect(screen.contains("Card payments are delayed"))
    }
}
