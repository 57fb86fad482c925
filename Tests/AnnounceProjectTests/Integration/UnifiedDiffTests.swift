import Foundation
import Testing

@testable import AnnounceProject

@Suite struct UnifiedDiffTests {
    @Test func oneInsertionWithThreeLinesOfContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var lines = (1...10).map { "line \($0)" }
        lines.insert("new", at: 5)
        let new = lines.joined(separator: "\n") + "\n"
        #expect(
            UnifiedDiff.diff(old: old, new: new, path: "App/App.swift") == """
                --- a/App/App.swift
                +++ b/App/App.swift
                @@ -3,6 +3,7 @@
                 line 3
                 line 4
                 line 5
                +new
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test func aNewFileAndNoChange() {
        #expect(UnifiedDiff.diff(old: "same\n", new: "same\n", path: "a") == "")
        #expect(
            UnifiedDiff.diff(old: nil, new: "a\nb\n", path: "Feed/announcements.json")
                == "--- /dev/null\n+++ b/Feed/announcements.json\n@@ -0,0 +1,2 @@\n+a\n+b\n")
    }

    @Test func aMissingFinalNewlineIsMarked() {
        #expect(
            UnifiedDiff.diff(old: "a\nb", new: "a\nc", path: "f")
                == "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"
        )
    }

    /// Random edits of random texts: `git apply` turns the old text into the new one with the diff.
    @Test(arguments: 0..<40) func gitAppliesTheDiff(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) + 1)
        let old = (0..<Int(random.next() % 60)).map { _ in "l\(random.next() % 8)" }
        var new = old
        for _ in 0..<Int(random.next() % 8) {
            let choice = random.next() % 3
            let position = new.isEmpty ? 0 : Int(random.next() % UInt64(new.count))
            if choice == 0 || new.isEmpty {
                new.insert("n\(random.next() % 5)", at: position)
            } else if choice == 1 {
                new.remove(at: position)
            } else {
                new[position] = "c\(random.next() % 5)"
            }
        }
        let oldText = old.map { $0 + "\n" }.joined()
        let newText = new.map { $0 + "\n" }.joined()
        let diff = UnifiedDiff.diff(old: oldText, new: newText, path: "file.txt")
        if oldText == newText {
            #expect(diff.isEmpty)
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try oldText.write(to: folder.appendingPathComponent("file.txt"), atomically: true, encoding: .utf8)
        try diff.write(to: folder.appendingPathComponent("change.diff"), atomically: true, encoding: .utf8)
        let output = try BoundedProcess.run(
            "git", ["apply", "change.diff"], in: folder, environment: ProcessInfo.processInfo.environment,
            timeLimit: 120, outputCap: 1 << 16)
        #expect(output.status == 0, "\(String(decoding: output.standardError, as: UTF8.self))\n\(diff)")
        #expect(try String(contentsOf: folder.appendingPathComponent("file.txt"), encoding: .utf8) == newText)
    }

    @Test func aLargeRewriteStaysCorrect() {
        let old = (0..<3000).map { "a\($0)\n" }.joined()
        let new = (0..<3000).map { "b\($0)\n" }.joined()
        let diff = UnifiedDiff.diff(old: old, new: new, path: "f")
        #expect(diff.hasPrefix("--- a/f\n+++ b/f\n@@ -1,3000 +1,3000 @@\n-a0\n"))
        #expect(diff.components(separatedBy: "\n").count == 3 + 6000 + 1)
    }
}

/// SplitMix64, for repeatable random cases.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
