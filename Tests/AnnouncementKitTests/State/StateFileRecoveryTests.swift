import AnnouncementKit
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file store and a state file that is too large, damaged or not a file: it is never read past the
/// cap, it is moved aside rather than lost, and the dismissals it holds before the problem are kept.
@Suite("State file recovery", .serialized)
struct StateFileRecoveryTests {
    private let date = try! Timestamp.parse("2026-12-04T08:00:00Z")

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("state-recovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func stateFile(in directory: URL) -> URL {
        directory.appendingPathComponent(AnnouncementStateFile.fileName)
    }

    private func files(in directory: URL, prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(prefix) }
    }

    private func size(of url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
    }

    /// A state file in the shape 0.1 wrote it (pretty, keys sorted: dismissals, formatVersion,
    /// impressions, installationId, lastSeen), with `lastSeenCount` last-seen dates making it large.
    private func olderVersionFile(dismissals: Int, lastSeenCount: Int) -> [UInt8] {
        var text = Array("{\n  \"dismissals\" : {\n".utf8)
        for index in 0..<dismissals {
            text += Array(
                "    \"dismissed-\(index)\" : {\n      \"at\" : \"2026-11-0\(index % 9 + 1)T10:00:00Z\",\n".utf8)
            text += Array("      \"revision\" : \(index % 3)\n    }\(index == dismissals - 1 ? "" : ",")\n".utf8)
        }
        text += Array("  },\n  \"formatVersion\" : 1,\n  \"impressions\" : {\n".utf8)
        text += Array(
            "    \"shown\" : {\n      \"count\" : 3,\n      \"last\" : \"2026-11-30T10:00:00Z\"\n    }\n".utf8)
        text += Array("  },\n  \"installationId\" : \"install-7\",\n  \"lastSeen\" : {\n".utf8)
        let entry = Array("    \"promo-0000000-00000000\" : \"2026-12-01T00:00:00Z\",\n".utf8)
        let digits = Array("0123456789".utf8)
        text.reserveCapacity(text.count + lastSeenCount * entry.count + 64)
        for index in 0..<lastSeenCount {
            var line = entry
            var value = index
            for position in stride(from: 17, through: 11, by: -1) {
                line[position] = digits[value % 10]
                value /= 10
            }
            if index == lastSeenCount - 1 { line.remove(at: line.count - 2) }
            text += line
        }
        text += Array("  }\n}".utf8)
        return text
    }

    @Test("a sparse 4 GiB state file is moved aside unread and a fresh state starts")
    func sparseHugeFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = stateFile(in: directory)
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 4 << 30)
        try handle.close()

        let store = FileAnnouncementStateStore(directory: directory)
        let load = store.load()
        let notice = try #require(load.notice)
        #expect(notice.contains("over the limit of \(AnnouncementStateFile.maximumBytes) bytes"))
        #expect(notice.contains("moved to state.oversized-"))
        #expect(notice.contains("a fresh state was started"))
        #expect(load.state.dismissals.isEmpty && load.state.installationID != nil)
        let aside = try #require(try files(in: directory, prefix: "state.oversized-").first)
        #expect(try size(of: directory.appendingPathComponent(aside)) == 4 << 30, "moved, not copied or cut")
        #expect(try size(of: file) <= AnnouncementStateFile.maximumBytes)
        #expect(store.load().notice == nil, "the new file reads")
    }

    @Test("a 50 MB file of an older version keeps its installation id, dismissals and impressions")
    func largeOlderVersionFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = stateFile(in: directory)
        let bytes = olderVersionFile(dismissals: 50, lastSeenCount: 920_000)
        #expect(bytes.count > 50_000_000)
        try Data(bytes).write(to: file)

        let store = FileAnnouncementStateStore(directory: directory)
        let load = store.load()
        let notice = try #require(load.notice)
        #expect(notice.contains("is \(bytes.count) bytes, over the limit"))
        #expect(notice.contains("the installation id, 50 dismissals and 1 impression records read before the problem"))
        #expect(load.state.installationID == "install-7")
        #expect(load.state.dismissals.count == 50)
        #expect(
            load.state.dismissals["dismissed-4"]
                == .init(revision: 1, date: try Timestamp.parse("2026-11-05T10:00:00Z")))
        #expect(load.state.impressions["shown"]?.count == 3)
        // The last-seen dates of ids with no record are not kept.
        #expect(load.state.lastSeen.isEmpty)
        #expect(try size(of: file) < 10_000)
        let aside = try #require(try files(in: directory, prefix: "state.oversized-").first)
        #expect(try size(of: directory.appendingPathComponent(aside)) == bytes.count)

        // The first prune gives every record its last-seen date.
        let pruned = try store.update { $0.prune(keeping: ["dismissed-1"], at: date) }
        #expect(pruned.lastSeen.count == 51)
    }

    @Test("a file of exactly the cap reads as usual; one byte more and it is set aside, its records kept")
    func byteCapEdge() throws {
        var state = AnnouncementState(installationID: "install-1")
        state.recordDismissal(of: Announcement(id: "kept", title: "t", message: "m"), at: date)
        let document = [UInt8](AnnouncementStateFile.encode(state))
        for extra in [0, 1] {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            // Whitespace after the document is valid JSON: pad it to the cap, then one byte past it.
            let padding = AnnouncementStateFile.maximumBytes - document.count + extra
            try Data(document + [UInt8](repeating: UInt8(ascii: " "), count: padding))
                .write(to: stateFile(in: directory))
            let load = FileAnnouncementStateStore(directory: directory).load()
            #expect(load.state.dismissals["kept"] != nil && load.state.installationID == "install-1")
            if extra == 0 {
                #expect(load.notice == nil)
            } else {
                #expect(load.notice?.contains("is \(AnnouncementStateFile.maximumBytes + 1) bytes") == true)
                #expect(try files(in: directory, prefix: "state.oversized-").count == 1)
            }
        }
    }

    @Test("a state file damaged in its middle keeps the dismissals before the damage")
    func damagedInTheMiddle() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var state = AnnouncementState(installationID: "install-1")
        for (index, id) in ["newest", "middle", "oldest"].enumerated() {
            state.recordDismissal(
                of: Announcement(id: id, title: "t", message: "m"), at: date.addingTimeInterval(-Double(index)))
        }
        var bytes = [UInt8](AnnouncementStateFile.encode(state))
        // Damage the third dismissal (the oldest is written last).
        let key = Array("\"oldest\"".utf8)
        let offset = try #require(
            bytes.indices.first { bytes[$0...].starts(with: key) }, "the file holds the oldest dismissal")
        bytes[offset + 10] = 0xFF
        try Data(bytes).write(to: stateFile(in: directory))

        let load = FileAnnouncementStateStore(directory: directory).load()
        let notice = try #require(load.notice)
        #expect(notice.contains("is not UTF-8") && notice.contains("moved to state.corrupt-"))
        #expect(notice.contains("the installation id, 2 dismissals"))
        #expect(Set(load.state.dismissals.keys) == ["newest", "middle"])
        #expect(load.state.installationID == "install-1")
        let aside = try #require(try files(in: directory, prefix: "state.corrupt-").first)
        #expect(try Data(contentsOf: directory.appendingPathComponent(aside)) == Data(bytes))
    }

    @Test("a file of a newer format version keeps nothing (it would be misread) and is moved aside")
    func newerFormat() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = """
            {"dismissals": {"a": {"revision": 0, "at": "2026-12-04T08:00:00Z"}}, "formatVersion": 2}
            """
        try Data(text.utf8).write(to: stateFile(in: directory))
        let load = FileAnnouncementStateStore(directory: directory).load()
        #expect(load.notice?.contains("format version 2 is not supported") == true)
        #expect(load.state.dismissals.isEmpty)
        #expect(try files(in: directory, prefix: "state.corrupt-").count == 1)
    }

    @Test("a FIFO or a directory in place of the state file is set aside without waiting on it")
    func notARegularFile() throws {
        for makeFIFO in [true, false] {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = stateFile(in: directory)
            if makeFIFO {
                #expect(mkfifo(file.path, 0o644) == 0)
            } else {
                try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            }
            let store = FileAnnouncementStateStore(directory: directory)
            let load = store.load()
            #expect(load.notice?.contains("it is not a regular file") == true)
            #expect(load.state.installationID != nil)
            #expect(try files(in: directory, prefix: "state.corrupt-").count == 1)
            #expect(store.load().notice == nil)
        }
    }

    @Test("two files set aside in the same instant do not overwrite each other")
    func setAsideNamesAreUnique() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileAnnouncementStateStore(directory: directory)
        for round in 0..<3 {
            try Data("{broken \(round)".utf8).write(to: stateFile(in: directory))
            #expect(store.load().notice != nil)
        }
        let aside = try files(in: directory, prefix: "state.corrupt-")
        #expect(aside.count == 3)
        let contents = try Set(aside.map { try Data(contentsOf: directory.appendingPathComponent($0)) })
        #expect(contents == Set((0..<3).map { Data("{broken \($0)".utf8) }))
    }

    @Test("100 refreshes of a 10,000-item feed with fresh ids each: the file stays small and keeps every dismissal")
    func hundredRefreshesThroughTheStore() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileAnnouncementStateStore(directory: directory)
        let lasting = ["welcome", "maintenance", "dark-mode"]
        var now = date
        var dismissed: [String] = []
        var largest = 0
        for refresh in 0..<100 {
            let fresh = (0..<(FeedLimits.maximumAnnouncements - lasting.count)).map { "promo-\(refresh)-\($0)" }
            let feed = lasting + fresh
            // The user dismisses three of each feed's items and sees two; the lasting ones once.
            try store.update { state in
                for id in fresh.prefix(3) {
                    state.recordDismissal(of: Announcement(id: id, title: "t", message: "m"), at: now)
                }
                for id in fresh.suffix(2) { state.recordImpression(of: id, at: now) }
                if refresh < lasting.count {
                    state.recordDismissal(of: Announcement(id: lasting[refresh], title: "t", message: "m"), at: now)
                }
                state.prune(keeping: feed, at: now)
            }
            dismissed += fresh.prefix(3)
            largest = max(largest, try size(of: stateFile(in: directory)))
            now += 900
        }
        let state = try AnnouncementStateFile.read(contentsOf: stateFile(in: directory))
        #expect(lasting.allSatisfy { state.dismissals[$0] != nil })
        #expect(dismissed.allSatisfy { state.dismissals[$0] != nil }, "gone from the feed, but not for a year")
        #expect(state.impressions.count == 200)
        #expect(state.lastSeen.count == 503, "only ids with a record")
        #expect(largest < 100_000, "the largest file was \(largest) bytes")
        #expect(try files(in: directory, prefix: "state.").allSatisfy { $0 == "state.json" || $0 == "state.lock" })
    }

    @Test("announce simulate's read refuses a file over the cap without reading or moving it")
    func strictReadRefusesOversized() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = stateFile(in: directory)
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let error = #expect(throws: AnnouncementStateFile.ReadError.self) {
            _ = try AnnouncementStateFile.read(contentsOf: file)
        }
        #expect(error?.message.contains("is 1073741824 bytes, over the limit") == true)
        #expect(try size(of: file) == 1 << 30)
        #expect(try files(in: directory, prefix: "state.") == ["state.json"])
    }
}
