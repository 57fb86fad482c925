import AnnouncementKit
import Foundation
import Testing

@Suite("The dismissal stores keep dismissed ids")
struct DismissalStoreTests {
    /// The simple store's promises: unknown ids are not dismissed, marked ones are, clearAll forgets all.
    func checkBasics(_ store: any DismissalStoring) {
        #expect(!store.isDismissed(id: "a"))
        store.markDismissed(id: "a")
        store.markDismissed(id: "a")
        store.markDismissed(id: "b")
        #expect(store.isDismissed(id: "a"))
        #expect(store.isDismissed(id: "b"))
        #expect(!store.isDismissed(id: "c"))
        store.clearAll()
        #expect(!store.isDismissed(id: "a"))
        #expect(!store.isDismissed(id: "b"))
    }

    func withDefaults(_ body: (UserDefaults) throws -> Void) throws {
        let suite = "AnnouncementKitTests.dismissals.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        try body(defaults)
    }

    @Test("in memory")
    func inMemory() {
        checkBasics(InMemoryDismissalStore())
        let store = InMemoryDismissalStore()
        store.markDismissed(id: "x")
        #expect(store.dismissedIDs() == ["x"])
    }

    @Test("in UserDefaults")
    func userDefaults() throws {
        try withDefaults { defaults in
            checkBasics(UserDefaultsDismissalStore(defaults: defaults))
            #expect(defaults.object(forKey: "dismissed_announcement_ids") == nil, "clearAll removes the key")
        }
    }

    @Test("UserDefaults: ids written under dismissed_announcement_ids as a string array are read, and marks land there")
    func userDefaultsKeyCompatibility() throws {
        try withDefaults { defaults in
            // What an app's own copy of the template wrote: `defaults.set(Array(ids), forKey: key)`.
            defaults.set(Array(Set(["old-1", "old-2"])), forKey: "dismissed_announcement_ids")
            let store = UserDefaultsDismissalStore(defaults: defaults)
            #expect(store.isDismissed(id: "old-1"))
            #expect(store.isDismissed(id: "old-2"))
            store.markDismissed(id: "new")
            let stored = Set(defaults.stringArray(forKey: "dismissed_announcement_ids") ?? [])
            #expect(stored == ["old-1", "old-2", "new"])
            #expect(UserDefaultsDismissalStore(defaults: defaults).dismissedIDs() == stored, "a relaunch reads them")
        }
    }

    @Test("marks from many threads are all kept", arguments: [true, false])
    func concurrentMarks(inUserDefaults: Bool) throws {
        try withDefaults { defaults in
            let store: any DismissalListing =
                inUserDefaults ? UserDefaultsDismissalStore(defaults: defaults) : InMemoryDismissalStore()
            DispatchQueue.concurrentPerform(iterations: 200) { store.markDismissed(id: "id-\($0)") }
            #expect(store.dismissedIDs().count == 200)
        }
    }
}
