import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing
import announce_demo

/// The demo's logic without a terminal: options, keys, the clock and the session over the real manager.
@Suite("announce-demo")
@MainActor
struct AnnounceDemoTests {
    nonisolated static let feedPath = "Tests/Fixtures/Demo/demo-feed.json"
    nonisolated static let start = Date(timeIntervalSince1970: 1_893_492_000)  // 2030-01-01T10:00:00Z
    nonisolated static let noon = Date(timeIntervalSince1970: 1_893_499_200)  // 2030-01-01T12:00:00Z

    private func session(width: Int = 60) throws -> DemoSession {
        let feed = try DemoFeed.load(Fixtures.url(Self.feedPath).path).get()
        return DemoSession(feed: feed, now: Self.start, locale: "en", width: width, colors: false)
    }

    /// Polls `condition` every millisecond until it holds or a minute has passed (a deadline, not a
    /// number of checks, so a busy machine only makes it slower).
    private func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }

    @Test("options: the feed, --now, --locale, --width, in both spellings; --help")
    func options() throws {
        let parsed = try DemoOptions.parse([
            "feed.json", "--now", "2030-01-01T10:00:00Z", "--locale=de-AT", "--width", "44",
        ])
        #expect(parsed == .run(DemoOptions(feedPath: "feed.json", now: Self.start, locale: "de-AT", width: 44)))
        #expect(try DemoOptions.parse(["feed.json"]) == .run(DemoOptions(feedPath: "feed.json")))
        #expect(try DemoOptions.parse(["feed.json", "--help"]) == .help)
        #expect(DemoOptions.help.contains("d dismiss, a act"))
    }

    @Test(
        "options that cannot be used are usage errors that say why",
        arguments: [
            ([], "name a feed file"), (["a.json", "b.json"], "unexpected argument 'b.json'"),
            (["a.json", "--color"], "unknown option '--color'"), (["a.json", "--now"], "--now needs a value"),
            (["a.json", "--now", "noon"], "--now noon is not an ISO 8601 instant"),
            (["a.json", "--width", "19"], "--width must be a whole number of columns from 20 to 1000; got '19'"),
            (
                ["a.json", "--width", "9223372036854775807"],
                "--width must be a whole number of columns from 20 to 1000; got '9223372036854775807'"
            ),
            (["a.json", "--locale="], "--locale needs a language tag"),
        ])
    func badOptions(arguments: [String], message: String) {
        #expect {
            try DemoOptions.parse(arguments)
        } throws: { error in
            (error as? DemoOptions.UsageError)?.message.hasPrefix(message) == true
        }
    }

    @Test("keys from lines: one key a line, spaces ignored, other lines ignored")
    func lineKeys() {
        #expect(
            ["d", " a ", "n", "→", "+", "q"].map(DemoKey.init(line:)) == [.dismiss, .act, .next, .next, .hour, .quit])
        #expect(DemoKey(line: "dismiss") == nil)
        #expect(DemoKey(line: "") == nil)
    }

    @Test("keys from a raw terminal: letters, and the right arrow even when split across reads")
    func terminalKeys() {
        var decoder = DemoKeyDecoder()
        #expect(decoder.keys(from: Array("dax+q".utf8)) == [.dismiss, .act, .hour, .quit])
        #expect(decoder.keys(from: [0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.keys(from: [UInt8(ascii: "C"), UInt8(ascii: "n")]) == [.next, .next])
        // Other arrows, ESC O C, and an unknown escape followed by a key.
        #expect(decoder.keys(from: Array("\u{1B}[D\u{1B}OC\u{1B}xd".utf8)) == [.next, .dismiss])
        // A sequence with parameters ends at its final byte; only the plain right arrow moves the clock.
        #expect(decoder.keys(from: Array("\u{1B}[1;5Cq".utf8)) == [.quit])
    }

    @Test("the banner changes by itself when the clock passes a schedule boundary: the manager's timer fires")
    func changesByItself() async throws {
        let session = try session()
        await session.start()
        #expect(session.manager.activeAnnouncement?.id == "demo-first")
        #expect(session.manager.nextChange == Self.noon)
        try await session.clock.waitForSleeper(until: Self.noon)
        // Nothing is asked of the manager: only the clock moves.
        session.clock.advance(to: Self.noon)
        #expect(await eventually { session.manager.activeAnnouncement?.id == "demo-scheduled" })
        session.stop()
    }

    @Test("d dismisses and the next one shows; n moves the clock to the next change; + one hour")
    func keys() async throws {
        let session = try session()
        await session.start()
        #expect(session.screen().contains("First banner"))
        #expect(session.manager.state.impressions["demo-first"]?.count == 1, "the presenter records what shows")
        #expect(session.statusLine().hasPrefix("Demo clock 2030-01-01T10:00:00Z · queue 1 · d dismiss"))
        #expect(await session.handle(.dismiss))
        #expect(session.message == "Dismissed demo-first.")
        #expect(session.screen().contains("Second banner"))
        #expect(await session.handle(.next))
        #expect(session.clock.now == Self.noon)
        #expect(session.manager.activeAnnouncement?.id == "demo-scheduled")
        #expect(session.screen().contains("Scheduled banner"))
        #expect(session.screen().contains("Scheduled banner"), "drawn again")
        #expect(session.manager.state.impressions["demo-second"]?.count == 1)
        #expect(session.manager.state.impressions["demo-scheduled"]?.count == 1, "one impression per showing")
        #expect(await session.handle(.dismiss))
        #expect(session.message == "demo-scheduled cannot be dismissed.")
        // No schedule boundary is left: n moves one hour on, as + does.
        #expect(session.manager.nextChange == nil)
        #expect(await session.handle(.next))
        #expect(session.message == "No change is coming; clock moved one hour on.")
        #expect(await session.handle(.hour))
        #expect(session.clock.now == Self.noon.addingTimeInterval(7200))
        #expect(await session.handle(.quit) == false)
        session.stop()
    }

    @Test("a performs the action and tells the route the app would open, escaped for the terminal")
    func act() async throws {
        let session = try session()
        await session.start()
        let first = try #require(session.manager.activeAnnouncement)
        #expect(await session.handle(.act))
        #expect(session.message == "Would open https://example.com/first (demo-first).")
        // A dismissible banner goes once its action is performed, as the template's did.
        #expect(session.manager.activeAnnouncement?.id == "demo-second")
        #expect(
            DemoSession.describe(.none("bad\u{1B}[2K\u{202E}"), of: first)
                == "No route for demo-first: bad\\u001b[2K\\u202e.")
        session.stop()
    }

    @Test("a missing feed or a directory is a usage error (2); a feed that cannot be used is 1")
    func feedErrors() throws {
        let missing = try #require(DemoFeed.load("/nonexistent/feed.json").failure())
        #expect(missing.message == "cannot read '/nonexistent/feed.json': no such file")
        #expect(missing.status == 2)
        let directory = Fixtures.url("Tests/Fixtures/Demo").path
        #expect(try #require(DemoFeed.load(directory).failure()).status == 2)
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("demo-bad-\(UUID().uuidString).json")
        try Data(#"{"schemaVersion": 1, "announcements": 3}"#.utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let failure = try #require(DemoFeed.load(bad.path).failure())
        #expect(failure.status == 1)
        #expect(failure.message.contains("the feed cannot be used: 1:39: error: announcements must be an array"))
    }
}

