import AnnounceCLI
import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

/// Feed files and standard input are refused past ``FeedLimits/maximumFeedBytes`` before being read
/// whole: rejected as a whole like any feed the decoder rejects (exit status 1), never read past
/// the limit plus one byte.
@Suite("Feed files past the size limit")
struct FeedFileTests {
    static let limit = FeedLimits.maximumFeedBytes

    private func run(_ arguments: [String], stdin: @escaping @Sendable () -> Data = { Data() }) async -> CommandResult {
        let environment = Announce.Environment(
            variables: [:], currentDirectory: Fixtures.repositoryRoot, readStandardInput: stdin)
        return await Announce.run(arguments, environment: environment)
    }

    /// A file of `size` bytes that takes no space: a sparse file made with `truncate`.
    private func sparseFile(_ size: UInt64) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("huge.json")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: size)
        try handle.close()
        return url.path
    }

    @Test("stdin one byte past the limit: rejected as too large, exit 1")
    func standardInputPastTheLimit() async {
        let result = await run(["validate", "-"]) { Data(repeating: 0x20, count: Self.limit + 1) }
        #expect(result.status == .failure)
        #expect(result.standardError == "<stdin>: rejected as a whole (too large)\n")
        #expect(
            result.standardOutput
                == "<stdin>:1:1: error: standard input holds more than \(Self.limit) bytes; at most \(Self.limit) "
                + "are read (split it or remove old announcements) ($)\n")
    }

    @Test("stdin exactly at the limit is read and decoded")
    func standardInputAtTheLimit() async throws {
        var feed = RemoteFeedJSON.feed
        feed.append(Data(repeating: 0x20, count: Self.limit - feed.count))
        let input = feed
        let result = await run(["validate", "-"]) { input }
        #expect(result.status == .success)
        #expect(result.standardError == "<stdin>: 1 of 1 announcements usable; 0 errors, 0 warnings\n")
    }

    @Test("a 2 GiB sparse file is rejected by its size for validate and simulate, exit 1")
    func sparseFeedFile() async throws {
        let path = try sparseFile(2 << 30)
        let validate = await run(["validate", path])
        #expect(validate.status == .failure)
        #expect(validate.standardError == "\(path): rejected as a whole (too large)\n")
        #expect(validate.standardOutput.contains("error: the feed is \(2 << 30) bytes; at most \(Self.limit) are read"))

        let simulate = await run(["simulate", path, "--at", "2026-01-01T00:00:00Z"])
        #expect(simulate.status == .failure)
        #expect(simulate.standardError.contains("the feed cannot be used: the feed is \(2 << 30) bytes"))
    }

    @Test("an endless device is refused after the limit, exit 1")
    func endlessDevice() async throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/zero"))
        let result = await run(["validate", "/dev/zero"])
        #expect(result.status == .failure)
        #expect(result.standardOutput.contains("error: the feed is more than \(Self.limit) bytes"))
    }

    @Test("a file that cannot be read stays a usage error, exit 2")
    func unreadable() async {
        let result = await run(["validate", "Tests"])
        #expect(result.status == .usage)
        #expect(result.standardError.contains("it is a directory"))
    }

    @Test(
        "the executable refuses 1 GiB on stdin after reading the limit plus one byte",
        .enabled(if: TestDependencies.python != nil, "python3 is not installed"))
    func gigabyteOnStandardInput() async throws {
        let announce = try #require(Fixtures.announceExecutable, "the announce executable was not built")
        let python = try #require(TestDependencies.python)
        let counter = FileManager.default.temporaryDirectory.appendingPathComponent("written-\(UUID().uuidString)")
        // Writes up to 1 GiB in 1 MiB chunks and records how much the reader took before it closed
        // the pipe: what announce read, plus at most the pipe's buffer and one chunk.
        let writer = """
            import sys
            chunk = b"\\0" * (1 << 20)
            written = 0
            try:
                while written < (1 << 30):
                    sys.stdout.buffer.write(chunk)
                    sys.stdout.buffer.flush()
                    written += len(chunk)
            except BrokenPipeError:
                pass
            open(sys.argv[1], "w").write(str(written))
            """
        let script = "'\(python.path)' -c \"$WRITER\" '\(counter.path)' 2>/dev/null | '\(announce.path)' validate -"
        let result = try await Fixtures.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script],
            environment: ProcessInfo.processInfo.environment.merging(["WRITER": writer]) { $1 })
        #expect(result.status == 1)
        #expect(result.standardError == "<stdin>: rejected as a whole (too large)\n")
        #expect(result.standardOutput.contains("standard input holds more than \(Self.limit) bytes"))
        let written = try #require(Int(try String(contentsOf: counter, encoding: .utf8)))
        print("1 GiB on stdin: the writer got \(written) bytes in before announce closed the pipe")
        #expect(written < Self.limit + 4 * (1 << 20))
    }
}

/// A one-item feed.
private enum RemoteFeedJSON {
    static let feed = Data(#"{"schemaVersion": 1, "announcements": [{"id": "a", "title": "A", "message": "m"}]}"#.utf8)
}
