import AnnouncementKit
import Foundation
import Testing

/// An app that moves from the template to `AnnouncementManager(provider:)` keeps its users' dismissals.
@Suite("The UserDefaults state store takes over the template's dismissals")
struct TemplateDismissalImportTests {
    func withDefaults(_ body: (UserDefaults) throws -> Void) throws {
        let suite = "AnnouncementKitTests.template-import.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        try body(defaults)
    }

    @Test("ids under dismissed_announcement_ids become dismissals of every revision on the first load")
    func firstLoadImports() throws {
        try withDefaults { defaults in
            defaults.set(["maintenance-2024", "promo", ""], forKey: UserDefaultsDismissalStore.key)
            let store = UserDefaultsAnnouncementStateStore(defaults: defaults)
            let state = store.load().state
            #expect(Set(state.dismissals.keys) == ["maintenance-2024", "promo"])
            let promo = Announcement(id: "promo", revision: 7, title: "t", message: "m")
            #expect(state.dismissal(of: promo, at: Date()).isDismissed, "every revision stays dismissed")
            #expect(state.installationID != nil)
            // The state is written at once, so a second store sees the same dismissals.
            // (The state file keeps times to the millisecond.)
            let again = UserDefaultsAnnouncementStateStore(defaults: defaults).load().state
            #expect(Set(again.dismissals.keys) == Set(state.dismissals.keys))
            for (id, record) in state.dismissals {
                #expect(again.dismissals[id]?.revision == record.revision)
                let seconds = again.dismissals[id].map { $0.date.timeIntervalSince(record.date) }
                #expect(seconds.map { abs($0) < 0.001 } == true)
            }
        }
    }

    @Test("only once: a state already stored is not changed by the template's key")
    func onlyOnce() throws {
        try withDefaults { defaults in
            let store = UserDefaultsAnnouncementStateStore(defaults: defaults)
            _ = store.load()
            defaults.set(["late"], forKey: UserDefaultsDismissalStore.key)
            #expect(store.load().state.dismissals.isEmpty)
        }
    }

    @Test("a template key that is not a string array is ignored")
    func wrongType() throws {
        try withDefaults { defaults in
            defaults.set(42, forKey: UserDefaultsDismissalStore.key)
            #expect(UserDefaultsAnnouncementStateStore(defaults: defaults).load().state.dismissals.isEmpty)
        }
    }
}
