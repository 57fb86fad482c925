import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

/// The template's questions: asked only when there is a terminal, each answer also a flag, a reply
/// that is not an option asked again, the end of input taking the recommended answer.
@Suite struct InitQuestionTests {
    /// Replies given in order to the prompts, and the prompts asked.
    final class Script: @unchecked Sendable {
        private let lock = NSLock()
        private var replies: [String]
        private(set) var prompts: [String] = []

        init(_ replies: [String]) { self.replies = replies }

        func ask(_ prompt: String) -> String? {
            lock.lock()
            defer { lock.unlock() }
            prompts.append(prompt)
            return replies.isEmpty ? nil : replies.removeFirst()
        }
    }

    static func run(_ root: URL, _ script: Script?, _ extra: [String] = []) async throws -> [String: Any] {
        var ask: (@Sendable (String) -> String?)?
        if let script { ask = { prompt in script.ask(prompt) } }
        let environment = Announce.Environment(
            variables: ProcessInfo.processInfo.environment.merging(["ANNOUNCE_NOW": "2026-12-02T10:00:00Z"]) { $1 },
            currentDirectory: root, readStandardInput: { Data() }, askQuestion: ask)
        let arguments = ["init", ".", "--dry-run", "--format", "json", "--package-url", Fixtures.url("").path] + extra
        let result: CommandResult = await Announce.run(arguments, environment: environment)
        #expect(result.status == .success, "\(result.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func theAnswersOnATerminalShapeThePlanAndABadReplyIsAskedAgain() async throws {
        let root = try InitCommandTests.copy("shop")
        defer { try? FileManager.default.removeItem(at: root) }
        let script = Script(["sideways", "bottom", "remote", "url, dismiss", "no", "replace"])
        let report = try await Self.run(root, script)
        let answers = try #require(report["answers"] as? [String: Any])
        #expect(answers["position"] as? String == "bottom")
        #expect(answers["source"] as? String == "remote")
        #expect(answers["actions"] as? [String] == ["url", "dismiss"])
        #expect(answers["scheduling"] as? Bool == false)
        #expect(script.prompts.count == 6)
        #expect(script.prompts[0].hasPrefix("Banner position?") && script.prompts[1].hasPrefix("Banner position?"))
        #expect(script.prompts[5].hasPrefix("Found ToastView."))
        let steps = try #require(report["steps"] as? [String])
        #expect(steps.contains { $0.hasPrefix("To replace your ToastView") })
        // Remote only: nothing bundled, so the feed to serve is at the root, and no resource is added.
        let changes = try #require(report["changes"] as? [[String: String]]).compactMap { $0["path"] }
        #expect(changes.contains("announcements.json"))
    }

    @Test func flagsAreNotAskedAndTheEndOfInputTakesTheRecommendedAnswers() async throws {
        let root = try InitCommandTests.copy("shop")
        defer { try? FileManager.default.removeItem(at: root) }
        let script = Script([])
        let report = try await Self.run(root, script, ["--position", "floating", "--keep-existing"])
        let answers = try #require(report["answers"] as? [String: Any])
        #expect(answers["position"] as? String == "floating")
        #expect(answers["source"] as? String == "both")
        #expect(answers["actions"] as? [String] == ["deepLink", "url", "dismiss"])
        #expect(answers["scheduling"] as? Bool == true)
        #expect(!script.prompts.contains { $0.hasPrefix("Banner position?") || $0.hasPrefix("Found ") })
        #expect(script.prompts.count == 3)
    }

    @Test func withoutATerminalOrWithYesNothingIsAsked() async throws {
        let root = try InitCommandTests.copy("shop")
        defer { try? FileManager.default.removeItem(at: root) }
        let script = Script(["bottom"])
        _ = try await Self.run(root, script, ["--yes"])
        #expect(script.prompts.isEmpty)
        let report = try await Self.run(root, nil)
        #expect((report["answers"] as? [String: Any])?["position"] as? String == "top")
    }

    @Test(
        "in a real terminal (tmux): the prompts appear, the replies are read, the plan shows them",
        .enabled(if: PreviewTerminalTests.tmuxAvailable, "tmux is not installed; scripts/test-deps installs it"),
        .timeLimit(.minutes(3)))
    func inATerminal() async throws {
        let executable = try #require(Fixtures.announceExecutable)
        let root = try InitCommandTests.copy("shop")
        defer { try? FileManager.default.removeItem(at: root) }
        let session = "announce-init-\(UUID().uuidString.prefix(8))"
        let command =
            "ANNOUNCE_NOW=2026-12-02T10:00:00Z '\(executable.path)' init . --dry-run --package-url '\(Fixtures.url("").path)'; sleep 60"
        // Each reply is sent once its prompt is on the screen, waiting up to a minute for each.
        let script = """
            tmux new-session -d -s \(session) -x 250 -y 60 -c '\(root.path)' "$0" || exit 3
            screen() { tmux capture-pane -p -J -S -500 -t \(session); }
            wait_for() {
                for attempt in $(seq 1 600); do
                    [ "$(screen | grep -c -- "$1")" -ge "${2:-1}" ] && return 0
                    sleep 0.1
                done
                echo "timed out waiting for: $1" >&2; screen >&2; tmux kill-session -t \(session); exit 4
            }
            wait_for 'Banner position?'; tmux send-keys -t \(session) 'sideways' Enter
            wait_for 'Banner position?' 2; tmux send-keys -t \(session) 'bottom' Enter
            wait_for 'Content source?'; tmux send-keys -t \(session) 'local' Enter
            wait_for 'Action types?'; tmux send-keys -t \(session) Enter
            wait_for 'Scheduling'; tmux send-keys -t \(session) 'no' Enter
            wait_for 'Found ToastView'; tmux send-keys -t \(session) Enter
            wait_for 'See its banners'
            screen
            tmux kill-session -t \(session)
            """
        let result = try await Fixtures.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script, command])
        #expect(result.status == 0, "\(result.standardError)")
        let screen = result.standardOutput
        #expect(screen.contains("Answers: position bottom, source local, actions deepLink,url,dismiss, scheduling no"))
        #expect(!screen.contains("not asked"))
        #expect(screen.contains("Planned changes (--dry-run: nothing was written)"))
        #expect(screen.contains("Your ToastView"))
    }
}
