// What the template's comments and the generator's "Gotchas" promise, checked against the package
// with the template's API (and a manual clock where time matters).
import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// A provider that answers once and then fails, as a server that goes away does.
final class FlakyProvider: AnnouncementProviding, @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    let announcements: [Announcement]

    init(_ announcements: [Announcement]) { self.announcements = announcements }

    func fetchAnnouncements() async throws -> [Announcement] {
        let call = lock.withLock {
            calls += 1
            return calls
        }
        if call > 1 { throw AnnouncementError.fetchFailed }
        return announcements
    }
}

@Suite("What the template promises")
struct TemplatePromisesTests {
    static let inWindow = GeneratorExampleInputs.maintenanceStart.addingTimeInterval(600)

    func manager(
        _ provider: any AnnouncementProviding, at now: Date,
        dismissals: any DismissalStoring = InMemoryDismissalStore(),
        audienceResolver: AudienceResolver = AudienceResolver()
    )
        -> AnnouncementManager
    {
        AnnouncementManager(
            provider: provider, dismissalStore: dismissals, audienceResolver: audienceResolver,
            context: AnnouncementContext(), timeSource: ManualTimeSource(now: now))
    }

    @Test("one banner at a time by priority; the next shows after a dismissal; a non-dismissible one stays")
    func oneAtATime() async throws {
        let provider = LocalAnnouncementProvider(
            announcements: try await generatorLocalProvider().fetchAnnouncements() + [generatorMaintenanceBanner()])
        let manager = manager(provider, at: Self.inWindow)
        await manager.loadAnnouncements()
        manager.stop()
        // Priority 100 (not dismissible), then 10, then 5.
        let first = try #require(manager.activeAnnouncement)
        #expect(first.id == "maintenance-2026-12-05")
        #expect(manager.queue.map(\.id) == ["maintenance-2024", "new-feature-photos"])
        #expect(!manager.dismiss(first), "Can't dismiss maintenance warnings")
        #expect(manager.activeAnnouncement?.id == first.id)
    }

    @Test("tapping the action of a dismissible banner dismisses it; of a non-dismissible one, not")
    func actionDismisses() async throws {
        let feature = generatorFeatureBanner()
        let maintenance = generatorMaintenanceBanner()
        // An app that allows only its own scheme: a deep link in another is refused and dismisses nothing.
        let strict = AnnouncementManager(
            provider: LocalAnnouncementProvider(announcements: [feature]), dismissalStore: InMemoryDismissalStore(),
            context: AnnouncementContext(), timeSource: ManualTimeSource(now: Self.inWindow),
            configuration: .init(actionPolicy: ActionPolicy(allowedDeepLinkSchemes: ["myapp"])))
        await strict.loadAnnouncements()
        strict.stop()
        guard case .none = strict.perform(feature) else {
            Issue.record("a deep link in a scheme the app has not allowed was routed")
            return
        }
        #expect(!strict.isDismissed(feature))
        let open = AnnouncementManager(
            provider: LocalAnnouncementProvider(announcements: [feature, maintenance]),
            dismissalStore: InMemoryDismissalStore(), context: AnnouncementContext(),
            timeSource: ManualTimeSource(now: Self.inWindow),
            configuration: .init(actionPolicy: ActionPolicy(allowedDeepLinkSchemes: ["app"])))
        await open.loadAnnouncements()
        open.stop()
        #expect(open.perform(feature) == .openDeepLink(URL(string: "app://settings/appearance")!))
        #expect(open.isDismissed(feature))
        #expect(open.perform(maintenance) == .openURL(URL(string: "https://status.example.com")!))
        #expect(!open.isDismissed(maintenance))
        #expect(open.activeAnnouncement?.id == maintenance.id)
    }

