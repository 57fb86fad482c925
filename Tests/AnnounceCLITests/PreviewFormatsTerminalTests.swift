import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("announce preview: formats in a terminal", .timeLimit(.minutes(2)))
struct PreviewFormatsTerminalTests {
    /// What marks each format on screen: the modal's shaded backdrop and double lines, the sheet's
    /// grabber and square bottom corners, the banner's rounded corners.
    static let marks = [
        "banner": ["╭", "╰", "[image: Ein Finger wischt eine Nachricht nach links]"],
        "modal": ["░░░░╔", "╚", "║"],
        "sheet": ["━━━━━", "└", "[image: Die neue Kalenderansicht mit drei Terminen am Montag]"],
    ]

    @Test(
        "under tmux each format of the what's-new example is drawn as its plain output, captured as an artifact",
        .enabled(if: PreviewTerminalTests.tmuxAvailable, "tmux is not installed; scripts/test-deps installs it"),
        arguments: ["banner", "modal", "sheet"])
    func tmux(format: String) async throws {
        let executable = try #require(Fixtures.announceExecutable)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let example = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.url("Examples/whats-new.json")))
        let items = try #require((example as? [String: Any])?["announcements"] as? [[String: Any]])
        let item = try #require(items.first { ($0["format"] as? String ?? "banner") == format })
        let feed = directory.appendingPathComponent("feed.json")
        try JSONSerialization.data(withJSONObject: ["schemaVersion": 1, "defaultLocale": "en", "announcements": [item]])
            .write(to: feed)
        let options = [feed.path, "--at", "2026-12-03T12:00:00Z", "--locale", "de-DE", "--width", "72"]
        let session = "announce-format-\(UUID().uuidString.prefix(8))"
        let command = ([executable.path, "preview"] + options).map { "'\($0)'" }.joined(separator: " ") + "; sleep 30"
        let script = """
            tmux new-session -d -s \(session) -x 100 -y 40 "$0" || exit 3
            for attempt in $(seq 1 100); do
                if tmux capture-pane -p -t \(session) | grep -q 'Active at'; then sleep 0.2; break; fi
                sleep 0.1
            done
            tmux capture-pane -p -t \(session)
            tmux kill-session -t \(session)
            """
        let result = try await Fixtures.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script, command])
        #expect(result.status == 0, "\(result.standardError)")
        let screen = result.standardOutput
        let artifacts = Fixtures.repositoryRoot.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try Data(screen.utf8).write(to: artifacts.appendingPathComponent("preview-terminal-\(format).txt"))

        let plain = await Announce.run(["preview"] + options)
        let shown = screen.split(separator: "\n").map {
            $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        for line in plain.standardOutput.split(separator: "\n") {
            let trimmed = line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            #expect(shown.contains(trimmed), "missing on screen: \(trimmed)\nscreen:\n\(screen)")
        }
        for mark in try #require(Self.marks[format]) {
            #expect(screen.contains(mark), "\(format) without \(mark):\n\(screen)")
        }
    }
}
