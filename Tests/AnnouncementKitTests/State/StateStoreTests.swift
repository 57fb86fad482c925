import AnnouncementKit
import Foundation
import Testing

@Suite("State stores")
struct StateStoreTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private let date = try! Timestamp.parse("2026-12-04T08:00:00Z")
    private let announcement = Announcement(id: "maintenance", title: "t", message: "m")

    @Test("the file store creates a fresh state with an installation id, and keeps it")
    func fresh() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = FileAnnouncementStateStore(directory: directory.appendingPathComponent("nested")).load()
        #expect(first.notice == nil)
        let id = try #require(first.state.installationID)
        let again = FileAnnouncementStateStore(directory: directory.appendingPathComponent("nested")).load()
        #expect(again.state.installationID == id)
    }

    @Test("a dismissal is on disk when update returns, and survives a new store (a relaunch)")
    func durability() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileAnnouncementStateStore(directory: directory)
        try store.update { $0.recordDismissal(of: announcement, at: date) }
        let onDisk = try AnnouncementStateFile.decode(Data(contentsOf: directory.appendingPathComponent("state.json")))
        #expect(onDisk.dismissals["maintenance"] == .init(revision: 0, date: date))
        let relaunched = FileAnnouncementStateStore(directory: directory).load().state
        #expect(relaunched.dismissals == onDisk.dismissals)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test(
        "a corrupt state file is moved aside, not deleted, and a fresh state starts with a notice",
        arguments: ["", "{", "[]", "{\"formatVersion\": 9}", "\u{FF}\u{FE}"])
    func corrupt(content: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(content.utf8).write(to: directory.appendingPathComponent("state.json"))
        let store = FileAnnouncementStateStore(directory: directory)
        let load = store.load()
        let notice = try #require(load.notice)
        #expect(notice.contains("moved to state.corrupt-"))
        #expect(load.state.dismissals.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let aside = try #require(files.first { $0.hasPrefix("state.corrupt-") })
        #expect(try Data(contentsOf: directory.appendingPathComponent(aside)) == Data(content.utf8))
        #expect(store.load().notice == nil, "the fresh file is readable")
    }

    @Test("concurrent updates from two stores on the same directory lose nothing (flock)")
    func concurrency() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = [
            FileAnnouncementStateStore(directory: directory), FileAnnouncementStateStore(directory: directory),
        ]
        let date = self.date
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                let store = stores[index % 2]
                group.addTask {
                    for _ in 0..<25 { _ = try? store.update { $0.recordImpression(of: "a", at: date) } }
                }
            }
        }
        #expect(stores[0].load().state.impressions["a"]?.count == 200)
    }

    @Test("the UserDefaults store round-trips and copies an unreadable value aside")
    func userDefaults() throws {
        let suite = "AnnouncementKitTests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsAnnouncementStateStore(defaults: defaults, key: "state")
        try store.update { $0.recordDismissal(of: announcement, at: date) }
        #expect(UserDefaultsAnnouncementStateStore(defaults: defaults, key: "state").load().state.dismissals.count == 1)
        defaults.set(Data("garbage".utf8), forKey: "state")
        let load = store.load()
        #expect(load.notice?.contains("copied to state.corrupt") == true)
        #expect(defaults.data(forKey: "state.corrupt") == Data("garbage".utf8))
        #expect(load.state.dismissals.isEmpty)
    }

    @Test("the in-memory store applies updates")
    func inMemory() throws {
        let store = InMemoryAnnouncementStateStore()
        let state = try store.update { $0.recordImpression(of: "x", at: date) }
        #expect(state.impressions["x"]?.count == 1)
        #expect(store.load().state == state)
    }

    @Test("a change made to the file behind the store's back is seen by its next update")
    func changeBehindTheStoresBack() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileAnnouncementStateStore(directory: directory)
        try store.update { $0.recordDismissal(of: announcement, at: date) }
        // Another store (another process) replaces the file; then an edit rewrites it in place.
        try FileAnnouncementStateStore(directory: directory).update { $0.recordImpression(of: "other", at: date) }
        #expect(try store.update { _ in }.impressions["other"]?.count == 1)
        let file = directory.appendingPathComponent("state.json")
        let edited = """
            {"formatVersion": 1, "installationId": "edited",
             "dismissals": {"edited-in-place": {"revision": 0, "at": "2026-12-04T08:00:00Z"}}}
            """
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(edited.utf8))
        try handle.close()
        let state = try store.update { _ in }
        #expect(state.installationID == "edited")
        #expect(Set(state.dismissals.keys) == ["edited-in-place"])
    }
}
