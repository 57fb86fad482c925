import AnnouncementKit
import AnnouncementKitPreview
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnounceCLI

/// `preview` in the terminal is bounded whatever the feed and the numbers given: a card has at most so
/// many rows (a long message cut with a mark that says how many lines were left out), `--all` writes
/// each card as it is drawn and draws at most ``PreviewCommand/maximumDrawnBytes`` of banners, and a
/// width is at most 1,000 columns.
@Suite("preview: bounded output, streamed per card")
struct PreviewBoundsTests {
    /// A feed of `count` items of `format`, each with a message of `lines` lines and an image.
    static func feed(count: Int, format: String, lines: Int) -> String {
        let message = String(repeating: "\\n", count: lines - 1) + "x"
        let items = (0..<count).map { index in
            #"{"id": "item-\#(index)", "title": "Title \#(index)", "message": "\#(message)", "format": "\#(format)", "#
                + #""image": {"url": "https://example.com/\#(index).png", "alt": "a cat on a mat \#(index)"}}"#
        }
        return #"{"schemaVersion": 1, "announcements": ["# + items.joined(separator: ",\n") + "]}"
    }

    private func run(
        _ arguments: [String], feed: String, variables: [String: String] = [:],
        write: (@Sendable (String) -> Void)? = nil
    ) async throws -> CommandResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bounds-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(feed.utf8).write(to: directory.appendingPathComponent("feed.json"))
        let environment = Announce.Environment(
            variables: variables, currentDirectory: directory, readStandardInput: { Data() },
            writeStandardOutput: write)
        return await Announce.run(
            ["preview", "feed.json", "--at", "2026-12-03T12:00:00Z", "--platform", "iOS", "--locale", "en"] + arguments,
            environment: environment)
    }

    @Test(
        "a message of 5,000 lines is cut to 40 rows, the last saying how many more; the alt text still shows",
        arguments: ["banner", "modal", "sheet"])
    func longMessageIsCut(format: String) async throws {
        let result = try await run(["--all", "--width", "60"], feed: Self.feed(count: 1, format: format, lines: 5000))
        #expect(result.status == .success, "\(result.standardError)")
        let rows = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        // The header (4 rows), the heading, then the box: edges, shade, image, title and 40 message rows.
        #expect(rows.count <= 5 + 4 + 2 + TerminalBannerRenderer.maximumMessageRows + 1, "\(rows.count)")
        #expect(result.standardOutput.contains("… (4961 more lines)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[image: a cat on a mat 0]"))
    }

    @Test("--all writes each card as it is drawn, the same text as collected, nothing left in the result")
    func streamed() async throws {
        let feed = Self.feed(count: 12, format: "modal", lines: 3)
        let collected = try await run(["--all"], feed: feed)
        let pieces = LockedPieces()
        let streamed = try await run(["--all"], feed: feed, write: { pieces.append($0) })
        #expect(streamed.status == .success)
        #expect(streamed.standardOutput.isEmpty)
        let written = pieces.all
        #expect(written.count == 13, "the header, then one piece per card")
        #expect(written.joined() == collected.standardOutput)
        for index in 0..<12 { #expect(collected.standardOutput.contains("[image: a cat on a mat \(index)]")) }
    }

    @Test("--all draws at most 8 MiB of banners, lists the rest by heading, and says how many it did not draw")
    func wholeOutputBounded() async throws {
        let count = 400
        let result = try await run(
            ["--all", "--width", "1000"], feed: Self.feed(count: count, format: "banner", lines: 60))
        #expect(result.status == .success)
        let bytes = result.standardOutput.utf8.count
        #expect(bytes > PreviewCommand.maximumDrawnBytes)
        #expect(bytes < PreviewCommand.maximumDrawnBytes + 1_048_576)
        let drawn = result.standardOutput.components(separatedBy: "╭").count - 1
        #expect(drawn > 0 && drawn < count)
        for index in [0, count / 2, count - 1] { #expect(result.standardOutput.contains("item-\(index) (")) }
        #expect(
            result.standardOutput.hasSuffix(
                "\(count - drawn) announcements are listed without a banner: 'preview --all' draws at most 8 MiB of "
                    + "banners; --html OUT.html draws every one\n"))
    }

    @Test("a COLUMNS of 100,000,000 draws 1,000 columns wide, and says so")
    func hugeColumns() async throws {
        let feed = Self.feed(count: 1, format: "modal", lines: 1)
        for columns in ["100000000", "9223372036854775807", "99999999999999999999999"] {
            let result = try await run([], feed: feed, variables: ["COLUMNS": columns])
            #expect(result.status == .success)
            let widest = result.standardOutput.split(separator: "\n").map { DisplayWidth.of($0) }.max() ?? 0
            #expect(widest == TerminalBannerRenderer.maximumWidth)
            #expect(result.standardError.contains("COLUMNS \(columns) is wider than 1000 columns; drawn 1000 wide"))
        }
    }

    @Test(
        "every number option refuses 9223372036854775807 with its name, its range and the value",
        arguments: [
            (["--width", "9223372036854775807"], "--width must be a whole number of columns from 20 to 1,000"),
            (["--width", "1001"], "--width must be a whole number of columns from 20 to 1,000; got '1001'"),
            (
                ["--days-since-install", "9223372036854775807"],
                "--days-since-install must be a whole number of days from 0 to 36,525"
            ),
            (
                ["--impressions", "item-0=9223372036854775807"],
                "--impressions item-0=9223372036854775807: N must be a whole number"
            ),
            (["--event", "go=9223372036854775807"], "--event go=9223372036854775807: N must be a whole number"),
        ])
    func hugeNumbers(arguments: [String], message: String) async throws {
        let result = try await run(arguments, feed: Self.feed(count: 1, format: "banner", lines: 1))
        #expect(result.status == .usage)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.contains("got '\(arguments[1].split(separator: "=").last!)'"))
    }
}

/// The pieces a streamed command wrote, from whichever thread wrote them.
final class LockedPieces: @unchecked Sendable {
    private let lock = NSLock()
    private var pieces: [String] = []

    func append(_ piece: String) {
        lock.lock()
        pieces.append(piece)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return pieces
    }
}
