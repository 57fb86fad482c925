import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

@MainActor
@Suite("AnnouncementManager", .timeLimit(.minutes(1)))
struct AnnouncementManagerTests {
    let start = try! Timestamp.parse("2026-12-04T12:00:00Z")

    func item(_ id: String, priority: Int = 0, _ configure: (inout Announcement) -> Void = { _ in }) -> Announcement {
        var announcement = Announcement(id: id, title: "Title \(id)", message: "m", priority: priority)
        configure(&announcement)
        return announcement
    }

    func makeManager(
        cached: [Announcement]?, network: [Announcement]? = nil, store: InMemoryAnnouncementStateStore = .init(),
        configuration: AnnouncementManager.Configuration = .init(localTimeZone: TimeZone(identifier: "UTC")!)
    ) -> (AnnouncementManager, StubAnnouncementProvider, ManualTimeSource) {
        let provider = StubAnnouncementProvider(
            cached: cached.map { FetchResult(announcements: $0, source: .cache) },
            next: FetchResult(announcements: network ?? cached ?? [], source: .network, status: 200))
        let time = ManualTimeSource(now: start)
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(platform: "iOS", locale: "en"), store: store,
            timeSource: time, configuration: configuration)
        return (manager, provider, time)
    }

    @Test("launch shows the cached announcements at once, before the network answers; the load returns after it")
    func launchDoesNotWait() async throws {
        let (manager, provider, _) = makeManager(cached: [item("cached")], network: [item("fresh")])
        provider.hold()
        let loading = Task { await manager.loadAnnouncements() }
        try await provider.waitForWaitingFetches(1)
        #expect(manager.activeAnnouncement?.id == "cached")
        #expect(manager.lastFetchResult?.source == .cache)
        provider.release()
        await loading.value
        #expect(manager.activeAnnouncement?.id == "fresh")
        #expect(manager.lastFetchResult?.source == .network)
        manager.stop()
    }

    @Test("highest priority is active, the rest queue; dismissal is stored and the next one shows")
    func dismissal() async throws {
        let store = InMemoryAnnouncementStateStore()
        let (manager, _, _) = makeManager(
            cached: [item("low"), item("high", priority: 9), item("mid", priority: 5)], store: store)
        await manager.loadAnnouncements()
        manager.stop()
        let high = try #require(manager.activeAnnouncement)
        #expect(high.id == "high")
        #expect(manager.queue.map(\.id) == ["mid", "low"])
        #expect(manager.dismiss(high))
        #expect(store.load().state.dismissals["high"] != nil, "stored before dismiss returns")
        #expect(manager.activeAnnouncement?.id == "mid")
        #expect(
            manager.explain(id: "high").status
                == .excluded(.dismissed, detail: "dismissed at 2026-12-04T12:00:00Z (revision 0), for good"))
        #expect(manager.explain(id: "low").status == .queued(position: 1))
        #expect(manager.explain(id: "nope").status == .unknown)
    }

    @Test("a non-dismissible announcement cannot be dismissed")
    func notDismissible() async {
        let (manager, _, _) = makeManager(cached: [item("fixed") { $0.isDismissible = false }])
        await manager.loadAnnouncements()
        manager.stop()
        #expect(!manager.dismiss(manager.activeAnnouncement!))
        #expect(manager.activeAnnouncement?.id == "fixed")
        #expect(manager.state.dismissals.isEmpty)
    }

    @Test("a dismissal survives a relaunch with the same store")
    func relaunch() async {
        let store = InMemoryAnnouncementStateStore()
        let (first, _, _) = makeManager(cached: [item("a"), item("b")], store: store)
        await first.loadAnnouncements()
        first.stop()
        first.dismiss(first.activeAnnouncement!)
        let (second, _, _) = makeManager(cached: [item("a"), item("b")], store: store)
        await second.loadAnnouncements()
        second.stop()
        #expect(second.activeAnnouncement?.id == "b")
    }

    @Test("the manager re-evaluates by itself when an announcement ends, and reports it expired")
    func boundaryTimer() async throws {
        let (manager, _, time) = makeManager(
            cached: [item("ending", priority: 1) { $0.endDate = self.start.addingTimeInterval(3600) }, item("next")],
            configuration: .init(refreshInterval: 86_400, localTimeZone: TimeZone(identifier: "UTC")!))
        await manager.loadAnnouncements()
        let events = manager.events
        #expect(manager.activeAnnouncement?.id == "ending")
        try await time.waitForSleeper(until: start.addingTimeInterval(3600))
        #expect(time.nextDeadline == start.addingTimeInterval(3600))
        #expect(time.advance(to: start.addingTimeInterval(3600)) == 1)
        await waitUntil("the next banner is active once the first ends") { manager.activeAnnouncement?.id == "next" }
        #expect(manager.activeAnnouncement?.id == "next")
        #expect(manager.evaluationDate == start.addingTimeInterval(3600))
        manager.stop()
        var iterator = events.makeAsyncIterator()
        let event = await iterator.next()
        #expect(event == .expired(manager.announcements[0]))
    }

    @Test("an announcement appears exactly at its start and disappears exactly at its end, with no reload")
    func startAndEnd() async throws {
        let opens = start.addingTimeInterval(600)
        let closes = start.addingTimeInterval(1200)
        let (manager, provider, time) = makeManager(
            cached: [
                item("timed") {
                    $0.startDate = opens; $0.endDate = closes
                }
            ],
            configuration: .init(refreshInterval: 86_400, localTimeZone: TimeZone(identifier: "UTC")!))
        await manager.loadAnnouncements()
        let fetches = provider.fetchCount
        #expect(fetches == 1)
        // The timer is armed for the start; before it, time wakes nothing, so nothing can change.
        try await time.waitForSleeper(until: opens)
        #expect(time.advance(to: opens.addingTimeInterval(-0.001)) == 0)
        #expect(manager.activeAnnouncement == nil)
        #expect(time.advance(to: opens) == 1)
        await waitUntil("the announcement is active at its start") { manager.activeAnnouncement != nil }
        #expect(manager.activeAnnouncement?.id == "timed")
        #expect(manager.evaluationDate == opens)
        try await time.waitForSleeper(until: closes)
        #expect(time.advance(to: closes.addingTimeInterval(-0.001)) == 0)
        #expect(manager.activeAnnouncement?.id == "timed")
        #expect(time.advance(to: closes) == 1)
        await waitUntil("the announcement is gone at its end") { manager.activeAnnouncement == nil }
        #expect(manager.activeAnnouncement == nil)
        #expect(manager.evaluationDate == closes)
        #expect(provider.fetchCount == fetches, "no reload was needed")
        manager.stop()
    }

    @Test("frequency caps hold across relaunches")
    func capsAcrossRelaunch() async {
        let store = InMemoryAnnouncementStateStore()
        let capped = [item("once", priority: 1) { $0.frequency = .init(maxImpressions: 1) }, item("other")]
        let (first, _, _) = makeManager(cached: capped, store: store)
        await first.loadAnnouncements()
        first.stop()
        first.recordImpression(first.activeAnnouncement!)
        let (second, _, _) = makeManager(cached: capped, store: store)
        await second.loadAnnouncements()
        second.stop()
        #expect(second.activeAnnouncement?.id == "other")
        #expect(
            second.explain(id: "once").status
                == .excluded(.frequencyCapped, detail: "maxImpressions 1 reached (1 shown)"))
        #expect(second.explain(id: "once").cause == .maxImpressions(1, shown: 1))
    }

    @Test("a dismissal made by another process is seen by a new manager on the same file store")
    func dismissalFromAnotherProcess() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("manager-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let child = try #require(Fixtures.executable(named: "state-child"), "the state-child executable was not built")
        let result = try await Fixtures.run(child, ["dismiss", directory.path, "b"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "ack b\n")
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: [item("b", priority: 1), item("c")], source: .cache),
            next: FetchResult(announcements: [item("b", priority: 1), item("c")], source: .network))
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(), store: FileAnnouncementStateStore(directory: directory),
            timeSource: ManualTimeSource(now: start))
        await manager.loadAnnouncements()
        manager.stop()
        #expect(manager.activeAnnouncement?.id == "c")
        guard case .excluded(.dismissed, _) = manager.explain(id: "b").status else {
            Issue.record("b is not dismissed: \(manager.explain(id: "b"))")
            return
        }
    }

    @Test("a recurring window opens and closes the banner without a relaunch")
    func recurringWindow() async {
        let window = Announcement.Schedule(timeZone: "UTC", startTime: TimeOfDay("13:00"), endTime: TimeOfDay("14:00"))
        let (manager, _, time) = makeManager(cached: [item("window") { $0.schedule = window }])
        await manager.loadAnnouncements()
        #expect(manager.activeAnnouncement == nil)
        #expect(
            manager.explain(id: "window").status
                == .excluded(.outsideWindow, detail: "outside its schedule window daily 13:00–14:00 UTC"))
        time.advance(to: start.addingTimeInterval(3600))
        await waitUntil("the banner shows when its window opens") { manager.activeAnnouncement != nil }
        #expect(manager.activeAnnouncement?.id == "window")
        time.advance(to: start.addingTimeInterval(7200))
        await waitUntil("the banner goes when its window closes") { manager.activeAnnouncement == nil }
        #expect(manager.activeAnnouncement == nil)
        manager.stop()
    }

    @Test("changing the context re-evaluates at once")
    func contextChange() async {
        let (manager, _, _) = makeManager(cached: [item("pro") { $0.targetAudience = "proUsers" }])
        await manager.loadAnnouncements()
        manager.stop()
        #expect(manager.activeAnnouncement == nil)
        manager.context.segments = ["proUsers"]
        #expect(manager.activeAnnouncement?.id == "pro")
    }

    @Test("impressions count against maxImpressions and oncePerSession")
    func impressions() async {
        let (manager, _, _) = makeManager(cached: [
            item("once", priority: 2) { $0.frequency = .init(maxImpressions: 1) },
            item("session", priority: 1) { $0.frequency = .init(oncePerSession: true) }, item("plain"),
        ])
        await manager.loadAnnouncements()
        manager.stop()
        let once = manager.activeAnnouncement!
        manager.recordImpression(once)
        #expect(manager.activeAnnouncement?.id == "once", "the banner on screen stays although its cap is reached")
        manager.hide(once)
        #expect(manager.activeAnnouncement?.id == "session")
        #expect(
            manager.explain(id: "once").status
                == .excluded(.frequencyCapped, detail: "maxImpressions 1 reached (1 shown)"))
        manager.recordImpression(manager.activeAnnouncement!)
        manager.dismiss(manager.activeAnnouncement!)
        #expect(manager.activeAnnouncement?.id == "plain")
        #expect(manager.state.impressions["session"]?.count == 1)
        #expect(manager.state.impressions["once"]?.count == 1)
    }

    @Test(
        "perform routes url and deep-link actions and dismisses them, dismisses on a dismiss action, refuses unsafe ones"
    )
    func perform() async {
        let (manager, _, _) = makeManager(
            cached: [
                item("web") { $0.action = .url(URL(string: "https://example.com/x")!) },
                item("app") { $0.action = .deepLink("myapp://settings") },
                item("close") { $0.action = .dismiss },
                item("evil") { $0.action = .deepLink("javascript:alert(1)") },
                item("other") { $0.action = .deepLink("other://x") },
            ],
            configuration: .init(actionPolicy: ActionPolicy(allowedDeepLinkSchemes: ["myapp"])))
        await manager.loadAnnouncements()
        manager.stop()
        let byID = Dictionary(uniqueKeysWithValues: manager.announcements.map { ($0.id, $0) })
        #expect(manager.perform(byID["web"]!) == .openURL(URL(string: "https://example.com/x")!))
        #expect(manager.perform(byID["app"]!) == .openDeepLink(URL(string: "myapp://settings")!))
        #expect(manager.state.dismissals["web"] != nil && manager.state.dismissals["app"] != nil)
        #expect(manager.perform(byID["close"]!) == .dismissed)
        #expect(manager.state.dismissals["close"] != nil)
        guard case .none(let why) = manager.perform(byID["evil"]!) else {
            Issue.record("a javascript: link was routed")
            return
        }
        #expect(why.contains("never allowed"))
        guard case .none(let scheme) = manager.perform(byID["other"]!) else {
            Issue.record("a scheme the app does not allow was routed")
            return
        }
        #expect(scheme.contains("does not allow"))
    }

    @Test("hiding (autoDismissAfter) takes an uncapped banner away for the session without dismissing it")
    func hide() async {
        let (manager, _, _) = makeManager(cached: [item("first", priority: 1), item("second")])
        await manager.loadAnnouncements()
        manager.stop()
        manager.hide(manager.activeAnnouncement!)
        #expect(manager.activeAnnouncement?.id == "second")
        #expect(
            manager.explain(id: "first").status
                == .excluded(.dismissed, detail: "hidden for this session (autoDismissAfter)"))
        #expect(manager.explain(id: "first").cause == .hiddenForSession)
        #expect(manager.explain(id: "second").cause == nil)
        #expect(manager.state.dismissals.isEmpty)
    }

    @Test("the minimum interval between banners holds the next one back, then it shows by itself")
    func bannerGap() async {
        let (manager, _, time) = makeManager(
            cached: [item("first", priority: 1), item("second")],
            configuration: .init(minimumIntervalBetweenBanners: 30, localTimeZone: TimeZone(identifier: "UTC")!))
        await manager.loadAnnouncements()
        manager.dismiss(manager.activeAnnouncement!)
        #expect(manager.activeAnnouncement == nil)
        #expect(manager.queue.map(\.id) == ["second"])
        #expect(manager.explain(id: "second").status == .waiting(until: start.addingTimeInterval(30)))
        time.advance(by: 30)
        await waitUntil("the second banner shows after the gap") { manager.activeAnnouncement != nil }
        #expect(manager.activeAnnouncement?.id == "second")
        manager.stop()
    }

    @Test("events: shown, actionTapped, dismissed, fetchFailed")
    func events() async {
        let (manager, provider, _) = makeManager(cached: [item("a") { $0.action = .dismiss }])
        await manager.loadAnnouncements()
        manager.stop()
        let stream = manager.events
        let a = manager.activeAnnouncement!
        manager.recordImpression(a)
        _ = manager.perform(a)
        provider.next = FetchResult(
            announcements: [], source: .fallback, failure: FetchFailure(kind: .timeout, message: "deadline passed"))
        await manager.refresh()
        var received: [AnnouncementEvent] = []
        for await event in stream {
            received.append(event)
            if received.count == 4 { break }
        }
        #expect(
            received == [
                .shown(a), .actionTapped(a, nil), .dismissed(a, .action),
                .fetchFailed(FetchFailure(kind: .timeout, message: "deadline passed")),
            ])
    }

    @Test("placements: each banner sees its own active announcement")
    func placements() async {
        let (manager, _, _) = makeManager(cached: [
            item("home-only", priority: 5) { $0.placements = ["home"] }, item("everywhere"),
        ])
        await manager.loadAnnouncements()
        manager.stop()
        #expect(manager.activeAnnouncement(for: "home")?.id == "home-only")
        #expect(manager.activeAnnouncement(for: nil)?.id == "everywhere")
        #expect(manager.activeAnnouncement(for: "settings")?.id == "everywhere")
    }

    @Test("the file store: a dismissal is on disk when dismiss returns")
    func fileStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("manager-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: [item("a")], source: .cache),
            next: FetchResult(announcements: [item("a")], source: .network))
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(), store: FileAnnouncementStateStore(directory: directory),
            timeSource: ManualTimeSource(now: start))
        await manager.loadAnnouncements()
        manager.stop()
        manager.dismiss(manager.activeAnnouncement!)
        let onDisk = try AnnouncementStateFile.decode(Data(contentsOf: directory.appendingPathComponent("state.json")))
        #expect(onDisk.dismissals["a"]?.date == start)
    }
}