extension Result {
    fileprivate func failure() -> Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

/// The `announce-demo` program: driven by lines on a pipe, and by keys in a terminal under tmux.
@Suite("announce-demo as a program")
struct AnnounceDemoProgramTests {
    static let options = [AnnounceDemoTests.feedPath, "--now", "2030-01-01T10:00:00Z", "--width", "60"]

    private func demo(_ arguments: [String], input: String = "") async throws -> (
        status: Int32, standardOutput: String, standardError: String
    ) {
        let executable = try #require(Fixtures.executable(named: "announce-demo"), "announce-demo was not built")
        return try await Fixtures.run(executable, arguments, input: Data(input.utf8))
    }

    @Test("keys on a pipe, one a line: each screen is printed in turn, without escape codes")
    func pipe() async throws {
        let result = try await demo(Self.options, input: "d\nn\nq\n")
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let output = result.standardOutput
        #expect(!output.contains("\u{1B}"))
        let first = try #require(output.range(of: "First banner"))
        let second = try #require(output.range(of: "Second banner"))
        let scheduled = try #require(output.range(of: "Scheduled banner"))
        #expect(first.lowerBound < second.lowerBound && second.lowerBound < scheduled.lowerBound)
        #expect(output.contains("Demo clock 2030-01-01T12:00:00Z · queue 1"))
        #expect(output.hasSuffix("announce-demo: stopped at 2030-01-01T12:00:00Z\n"))
    }

