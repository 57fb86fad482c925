import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@Suite("Every shipped state store keeps the store's promises")
struct StateStoreConformanceTests {
    @Test("the file store, including a relaunch over the same directory")
    func fileStore() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var generation = 0
        let failures = AnnouncementStateStoreConformance.check(
            makeStore: {
                generation += 1
                return FileAnnouncementStateStore(directory: root.appendingPathComponent("\(generation)"))
            },
            reopen: { FileAnnouncementStateStore(directory: root.appendingPathComponent("\(generation)")) })
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("the UserDefaults store, including a relaunch over the same key")
    func userDefaultsStore() throws {
        let suite = "AnnouncementKitTests.conformance.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        var generation = 0
        let failures = AnnouncementStateStoreConformance.check(
            makeStore: {
                generation += 1
                return UserDefaultsAnnouncementStateStore(defaults: defaults, key: "state-\(generation)")
            },
            reopen: { UserDefaultsAnnouncementStateStore(defaults: defaults, key: "state-\(generation)") })
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("the in-memory store (no relaunch: it keeps nothing between launches)")
    func inMemoryStore() {
        let failures = AnnouncementStateStoreConformance.check(makeStore: { InMemoryAnnouncementStateStore() })
        #expect(failures.isEmpty, "\(failures)")
    }
}