    @Test("dismissals persist across launches in UserDefaults under the template's key")
    func dismissalsPersist() async throws {
        let suite = "SeedExamplesTests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let feature = generatorFeatureBanner()
        let first = manager(
            LocalAnnouncementProvider(announcements: [feature]), at: Self.inWindow,
            dismissals: UserDefaultsDismissalStore(defaults: defaults))
        await first.loadAnnouncements()
        first.stop()
        first.dismiss(feature)
        #expect(defaults.stringArray(forKey: "dismissed_announcement_ids") == ["feature-v2.5-darkmode"])
        let relaunched = manager(
            LocalAnnouncementProvider(announcements: [feature]), at: Self.inWindow,
            dismissals: UserDefaultsDismissalStore(defaults: defaults))
        await relaunched.loadAnnouncements()
        relaunched.stop()
        #expect(relaunched.activeAnnouncement == nil)
        #expect(relaunched.isDismissed(feature))
    }

    @Test("a failed load keeps what was loaded: the banner is non-critical UI")
    func failureKeepsAnnouncements() async throws {
        let manager = manager(FlakyProvider([generatorFeatureBanner()]), at: Self.inWindow)
        await manager.loadAnnouncements()
        await manager.refresh()
        manager.stop()
        #expect(manager.allAnnouncements.map(\.id) == ["feature-v2.5-darkmode"])
        #expect(manager.activeAnnouncement?.id == "feature-v2.5-darkmode")
        let failing = self.manager(MockAnnouncementProvider(announcements: [], shouldFail: true), at: Self.inWindow)
        await failing.loadAnnouncements()
        failing.stop()
        #expect(failing.allAnnouncements.isEmpty && failing.activeAnnouncement == nil)
    }

    @Test("the combined provider goes on past a failing provider and keeps the first of each id")
    func combined() async throws {
        let remote = Announcement(id: "shared", title: "Remote", message: "m")
        let local = Announcement(id: "shared", title: "Local", message: "m")
        let provider = CombinedAnnouncementProvider(providers: [
            MockAnnouncementProvider(announcements: [], shouldFail: true),
            MockAnnouncementProvider(announcements: [remote]),
            LocalAnnouncementProvider(announcements: [local, generatorFeatureBanner()]),
        ])
        let merged = try await provider.fetchAnnouncements()
        #expect(merged.map(\.id) == ["shared", "feature-v2.5-darkmode"])
        #expect(merged.first?.title == "Remote")
        let allFail = CombinedAnnouncementProvider(providers: [
            MockAnnouncementProvider(announcements: [], shouldFail: true)
        ])
        #expect(try await allFail.fetchAnnouncements().isEmpty, "every provider failed: no announcements, no error")
    }

    @Test("a promotion for free users shows only to them: a segment or the audience resolver says who they are")
    func audience() async throws {
        let promo = generatorPromotion()
        let during = GeneratorExampleInputs.promoStart.addingTimeInterval(86_400)
        let everyone = manager(LocalAnnouncementProvider(announcements: [promo]), at: during)
        await everyone.loadAnnouncements()
        everyone.stop()
        #expect(everyone.activeAnnouncement == nil)
        let free = manager(
            LocalAnnouncementProvider(announcements: [promo]), at: during,
            audienceResolver: AudienceResolver { $0 == .freeUsers })
        await free.loadAnnouncements()
        free.stop()
        #expect(free.activeAnnouncement?.id == "promo-summer-2024")
    }

    @Test("the scheduler: no dates always active, [start, end], the next activation and expiration")
    func scheduler() {
        let scheduler = AnnouncementScheduler()
        let promo = generatorPromotion()
        let start = GeneratorExampleInputs.promoStart
        let end = GeneratorExampleInputs.promoEnd
        #expect(templateSchedulerUsage(generatorFeatureBanner()))
        #expect(!scheduler.isActive(promo, at: start.addingTimeInterval(-1)))
        #expect(scheduler.isActive(promo, at: start))
        #expect(!scheduler.isActive(promo, at: end.addingTimeInterval(1)))
        let all = [promo, generatorFeatureBanner()]
        #expect(
            scheduler.activeAnnouncements(from: all, at: start.addingTimeInterval(-1)).map(\.id) == [
                "feature-v2.5-darkmode"
            ])
        let next = scheduler.nextActivation(from: all, after: start.addingTimeInterval(-60))
        #expect(next?.announcement.id == "promo-summer-2024" && next?.activationDate == start)
        #expect(scheduler.nextExpiration(from: all, after: start) == end)
    }
}