    @Test("the end of the input ends the demo")
    func endOfInput() async throws {
        let result = try await demo(Self.options, input: "+\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("announce-demo: stopped at 2030-01-01T11:00:00Z\n"))
    }

    @Test("a missing feed exits 2, a feed that cannot be used exits 1, --help exits 0")
    func errors() async throws {
        let missing = try await demo(["missing.json"])
        #expect(missing.status == 2)
        #expect(missing.standardError == "announce-demo: cannot read 'missing.json': no such file\n")
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("demo-bad-\(UUID().uuidString).json")
        try Data("{".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let unusable = try await demo([bad.path])
        #expect(unusable.status == 1)
        #expect(unusable.standardError.hasPrefix("announce-demo: \(bad.path): the feed cannot be used: "))
        let usage = try await demo(["--width"])
        #expect(usage.status == 2)
        let help = try await demo(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("usage: announce-demo FEED"))
    }

    /// A tmux session name and the shell command it runs: the demo on the fixture feed, then its exit
    /// status, the terminal's `icanon` and `echo` settings, and `stty-read` once they are printed.
    static func tmuxDemo() async throws -> (session: String, command: String) {
        let executable = try #require(Fixtures.executable(named: "announce-demo"), "announce-demo was not built")
        let command =
            ([executable.path] + options).map { "'\($0)'" }.joined(separator: " ")
            + "; echo exit=$?; stty -a | tr ' ;' '\\n\\n' | grep -Ex -- '-?(icanon|echo)'; echo stty-read; sleep 30"
        return ("announce-demo-\(UUID().uuidString.prefix(8))", command)
    }

    @Test(
        "under tmux: a banner, d shows the next, n passes the schedule boundary, q restores the terminal",
        .enabled(if: PreviewTerminalTests.tmuxAvailable, "tmux is not installed; scripts/test-deps installs it"),
        .timeLimit(.minutes(1)))
    func tmux() async throws {
        let (session, command) = try await Self.tmuxDemo()
        // One shell runs the session, sends each key once the screen before it is drawn, and captures
        // the screen after it; the demo clock moves only by keys, so nothing else changes the screen.
        // After `q` it waits for the line printed after the terminal settings, not for `exit=`, which
        // can be on screen before them.
        let script = """
            tmux new-session -d -s \(session) -x 100 -y 30 -c '\(Fixtures.repositoryRoot.path)' "$0" || exit 3
            shot() {
                for attempt in $(seq 1 100); do
                    if tmux capture-pane -p -t \(session) | grep -q "$2"; then break; fi
                    sleep 0.1
                done
                echo "=== $1"
                tmux capture-pane -p -t \(session)
            }
            shot start 'First banner'
            tmux send-keys -t \(session) d
            shot dismissed 'Second banner'
            tmux send-keys -t \(session) n
            shot scheduled 'Scheduled banner'
            tmux send-keys -t \(session) q
            shot quit '^stty-read'
            tmux kill-session -t \(session)
            """
        let result = try await Fixtures.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script, command])
        #expect(result.status == 0, "\(result.standardError)")
        let screens = Dictionary(
            uniqueKeysWithValues: result.standardOutput.components(separatedBy: "=== ").dropFirst().map {
                (String($0.prefix { $0 != "\n" }), $0)
            })
        let start = try #require(screens["start"])
        #expect(start.contains("╭") && start.contains("First banner") && !start.contains("Second banner"), "\(start)")
        #expect(start.contains("Demo clock 2030-01-01T10:00:00Z · queue 1 ·"), "\(start)")
        let dismissed = try #require(screens["dismissed"])
        #expect(dismissed.contains("Second banner") && !dismissed.contains("First banner"), "\(dismissed)")
        #expect(dismissed.contains("Dismissed demo-first."), "\(dismissed)")
        let scheduled = try #require(screens["scheduled"])
        #expect(scheduled.contains("Scheduled banner") && !scheduled.contains("Second banner"), "\(scheduled)")
        #expect(scheduled.contains("Demo clock 2030-01-01T12:00:00Z · queue 1 ·"), "\(scheduled)")
        // The alternate screen is gone and the terminal is back in canonical mode with echo.
        let quit = try #require(screens["quit"])
        let lines = quit.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("exit=0") && lines.contains("icanon") && lines.contains("echo"), "\(quit)")
        #expect(!quit.contains("Demo clock") && !quit.contains("-icanon"), "\(quit)")
        #expect(lines.contains("announce-demo: stopped at 2030-01-01T12:00:00Z"), "\(quit)")
    }

    @Test(
        "under tmux: Control-C ends the demo and restores the terminal",
        .enabled(if: PreviewTerminalTests.tmuxAvailable, "tmux is not installed; scripts/test-deps installs it"),
        .timeLimit(.minutes(1)))
    func interrupt() async throws {
        let (session, command) = try await Self.tmuxDemo()
        let script = """
            tmux new-session -d -s \(session) -x 100 -y 30 -c '\(Fixtures.repositoryRoot.path)' "$0" || exit 3
            wait_for() {
                for attempt in $(seq 1 100); do
                    if tmux capture-pane -p -t \(session) | grep -q "$1"; then return; fi
                    sleep 0.1
                done
            }
            wait_for 'First banner'
            tmux send-keys -t \(session) C-c
            wait_for '^stty-read'
            tmux capture-pane -p -t \(session)
            tmux kill-session -t \(session)
            """
        let result = try await Fixtures.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script, command])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("exit=130") && lines.contains("icanon") && lines.contains("echo"), "\(lines)")
        #expect(!result.standardOutput.contains("First banner"), "the alternate screen is left")
    }
}
