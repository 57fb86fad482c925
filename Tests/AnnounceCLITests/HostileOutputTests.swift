import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnounceCLI

/// Feed text and arguments made to attack the terminal: every command must show them escaped.
@Suite("Hostile text in command output")
struct HostileOutputTests {
    /// The attack as JSON string content: set the clipboard (OSC 52), a hidden link (OSC 8), erase the
    /// line and move up (CSI), the same through the C1 CSI, DEL, a right-to-left override, then a line
    /// break and a forged finding.
    static let payload =
        #"\u001b]52;c;SGVsbG8=\u0007\u001b]8;;https://evil.example/\u001b\\link\u001b]8;;\u001b\\"#
        + #"\u001b[2K\u001b[1A\u009b2K\u007f\u202egnp.exe\r\nFORGED:1:1: error: forged"#

    /// The same attack as raw text, for arguments and file names.
    static let raw =
        "\u{1B}]52;c;SGVsbG8=\u{07}\u{1B}]8;;https://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\"
        + "\u{1B}[2K\u{1B}[1A\u{9B}2K\u{7F}\u{202E}gnp.exe\r\nFORGED:1:1: error: forged"

    /// Parts of the escaped attack that read the same however the message quotes the text.
    static let shownParts = [
        #"\u001b]52;c;SGVsbG8=\u0007\u001b]8;;https://evil.example/\u001b"#,
        #"\u001b[2K\u001b[1A\u009b2K\u007f\u202egnp.exe\r\nFORGED:1:1: error: forged"#,
    ]

    /// A feed with the attack in every field that a command prints or quotes in a finding.
    static let feed = """
        {"schemaVersion": 1, "\(payload)": true, "announcements": [
          {"id": "shown", "title": "Invoice \\u202egnp.exe \\u2066x\\u2069", "message": "Read \\u202ethis\\nsecond",
           "style": "\(payload)", "\(payload)": 1, "priority": 10,
           "action": {"type": "url", "value": "https://example.com/", "label": "Open \\u202e now"}},
          {"id": "unknown-key", "title": "t", "message": "m", "audience": {"\(payload)": 1}},
          {"id": "platform", "title": "t", "message": "m", "audience": {"platforms": ["\(payload)"]}},
          {"id": "segments", "title": "t", "message": "m", "audience": {"segments": ["\(payload)"]}},
          {"id": "placements", "title": "t", "message": "m", "placements": ["\(payload)"]},
          {"id": "locales", "title": "t", "message": "m", "audience": {"locales": ["\(payload)"]}},
          {"id": "zone", "title": "t", "message": "m", "schedule": {"timeZone": "\(payload)"}},
          {"id": "title-locale", "title": {"en": "t", "\(payload)": "x"}, "message": "m"},
          {"id": "\(payload)", "title": "t", "message": "m"},
          {"id": "action", "title": "t", "message": "m", "action": {"type": "\(payload)", "value": "x"}},
          {"id": "rule", "title": "t", "message": "m", "audience": {"targeting": {"\(payload)": [1]}}},
          {"id": "twice", "title": "t", "message": "m", "\(payload)": 1, "\(payload)": 2}
        ]}
        """

    /// The context options, each holding the attack (after a word, so that the feed's segment and
    /// placement do not match).
    static let context = [
        "--at", "2026-12-03T12:00:00Z", "--platform", "iOS", "--locale", "en", "--segment", "s" + raw,
        "--placement", "p" + raw, "--user-id", "u" + raw, "--dismissed", "d" + raw,
    ]

