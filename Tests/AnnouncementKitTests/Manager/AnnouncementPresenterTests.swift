import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// The presenter a host without SwiftUI draws banners with: impressions once per showing (and so caps,
/// limits, goals and `shown` events), auto-dismissal on the manager's clock, actions, pause and resume,
/// placements. Every wait is on a condition (the presenter's states, the manager's events), never on
/// a count of yields or a sleep.
@MainActor
@Suite("AnnouncementPresenter", .timeLimit(.minutes(1)))
struct AnnouncementPresenterTests {
    let start = try! Timestamp.parse("2026-12-04T12:00:00Z")

    /// A manager over `items`, loaded, on a manual clock, whose background refresh waits a day.
    func loaded(
        _ items: [Announcement], limits: AnnouncementFeed.Limits? = nil, policy: ActionPolicy = ActionPolicy()
    ) async -> (AnnouncementManager, ManualTimeSource, StubAnnouncementProvider) {
        let provider = StubAnnouncementProvider(
            next: FetchResult(announcements: items, source: .network, status: 200, limits: limits))
        let time = ManualTimeSource(now: start)
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(locale: "en"), store: InMemoryAnnouncementStateStore(),
            timeSource: time,
            configuration: .init(
                actionPolicy: policy, refreshInterval: 86_400, localTimeZone: TimeZone(identifier: "UTC")!))
        await manager.loadAnnouncements()
        return (manager, time, provider)
    }

    func item(_ id: String, priority: Int = 0, _ configure: (inout Announcement) -> Void = { _ in }) -> Announcement {
        var announcement = Announcement(id: id, title: "Title \(id)", message: "Message \(id)", priority: priority)
        configure(&announcement)
        return announcement
    }

    /// The first state of `presenter` (its current one, then each change) that `condition` accepts;
    /// `nil` when none comes within 10 seconds of real time (a deadline, not a wait: the state usually
    /// comes at once).
    func state(
        of presenter: AnnouncementPresenter,
        where condition: @escaping @Sendable (AnnouncementPresenter.State) -> Bool
    ) async -> AnnouncementPresenter.State? {
        let states = presenter.states
        return await withTaskGroup(of: AnnouncementPresenter.State?.self) { group in
            group.addTask {
                for await state in states where condition(state) { return state }
                return nil
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: 10_000_000_000)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// The first state of `presenter` showing the announcement `id`.
    func showing(_ id: String, on presenter: AnnouncementPresenter) async -> AnnouncementPresenter.Banner? {
        await state(of: presenter) { $0.banner?.announcement.id == id }?.banner
    }

    /// Replaces the feed with `items` and refreshes, as a new feed on the server would.
    func serve(
        _ items: [Announcement], by provider: StubAnnouncementProvider, to manager: AnnouncementManager
    ) async {
        provider.next = FetchResult(announcements: items, source: .network, status: 200)
        await manager.refresh()
    }

    // MARK: - Showings and impressions

    @Test("the banner showing at start records one impression and one shown event; drawing it again records none")
    func oneImpressionPerShowing() async throws {
        let (manager, _, _) = await loaded([item("a")])
        var events = manager.events.makeAsyncIterator()
        let presenter = AnnouncementPresenter(manager: manager)
        #expect(presenter.state == AnnouncementPresenter.State(), "nothing before start")
        #expect(manager.state.impressions.isEmpty)
        presenter.start()
        let banner = try #require(presenter.state.banner)
        #expect(banner.announcement.id == "a" && banner.showing == 1)
        #expect(banner.appearance == manager.appearance(of: banner.announcement))
        #expect(banner.colors == BannerTint.blue.colors(for: .light))
        #expect(manager.state.impressions["a"]?.count == 1)
        for _ in 0..<3 { presenter.update() }
        #expect(presenter.state.banner?.showing == 1)
        #expect(manager.state.impressions["a"]?.count == 1, "drawing again is the same showing")
        #expect(presenter.dismiss())
        #expect(await events.next() == .shown(banner.announcement))
        #expect(await events.next() == .dismissed(banner.announcement, .user), "no second shown event")
        #expect(presenter.state == AnnouncementPresenter.State(banner: nil, isRunning: true))
        manager.stop()
    }

    @Test("a refresh keeps the showing of the same announcement, even with new text; one replacing it is a new showing")
    func refreshAndReplacement() async throws {
        let (manager, _, provider) = await loaded([item("a")])
        let presenter = AnnouncementPresenter(manager: manager)
        presenter.start()
        await serve([item("a") { $0.title = "Changed" }], by: provider, to: manager)
        let changed = await state(of: presenter) { $0.banner?.appearance.title == "Changed" }
        #expect(changed?.banner?.showing == 1)
        #expect(manager.state.impressions["a"]?.count == 1, "the same showing after a refresh")
        await serve([item("urgent", priority: 5), item("a")], by: provider, to: manager)
        let urgent = await showing("urgent", on: presenter)
        #expect(urgent?.showing == 2)
        #expect(manager.state.impressions["urgent"]?.count == 1)
        await serve([item("a")], by: provider, to: manager)
        let back = await showing("a", on: presenter)
        #expect(back?.showing == 3, "back after another was in front: a new showing")
        #expect(manager.state.impressions["a"]?.count == 2)
        manager.stop()
    }

    @Test("maxImpressions is reached after that many showings: elsewhere the next announcement shows")
    func capReachedAfterShowings() async throws {
        let capped = item("capped", priority: 1) { $0.frequency = .init(maxImpressions: 2) }
        let (manager, _, provider) = await loaded([capped, item("next")])
        let presenter = AnnouncementPresenter(manager: manager)
        presenter.start()
        #expect(presenter.state.banner?.announcement.id == "capped")
        let other = AnnouncementPresenter(manager: manager, placement: "home")
        #expect(other.update().banner == nil, "not running yet")
        // Another announcement in front of it and gone again: the capped one's second showing.
        await serve([item("urgent", priority: 5), capped, item("next")], by: provider, to: manager)
        #expect(await showing("urgent", on: presenter) != nil)
        await serve([capped, item("next")], by: provider, to: manager)
        #expect(await showing("capped", on: presenter)?.showing == 3)
        #expect(manager.state.impressions["capped"]?.count == 2)
        #expect(presenter.state.banner?.announcement.id == "capped", "on screen until it leaves, though capped")
        other.start()
        #expect(other.state.banner?.announcement.id == "next", "capped after two showings")
        #expect(
            manager.explain(id: "capped", placement: "home").status
                == .excluded(.frequencyCapped, detail: "maxImpressions 2 reached (2 shown)"))
        #expect(manager.state.impressions["capped"]?.count == 2)
        manager.stop()
    }

    @Test("the feed's maxPerDay counts the presenter's showings: the third banner waits")
    func globalLimit() async throws {
        let items = [item("one", priority: 3), item("two", priority: 2), item("three", priority: 1)]
        let (manager, _, _) = await loaded(items, limits: .init(maxPerDay: 2))
        let presenter = AnnouncementPresenter(manager: manager)
        presenter.start()
        #expect(presenter.state.banner?.announcement.id == "one")
        #expect(presenter.dismiss())
        #expect(presenter.state.banner?.announcement.id == "two")
        #expect(presenter.dismiss())
        #expect(presenter.state.banner == nil)
        #expect(
            manager.explain(id: "three").status
                == .excluded(.frequencyCapped, detail: "global limit: 2 impressions in the last 24 hours"))
        manager.stop()
    }

    @Test("a showing opens the goal's conversion window: the goal event then converts")
    func goalConversion() async throws {
        let offer = item("offer") { $0.goal = .init(event: "purchase", within: 3_600) }
        let (manager, time, _) = await loaded([offer])
        var events = manager.events.makeAsyncIterator()
        let presenter = AnnouncementPresenter(manager: manager)
        presenter.start()
        let shown = try #require(presenter.state.banner?.announcement)
        #expect(manager.state.conversionWindows.map(\.id) == ["offer"])
        time.advance(by: 60)
        manager.track("purchase")
        #expect(await events.next() == .shown(shown))
        #expect(await events.next() == .converted(shown, event: "purchase"))
        manager.stop()
    }

    // MARK: - Auto-dismissal

    @Test("autoDismissAfter hides the banner when the manager's clock reaches it, and the next one shows")
    func autoDismiss() async throws {
        let (manager, time, _) = await loaded([item("hint", priority: 1) { $0.autoDismissAfter = 8 }, item("next")])
        let presenter = AnnouncementPresenter(manager: manager)
        presenter.start()
        #expect(presenter.state.banner?.announcement.id == "hint")
        #expect(manager.nextChange == start.addingTimeInterval(8), "the countdown runs on the manager's clock")
        time.advance(to: start.addingTimeInterval(8))
        let next = await showing("next", on: presenter)
        #expect(next?.showing == 2)
        #expect(
            manager.explain(id: "hint").status
                == .excluded(.dismissed, detail: "hidden for this session (autoDismissAfter)"))
        #expect(manager.state.dismissals.isEmpty, "hidden, not dismissed")
        manager.stop()
    }

    @Test("without auto-dismissal (a screen reader runs) the banner has no countdown")
    func noAutoDismiss() async throws {
        let (manager, _, _) = await loaded([item("hint") { $0.autoDismissAfter = 8 }])
        let presenter = AnnouncementPresenter(manager: manager, autoDismisses: false)
        presenter.start()
        #expect(presenter.state.banner?.announcement.id == "hint")
        #expect(manager.state.impressions["hint"]?.count == 1)
        #expect(manager.nextChange == nil)
        manager.stop()
    }

    @Test("a schedule's end on the manager's clock replaces the banner by itself, with the expired event")
    func followsTime() async throws {
        let ending = item("ending", priority: 1) { $0.endDate = start.addingTimeInterval(60) }
        let (manager, time, _) = await loaded([ending, item("next")])
        var events = manager.events.makeAsyncIterator()
        let presenter = AnnouncementPresenter(manager: manager)
        presenter.start()
        time.advance(to: start.addingTimeInterval(60))
        #expect(await showing("next", on: presenter)?.showing == 2)
        #expect(await events.next() == .shown(ending))
        #expect(await events.next() == .expired(ending))
        #expect(await events.next() == .shown(item("next")))
        manager.stop()
    }

    // MARK: - Pause, stop

    @Test("a banner hidden by a pause and shown again is a new showing: a second impression, the full countdown again")
    func pauseAndResume() async throws {
        let (manager, time, _) = await loaded([item("hint", priority: 1) { $0.autoDismissAfter = 8 }, item("next")])
        let presenter = AnnouncementPresenter(manager: manager)
        presenter.start()
        time.advance(by: 5)
        manager.isPaused = true
        let paused = await state(of: presenter) { $0.banner == nil }
        #expect(paused?.isRunning == true)
        #expect(manager.nextChange == nil, "no countdown while nobody can see it")
        time.advance(to: start.addingTimeInterval(60))
        manager.isPaused = false
        let again = await showing("hint", on: presenter)
        #expect(again?.showing == 2)
        #expect(manager.state.impressions["hint"]?.count == 2)
        #expect(manager.nextChange == start.addingTimeInterval(68), "8 s again from the end of the pause")
        time.advance(to: start.addingTimeInterval(68))
        #expect(await showing("next", on: presenter) != nil)
        manager.stop()
    }

    @Test("stop ends the showing and its countdown; start again begins a new showing")
    func stopAndStart() async throws {
        let (manager, _, _) = await loaded([item("hint") { $0.autoDismissAfter = 8 }])
        let presenter = AnnouncementPresenter(manager: manager)
        presenter.start()
        #expect(manager.nextChange == start.addingTimeInterval(8))
        presenter.stop()
        #expect(presenter.state == AnnouncementPresenter.State(banner: nil, isRunning: false))
        #expect(manager.nextChange == nil, "the countdown of a banner nobody sees stops")
        #expect(presenter.performAction() == .none("no banner is showing"))
        #expect(!presenter.dismiss())
        presenter.start()
        #expect(presenter.state.banner?.showing == 2)
        #expect(manager.state.impressions["hint"]?.count == 2)
        #expect(manager.nextChange == start.addingTimeInterval(8))
        manager.stop()
    }

    // MARK: - Actions

    @Test("a dismissible banner's link is routed to the host and the banner goes; the next one shows")
    func actionOfDismissible() async throws {
        let link = URL(string: "https://example.com/sale")!
        let sale = item("sale", priority: 1) { $0.action = .url(link) }
        let (manager, _, _) = await loaded([sale, item("next")])
        var events = manager.events.makeAsyncIterator()
        let presenter = AnnouncementPresenter(manager: manager)
        presenter.start()
        #expect(presenter.performAction() == .openURL(link))
        #expect(presenter.state.banner?.announcement.id == "next")
        #expect(presenter.state.banner?.showing == 2)
        #expect(manager.state.dismissals["sale"] != nil)
        #expect(await events.next() == .shown(sale))
        #expect(await events.next() == .actionTapped(sale, link))
        #expect(await events.next() == .dismissed(sale, .action))
        manager.stop()
    }

    @Test("a banner that cannot be dismissed routes its deep link and stays, the same showing")
    func actionOfNonDismissible() async throws {
        let outage = item("outage") {
            $0.action = .deepLink("myapp://status")
            $0.isDismissible = false
        }
        let (manager, _, _) = await loaded([outage])
        let presenter = AnnouncementPresenter(manager: manager)
        presenter.start()
        #expect(presenter.performAction() == .openDeepLink(URL(string: "myapp://status")!))
        #expect(!presenter.dismiss())
        #expect(presenter.state.banner?.announcement.id == "outage")
        #expect(presenter.state.banner?.showing == 1)
        #expect(manager.state.impressions["outage"]?.count == 1)
        manager.stop()
    }

    @Test("a deep link the action policy refuses is not routed and the banner stays; a dismiss action dismisses")
    func refusedAndDismissActions() async throws {
        let link = item("link", priority: 1) { $0.action = .deepLink("other://x") }
        let (manager, _, _) = await loaded(
            [link, item("plain")], policy: ActionPolicy(allowedDeepLinkSchemes: ["myapp"]))
        let presenter = AnnouncementPresenter(manager: manager)
        presenter.start()
        guard case .none = presenter.performAction() else {
            Issue.record("a refused deep link was routed")
            return
        }
        #expect(presenter.state.banner?.announcement.id == "link", "a refused action dismisses nothing")
        #expect(presenter.dismiss())
        #expect(presenter.state.banner?.announcement.id == "plain")
        #expect(presenter.performAction() == .dismissed)
        #expect(presenter.state.banner == nil)
        #expect(Set(manager.state.dismissals.keys) == ["link", "plain"])
        manager.stop()
    }

    // MARK: - Placements and appearance

    @Test("two placements: each presenter shows and records its own, and acts on its own")
    func twoPlacements() async throws {
        let root = item("root")
        let home = item("home", priority: 2) { $0.placements = ["home"] }
        let homeNext = item("home-next", priority: 1) { $0.placements = ["home"] }
        let (manager, _, _) = await loaded([root, home, homeNext])
        let top = AnnouncementPresenter(manager: manager)
        let inline = AnnouncementPresenter(manager: manager, placement: "home")
        top.start()
        inline.start()
        #expect(top.state.banner?.announcement.id == "root")
        #expect(inline.state.banner?.announcement.id == "home")
        #expect(manager.state.impressions["root"]?.count == 1)
        #expect(manager.state.impressions["home"]?.count == 1)
        #expect(inline.dismiss())
        #expect(inline.state.banner?.announcement.id == "home-next")
        let rootAfter = await state(of: top) { $0.banner != nil }
        #expect(rootAfter?.banner?.announcement.id == "root")
        #expect(rootAfter?.banner?.showing == 1, "the other placement's change is not a new showing here")
        #expect(manager.state.impressions["root"]?.count == 1)
        #expect(manager.state.impressions["home-next"]?.count == 1)
        manager.stop()
    }

    @Test("the banner is drawn in the context's language and the host's colours, the same showing after a change")
    func languageAndColours() async throws {
        let localized = Announcement(
            id: "hello", title: LocalizedText(["en": "Hello", "de": "Hallo"]), message: "m",
            style: .warning, action: .deepLink("myapp://x"))
        let (manager, _, _) = await loaded([localized])
        let presenter = AnnouncementPresenter(manager: manager, position: .bottom, colorScheme: .dark)
        presenter.start()
        #expect(presenter.state.banner?.appearance.title == "Hello")
        #expect(presenter.state.banner?.appearance.position == .bottom)
        #expect(presenter.state.banner?.colors == BannerTint.amber.colors(for: .dark))
        manager.context.locale = "de-AT"
        let german = await state(of: presenter) { $0.banner?.appearance.title == "Hallo" }
        #expect(german?.banner?.appearance.actionTitle == "Öffnen", "the package's words in the reader's language")
        #expect(german?.banner?.showing == 1)
        presenter.colorScheme = .light
        #expect(presenter.state.banner?.colors == BannerTint.amber.colors(for: .light))
        #expect(presenter.state.banner?.showing == 1)
        #expect(manager.state.impressions["hello"]?.count == 1)
        manager.stop()
    }
}
