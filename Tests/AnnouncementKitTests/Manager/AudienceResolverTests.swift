import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@MainActor
@Suite("Target audiences: segments, the audience resolver and the scheduler's zone")
struct AudienceResolverTests {
    static let start = Date(timeIntervalSince1970: 1_796_385_600)
    static let feed = [
        Announcement(id: "pro", title: "Pro", message: "m", priority: 4, targetAudience: .proUsers),
        Announcement(id: "beta", title: "Beta", message: "m", priority: 3, targetAudience: "beta-testers"),
        Announcement(id: "free", title: "Free", message: "m", priority: 2, targetAudience: .freeUsers),
        Announcement(id: "all", title: "All", message: "m", priority: 1),
    ]

    func load(_ manager: AnnouncementManager) async {
        await manager.loadAnnouncements()
        manager.stop()
    }

    func manager(resolver: AudienceResolver?, segments: Set<String> = []) -> AnnouncementManager {
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: Self.feed, source: .cache),
            next: FetchResult(announcements: Self.feed, source: .network))
        let context = AnnouncementContext(segments: segments)
        if let resolver {
            return AnnouncementManager(
                provider: provider, dismissalStore: InMemoryDismissalStore(), audienceResolver: resolver,
                context: context, timeSource: ManualTimeSource(now: Self.start))
        }
        return AnnouncementManager(
            provider: provider, dismissalStore: InMemoryDismissalStore(), context: context,
            timeSource: ManualTimeSource(now: Self.start))
    }

    @Test("the template's names are ordinary segments: without a resolver only all and the context's segments match")
    func segmentsOnly() async {
        let plain = manager(resolver: nil)
        await load(plain)
        #expect(plain.activeAnnouncement?.id == "all")
        let beta = manager(resolver: nil, segments: ["beta-testers"])
        await load(beta)
        #expect(beta.activeAnnouncement?.id == "beta")
        guard case .excluded(let reason, let detail) = beta.explain(id: "pro").status else {
            Issue.record("pro is not excluded")
            return
        }
        #expect(reason == .audienceMismatch)
        #expect(detail.contains("proUsers"))
    }

    @Test("a resolver adds the audiences it accepts; the context's segments still count")
    func resolverAccepts() async {
        let asked = LockedList()
        let resolver = AudienceResolver { audience in
            asked.append(audience.rawValue)
            return audience == .freeUsers
        }
        #expect(resolver.matches(.all))
        #expect(resolver.matches(.freeUsers) && !resolver.matches(.proUsers))
        asked.removeAll()
        let free = manager(resolver: resolver)
        await load(free)
        #expect(free.activeAnnouncement?.id == "free")
        #expect(Set(asked.values) == ["proUsers", "beta-testers", "freeUsers"], "never asked about all")
        #expect(asked.values.count % 3 == 0 && !asked.values.isEmpty, "each audience asked once per load")
        let both = manager(resolver: resolver, segments: ["beta-testers"])
        await load(both)
        #expect(both.activeAnnouncement?.id == "beta")
        #expect(both.queue.map(\.id) == ["free", "all"])
    }

    @Test("the designated initializer takes a resolver through the configuration, with any state store")
    func resolverThroughConfiguration() async {
        let resolver = AudienceResolver { $0 == .proUsers }
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: Self.feed, source: .cache),
            next: FetchResult(announcements: Self.feed, source: .network))
        let store = InMemoryAnnouncementStateStore()
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(), store: store,
            timeSource: ManualTimeSource(now: Self.start), configuration: .init(audienceResolver: resolver))
        await load(manager)
        #expect(manager.activeAnnouncement?.id == "pro")
        #expect(manager.queue.map(\.id) == ["all"])
        manager.dismiss(manager.activeAnnouncement!)
        #expect(manager.activeAnnouncement?.id == "all")
        #expect(store.load().state.dismissals.keys.contains("pro"), "the given store keeps the dismissal")
        let template = AnnouncementManager(
            provider: provider, dismissalStore: InMemoryDismissalStore(), audienceResolver: resolver,
            configuration: .init(audienceResolver: AudienceResolver { $0 == .freeUsers }))
        #expect(template.configuration.audienceResolver.matches(.proUsers), "the template's argument wins")
        #expect(!template.configuration.audienceResolver.matches(.freeUsers))
    }

    @Test("the default resolver accepts only all")
    func defaultResolver() {
        #expect(AudienceResolver().matches(.all))
        #expect(!AudienceResolver().matches(.freeUsers))
        #expect(!AudienceResolver().matches("anything"))
    }

    @Test("an audience is a segment name: literals, the template's names, raw values and JSON")
    func audienceValues() throws {
        #expect(Announcement.Audience.freeUsers.rawValue == "freeUsers")
        #expect(Announcement.Audience(rawValue: "newUsers") == .newUsers)
        #expect(Announcement.Audience(rawValue: "") == nil)
        let decoded = try JSONDecoder().decode([Announcement.Audience].self, from: Data(#"["all","vip"]"#.utf8))
        #expect(decoded == [.all, "vip"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Announcement.Audience].self, from: Data(#"[""]"#.utf8))
        }
        #expect(
            String(decoding: try JSONEncoder().encode(Announcement.Audience.proUsers), as: UTF8.self) == #""proUsers""#)
    }

    @Test("a scheduler passed to the template's initializer sets the zone of local schedules")
    func schedulerZone() async throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        // 09:00-10:00 local, every day: 2026-12-04T00:00Z is 09:00 in Tokyo and 01:00 in Berlin.
        var timed = Announcement(id: "timed", title: "t", message: "m")
        timed.schedule = Announcement.Schedule(
            timeZone: "local", startTime: TimeOfDay("09:00"), endTime: TimeOfDay("10:00"))
        let now = Date(timeIntervalSince1970: 1_796_342_400)
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: [timed], source: .cache),
            next: FetchResult(announcements: [timed], source: .network))
        let manager = AnnouncementManager(
            provider: provider, dismissalStore: InMemoryDismissalStore(),
            scheduler: AnnouncementScheduler(localTimeZone: tokyo), context: AnnouncementContext(),
            timeSource: ManualTimeSource(now: now),
            configuration: .init(localTimeZone: try #require(TimeZone(identifier: "Europe/Berlin"))))
        #expect(manager.configuration.localTimeZone == tokyo)
        await load(manager)
        #expect(manager.activeAnnouncement?.id == "timed")
    }
}

/// A list appended to from the resolver's `@Sendable` closure.
final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ item: String) { lock.withLock { items.append(item) } }
    func removeAll() { lock.withLock { items.removeAll() } }
    var values: [String] { lock.withLock { items } }
}