    /// A directory with the feed under a file name that holds the attack, removed afterwards.
    private func withFeed(_ body: (_ directory: URL, _ path: String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hostile-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "feed \(Self.raw.replacingOccurrences(of: "/", with: "_")).json"
        try Data(Self.feed.utf8).write(to: directory.appendingPathComponent(name))
        try await body(directory, name)
    }

    private func run(_ arguments: [String], in directory: URL, terminal: Bool = false) async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: directory, readStandardInput: { Data() }, isTerminal: terminal)
        return await Announce.run(arguments, environment: environment)
    }

    /// No control or bidi control in `text` but the newlines that end lines, after taking out the
    /// colour codes the renderer writes itself (and only those).
    private func expectSafe(_ text: String, colours: Bool = false, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let plain = colours ? text.replacing(try Regex("\u{1B}\\[[0-9;]*m"), with: "") : text
        let raw = plain.unicodeScalars.filter { $0 != "\n" && TerminalText.needsEscaping($0) }
        #expect(
            raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in \(plain)", sourceLocation: sourceLocation)
        #expect(!plain.contains("\nFORGED"), "a forged line starts a line", sourceLocation: sourceLocation)
    }

    private func expectShown(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for part in Self.shownParts {
            #expect(text.contains(part), "\(part) is not shown in \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test("validate: every finding stays one line, quotes the feed escaped, and the summary too")
    func validate() async throws {
        try await withFeed { directory, name in
            let result = await run(["validate", name], in: directory)
            #expect(result.status == .failure)
            try expectSafe(result.standardOutput)
            try expectSafe(result.standardError)
            expectShown(result.standardOutput)
            let shownName = TerminalText.escaped(name)
            #expect(result.standardError.hasPrefix("\(shownName): "))
            let lines = result.standardOutput.split(separator: "\n")
            let finding = try Regex(#"^[0-9]+:[0-9]+: (error|warning): .+ \(\$.*\)$"#)
            for line in lines {
                #expect(line.hasPrefix(shownName + ":"), "\(line)")
                #expect(line.dropFirst(shownName.count + 1).wholeMatch(of: finding) != nil, "\(line)")
            }
            for topic in [
                "unknown field", "unknown style", "unknown audience key", "platform \"", "is not a language tag",
                "timeZone", "unknown action type", "appears twice", "targeting rule",
            ] {
                #expect(lines.contains { $0.contains(topic) && $0.contains(Self.shownParts[1]) }, "\(topic)")
            }
        }
    }

    @Test("validate --format json and simulate --format json: no raw DEL, C1 or bidi; the strings read back whole")
    func json() async throws {
        try await withFeed { directory, name in
            let validate = await run(["validate", "--format", "json", name], in: directory)
            let simulate = await run(["simulate", name, "--format", "json"] + Self.context, in: directory)
            for result in [validate, simulate] {
                try expectSafe(result.standardOutput)
                let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                #expect(
                    Self.strings(in: object).contains { $0.contains("\u{9B}2K\u{7F}\u{202E}gnp.exe") },
                    "the JSON no longer holds the feed's text")
            }
            #expect(validate.standardOutput.contains(#"\u009b2K\u007f\u202egnp.exe"#))
        }
    }

    /// Every string in a value read by `JSONSerialization`, keys included.
    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap { strings(in: $0) }
        case let object as [String: Any]: object.flatMap { [$0.key] + strings(in: $0.value) }
        default: []
        }
    }

    @Test("simulate: ids, titles, details, the context and the notes are escaped")
    func simulate() async throws {
        try await withFeed { directory, name in
            let result = await run(["simulate", name] + Self.context, in: directory)
            #expect(result.status == .success, "\(result.standardError)")
            try expectSafe(result.standardOutput)
            try expectSafe(result.standardError)
            expectShown(result.standardOutput)
            expectShown(result.standardError)
            let output = result.standardOutput
            #expect(output.hasPrefix(TerminalText.escaped(name) + " at 2026-12-03T12:00:00Z\n"))
            #expect(output.contains("Active:   shown  [info, priority 10]  \"Invoice \\u202egnp.exe \\u2066x\\u2069\""))
            for (id, detail) in [
                ("unknown-key", "unknown audience key"), ("platform", "platform iOS not in ["),
                ("segments", "include none of ["), ("placements", "do not include"),
            ] {
                let line = output.split(separator: "\n").first { $0.hasPrefix("  \(id) ") }
                #expect(line?.contains(detail) == true, "\(id): \(line ?? "missing")")
                #expect(line?.contains(Self.shownParts[1]) == true, "\(id): \(line ?? "missing")")
            }
        }
    }

    @Test("preview: the banner and every caption escaped, plain and in colour", arguments: [false, true])
    func preview(colours: Bool) async throws {
        try await withFeed { directory, name in
            for all in [false, true] {
                let result = await run(
                    ["preview", name, "--width", "400"] + Self.context + (all ? ["--all"] : []), in: directory,
                    terminal: colours)
                #expect(result.status == .success, "\(result.standardError)")
                try expectSafe(result.standardOutput, colours: colours)
                try expectSafe(result.standardError)
                #expect(result.standardOutput.contains("\\u202egnp.exe \\u2066x\\u2069"))
                #expect(result.standardOutput.contains("[ Open \\u202e now"))
                #expect(colours == result.standardOutput.contains("\u{1B}[38;2;"))
                if all { expectShown(result.standardOutput) }
            }
        }
    }

    @Test("preview --html: the message names the page escaped; the page holds no raw markup from the feed")
    func previewHTML() async throws {
        try await withFeed { directory, name in
            let page = "page \(Self.raw.replacingOccurrences(of: "/", with: "_")).html"
            let result = await run(["preview", name, "--html", page] + Self.context, in: directory)
            #expect(result.status == .success, "\(result.standardError)")
            try expectSafe(result.standardError)
            #expect(result.standardError.contains("wrote page \\u001b]52;c;"))
            let html = try String(contentsOf: directory.appendingPathComponent(page), encoding: .utf8)
            #expect(!html.contains("\u{1B}"), "a caption holds a raw escape")
            #expect(
                html.contains("Invoice <mark class=\"hidden-char\" title=\"U+202E\">\\u202e</mark>gnp.exe"),
                "the banner shows its title with the bidi control marked")
            #expect(!html.unicodeScalars.contains { TerminalText.needsEscaping($0) && $0 != "\n" && $0 != "\t" })
        }
    }

    @Test("usage errors and unreadable files quote the arguments escaped")
    func usage() async throws {
        try await withFeed { directory, name in
            let results = [
                await run([Self.raw], in: directory),
                await run(["validate", "--\(Self.raw)", name], in: directory),
                await run(["validate", "missing \(Self.raw).json"], in: directory),
                await run(["simulate", name, "--at", Self.raw], in: directory),
                await run(["simulate", name, "--app-version", Self.raw], in: directory),
                await run(["simulate", name, "--impressions", Self.raw], in: directory),
                await run(["preview", name, "--width", Self.raw], in: directory),
                await run(["fetch", Self.raw], in: directory),
                await run(["fetch", "http://example.com/\(Self.raw)"], in: directory),
            ]
            for result in results {
                #expect(result.status == .usage)
                try expectSafe(result.standardError)
                #expect(result.standardError.contains("\\u001b]52;c;"), "\(result.standardError)")
            }
        }
    }

    @Test("fetch: the ETag, the failure and the diagnostics are escaped, in text and in JSON")
    func fetch() throws {
        let text = Self.raw
        let fetched = FetchResult(
            announcements: [], source: .cache, status: 200, etag: "W/\"\(text)\"",
            diagnostics: [Diagnostic(severity: .warning, message: "unknown field \"\(text)\"", path: "$[\"\(text)\"]")],
            failure: FetchFailure(kind: .network, message: "the server said \(text)"))
        let report = FetchCommand.report(fetched, json: false)
        try expectSafe(report.standardOutput)
        try expectSafe(report.standardError)
        expectShown(report.standardOutput)
        expectShown(report.standardError)
        #expect(report.standardOutput.hasPrefix("source: cache\nstatus: 200\netag: W/\"\\u001b]52;c;"))
        #expect(report.standardOutput.split(separator: "\n").count == 5)
        let json = FetchCommand.report(fetched, json: true)
        try expectSafe(json.standardOutput)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["etag"] as? String == "W/\"\(text)\"")
    }

    @Test("fetch: an image's URL and failure reason are escaped, in text and in JSON")
    func fetchImages() throws {
        let text = Self.raw
        let url = try #require(URL(string: "https://img.example.com/a.png?q=%1B%5D52"))
        let fetched = FetchResult(
            announcements: [], source: .network, status: 200,
            images: ImageFetchSummary(
                fetched: 1, failed: 1, failures: [.init(url: url, reason: "the body starts with \"\(text)\"")]))
        let report = FetchCommand.report(fetched, json: false)
        try expectSafe(report.standardOutput)
        expectShown(report.standardOutput)
        #expect(report.standardOutput.contains("images: fetched 1, cached 0, failed 1\nimage failed: "))
        let json = FetchCommand.report(fetched, json: true)
        try expectSafe(json.standardOutput)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let images = try #require(object["images"] as? [String: Any])
        let failures = try #require(images["failures"] as? [[String: Any]])
        #expect(failures.first?["reason"] as? String == "the body starts with \"\(text)\"")
    }
}
