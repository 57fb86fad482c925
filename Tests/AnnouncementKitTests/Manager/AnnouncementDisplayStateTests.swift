import AnnouncementKit
import Foundation
import Testing

/// The display rules on their own: no manager, no clock, no store; every instant is given.
@Suite("AnnouncementDisplayState")
struct AnnouncementDisplayStateTests {
    static let start = try! Timestamp.parse("2026-12-04T12:00:00Z")
    let start = Self.start

    func item(_ id: String, priority: Int = 0, _ configure: (inout Announcement) -> Void = { _ in }) -> Announcement {
        var announcement = Announcement(id: id, title: "Title \(id)", message: "m", priority: priority)
        configure(&announcement)
        return announcement
    }

    func inputs(_ announcements: [Announcement], state: AnnouncementState = AnnouncementState())
        -> AnnouncementDisplayState.Inputs
    {
        AnnouncementDisplayState.Inputs(
            announcements: announcements, context: AnnouncementContext(), state: state,
            localTimeZone: TimeZone(identifier: "UTC")!)
    }

    /// A display state following `placements`, worked out at `start`.
    func display(
        _ inputs: AnnouncementDisplayState.Inputs, gap: TimeInterval = 0, placements: [String?] = [nil]
    ) -> AnnouncementDisplayState {
        var display = AnnouncementDisplayState(minimumIntervalBetweenBanners: gap, date: start)
        for placement in placements { _ = display.track(placement, using: inputs) }
        return display
    }

    func events(_ actions: [AnnouncementDisplayState.Action]) -> [AnnouncementEvent] {
        actions.compactMap { action in
            if case .emit(let event) = action { return event }
            return nil
        }
    }

    // MARK: - The gap between banners

    @Test("the gap holds every banner back from the instant a banner leaves until exactly its end")
    func gapEdges() {
        let feed = inputs([item("first", priority: 1), item("second")])
        var display = display(feed, gap: 30)
        #expect(display.answer(for: nil).active?.id == "first")
        display.bannerLeft("first", at: start)
        var state = AnnouncementState()
        state.recordDismissal(of: item("first"), at: start)
        let dismissed = inputs(feed.announcements, state: state)
        let actions = display.reevaluate(.state(["first"]), using: dismissed, at: start)
        #expect(actions.last == .wake(at: start.addingTimeInterval(30)))
        #expect(display.waitingUntil == start.addingTimeInterval(30))
        #expect(display.answer(for: nil).active == nil)
        #expect(display.answer(for: nil).queue.map(\.id) == ["second"])
        #expect(
            display.answer(for: nil).explanation(of: "second").status == .waiting(until: start.addingTimeInterval(30)))
        #expect(display.nextWake == start.addingTimeInterval(30))
        _ = display.reevaluate(.time, using: dismissed, at: start.addingTimeInterval(29.999))
        #expect(display.answer(for: nil).active == nil, "still inside the gap")
        _ = display.reevaluate(.time, using: dismissed, at: start.addingTimeInterval(30))
        #expect(display.waitingUntil == nil)
        #expect(display.answer(for: nil).active?.id == "second", "the gap ends at its last instant")
        #expect(display.answer(for: nil).explanation(of: "second").status == .active)
        #expect(display.nextWake == nil, "nothing left to wait for")
    }

    @Test("without a minimum interval a banner leaving starts no gap")
    func noGap() {
        var display = display(inputs([item("first", priority: 1), item("second")]))
        display.bannerLeft("first", at: start)
        #expect(display.nextBannerAllowedAt == nil)
        #expect(display.waitingUntil == nil)
    }

    @Test("the gap holds banners back at every placement, and a new banner leaving restarts it")
    func gapEverywhere() {
        let feed = inputs([item("home", priority: 1) { $0.placements = ["home"] }, item("plain")])
        var display = display(feed, gap: 60, placements: [nil, "home"])
        display.bannerLeft("home", at: start)
        _ = display.reevaluate(.time, using: feed, at: start)
        #expect(display.answer(for: "home").active == nil)
        #expect(display.answer(for: nil).active == nil)
        display.bannerLeft("plain", at: start.addingTimeInterval(50))
        _ = display.reevaluate(.time, using: feed, at: start.addingTimeInterval(70))
        #expect(display.waitingUntil == start.addingTimeInterval(110))
        #expect(
            display.answer(for: "home").explanation(of: "home").status == .waiting(until: start.addingTimeInterval(110))
        )
    }

    // MARK: - The display adjustment

    @Test("an announcement hidden for the session leaves the active slot and the queue, excluded as dismissed")
    func hiddenLeaves() {
        let selection = AnnouncementSelection(
            date: start, active: item("a"), queue: [item("b"), item("c")], excluded: [], nextChange: nil)
        let hidingActive = PlacementState.displayed(selection, hiding: ["a"], pinned: nil, from: [])
        #expect(hidingActive.active?.id == "b")
        #expect(hidingActive.queue.map(\.id) == ["c"])
        #expect(hidingActive.excluded == [.init(id: "a", cause: .hiddenForSession)])
        let hidingQueued = PlacementState.displayed(selection, hiding: ["c"], pinned: nil, from: [])
        #expect(hidingQueued.active?.id == "a")
        #expect(hidingQueued.queue.map(\.id) == ["b"])
        #expect(PlacementState.displayed(selection, hiding: [], pinned: nil, from: []) == selection)
    }

    @Test("the banner on screen stays active while only its frequency cap excludes it")
    func pinnedStays() {
        let once = item("once")
        let capped = AnnouncementSelection(
            date: start, active: item("b"), queue: [item("c")],
            excluded: [.init(id: "once", cause: .maxImpressions(1, shown: 1))],
            nextChange: nil)
        let pinned = PlacementState.displayed(capped, hiding: [], pinned: "once", from: [once, item("b"), item("c")])
        #expect(pinned.active?.id == "once")
        #expect(pinned.queue.map(\.id) == ["b", "c"])
        #expect(pinned.excluded.isEmpty)
        // Excluded for another reason, or not loaded, it goes.
        var dismissed = capped
        dismissed.excluded[0].cause = .hiddenForSession
        #expect(PlacementState.displayed(dismissed, hiding: [], pinned: "once", from: [once]) == dismissed)
        #expect(PlacementState.displayed(capped, hiding: [], pinned: "once", from: []) == capped)
        // Hiding another banner leaves the one on screen in place.
        let hidden = PlacementState.displayed(capped, hiding: ["b"], pinned: "once", from: [once])
        #expect(hidden.active?.id == "once")
        #expect(hidden.queue.map(\.id) == ["c"])
    }

    @Test("a maxImpressions: 1 banner stays on screen after its impression, and leaves when hidden")
    func impressionKeepsTheBanner() {
        let feed = [item("once", priority: 1) { $0.frequency = .init(maxImpressions: 1) }, item("other")]
        var display = display(inputs(feed))
        display.putOnScreen("once", at: nil, using: inputs(feed))
        var state = AnnouncementState()
        state.recordImpression(of: "once", at: start)
        _ = display.reevaluate(.state(["once"]), using: inputs(feed, state: state), at: start)
        #expect(display.answer(for: nil).active?.id == "once")
        #expect(display.answer(for: nil).queue.map(\.id) == ["other"])
        display.hide("once", at: start)
        _ = display.reevaluate(.time, using: inputs(feed, state: state), at: start)
        #expect(display.answer(for: nil).active?.id == "other")
        #expect(
            display.answer(for: nil).explanation(of: "once").status
                == .excluded(.frequencyCapped, detail: "maxImpressions 1 reached (1 shown)"))
    }

    // MARK: - Placements

    @Test("each placement keeps its own selection and its own banner on screen")
    func placementIsolation() {
        let feed = inputs([
            item("home-only", priority: 5) { $0.placements = ["home"] },
            item("capped", priority: 1) { $0.frequency = .init(maxImpressions: 1) }, item("plain"),
        ])
        var display = display(feed, placements: [nil, "home"])
        #expect(display.answer(for: "home").active?.id == "home-only")
        #expect(display.answer(for: nil).active?.id == "capped")
        #expect(display.answer(for: nil).explanation(of: "home-only").status.isExcluded(.placementMismatch))
        display.putOnScreen("capped", at: nil, using: feed)
        var state = AnnouncementState()
        state.recordImpression(of: "capped", at: start)
        _ = display.reevaluate(.state(["capped"]), using: inputs(feed.announcements, state: state), at: start)
        #expect(display.placements[nil]?.onScreen == "capped")
        #expect(display.placements["home"]?.onScreen == nil)
        #expect(display.answer(for: nil).active?.id == "capped", "on screen here: it stays")
        #expect(display.answer(for: "home").queue.map(\.id) == ["plain"], "not on screen at home: capped")
    }

    @Test("a placement not looked at shows nothing; looking at it changes no other")
    func tracking() {
        let feed = inputs([item("a") { $0.endDate = Self.start.addingTimeInterval(600) }])
        var display = AnnouncementDisplayState(minimumIntervalBetweenBanners: 0, date: start)
        #expect(!display.isTracking("home"))
        #expect(display.answer(for: "home") == .empty)
        #expect(display.answer(for: "home").explanation(of: "a").status == .unknown)
        #expect(display.track("home", using: feed) == [.wake(at: start.addingTimeInterval(600))])
        let before = display.answer(for: "home")
        #expect(display.track("home", using: feed).isEmpty, "already followed")
        #expect(display.track(nil, using: feed) == [.wake(at: start.addingTimeInterval(600))])
        #expect(display.answer(for: "home") == before)
        #expect(display.placements.count == 2)
    }

    @Test("an impression at a placement not looked at yet starts following it")
    func impressionTracks() {
        let feed = inputs([item("a")])
        var display = AnnouncementDisplayState(minimumIntervalBetweenBanners: 0, date: start)
        display.putOnScreen("a", at: "side", using: feed)
        #expect(display.isTracking("side"))
        #expect(display.placements["side"]?.onScreen == "a")
        display.bannerLeft("a", at: start)
        #expect(display.placements["side"]?.onScreen == nil, "gone from every placement")
    }

    // MARK: - When to look again

    @Test("the next wake-up is the earliest change of any placement, and moves on after it")
    func nextWake() {
        let feed = inputs([
            item("home") {
                $0.placements = ["home"]
                $0.endDate = Self.start.addingTimeInterval(3600)
            },
            item("side") {
                $0.placements = ["side"]
                $0.endDate = Self.start.addingTimeInterval(600)
            },
        ])
        var display = display(feed, placements: ["home"])
        #expect(display.nextWake == start.addingTimeInterval(3600))
        _ = display.track("side", using: feed)
        #expect(display.nextWake == start.addingTimeInterval(600))
        let actions = display.reevaluate(.time, using: feed, at: start.addingTimeInterval(600))
        #expect(events(actions) == [.expired(feed.announcements[1])])
        #expect(actions.last == .wake(at: start.addingTimeInterval(3600)))
        #expect(display.answer(for: "side").active == nil)
        #expect(display.answer(for: "home").active?.id == "home")
    }

    @Test("a banner that leaves by a dismissal is not reported expired; one that ends is, once")
    func expiredOnlyByTime() {
        let ending = item("ending", priority: 1) { $0.endDate = Self.start.addingTimeInterval(60) }
        let feed = inputs([ending, item("next")])
        var display = display(feed)
        var state = AnnouncementState()
        state.recordDismissal(of: ending, at: start)
        #expect(
            events(display.reevaluate(.state(["ending"]), using: inputs(feed.announcements, state: state), at: start))
                .isEmpty)
        var again = self.display(feed)
        #expect(events(again.reevaluate(.time, using: feed, at: start.addingTimeInterval(60))) == [.expired(ending)])
        #expect(events(again.reevaluate(.time, using: feed, at: start.addingTimeInterval(61))).isEmpty)
    }

    @Test("an auto-dismissal is a wake-up; at its deadline the banner is hidden and the gap starts")
    func autoDismissDeadline() {
        let feed = inputs([item("first", priority: 1), item("second")])
        var display = display(feed, gap: 10)
        #expect(display.hide("first", when: start.addingTimeInterval(5)) == [.wake(at: start.addingTimeInterval(5))])
        #expect(display.nextWake == start.addingTimeInterval(5))
        _ = display.reevaluate(.time, using: feed, at: start.addingTimeInterval(4.999))
        #expect(display.answer(for: nil).active?.id == "first")
        _ = display.reevaluate(.time, using: feed, at: start.addingTimeInterval(5))
        #expect(display.hidden == ["first"])
        #expect(display.hideDeadlines.isEmpty)
        #expect(
            display.answer(for: nil).explanation(of: "second").status == .waiting(until: start.addingTimeInterval(15)))
        #expect(
            display.answer(for: nil).explanation(of: "first").status
                == .excluded(.dismissed, detail: "hidden for this session (autoDismissAfter)"))
    }

    @Test("an auto-dismissal is dropped when its banner leaves the screen first, and refused for one not showing")
    func autoDismissDropped() {
        let feed = [item("low"), item("pro", priority: 5) { $0.targetAudience = "pro" }]
        var display = display(inputs(feed))
        #expect(display.hide("pro", when: start.addingTimeInterval(5)).isEmpty, "not showing")
        _ = display.hide("low", when: start.addingTimeInterval(5))
        var pro = inputs(feed)
        pro.context.segments = ["pro"]
        _ = display.reevaluate(.inputs, using: pro, at: start.addingTimeInterval(1))
        #expect(display.answer(for: nil).active?.id == "pro")
        #expect(display.hideDeadlines.isEmpty, "replaced by another banner: no longer on screen")
        _ = display.reevaluate(.inputs, using: inputs(feed), at: start.addingTimeInterval(6))
        #expect(display.answer(for: nil).active?.id == "low", "not hidden")
        _ = display.hide("low", when: start.addingTimeInterval(10))
        display.bannerLeft("low", at: start.addingTimeInterval(7))
        #expect(display.hideDeadlines.isEmpty, "dismissed first")
    }

    @Test("a pause stops an auto-dismissal; the banner showing again after it gets its full time again")
    func autoDismissAcrossAPause() {
        let feed = inputs([item("first", priority: 1), item("second")])
        var display = display(feed)
        _ = display.hide("first", when: start.addingTimeInterval(8), lasting: 8)
        display.isPaused = true
        _ = display.reevaluate(.time, using: feed, at: start.addingTimeInterval(3))
        #expect(display.answer(for: nil).active == nil)
        #expect(display.hideDeadlines.isEmpty)
        #expect(display.suspendedHides == ["first": 8])
        #expect(display.nextWake == nil, "no wake-up for a countdown that waits")
        _ = display.reevaluate(.time, using: feed, at: start.addingTimeInterval(100))
        #expect(display.hidden.isEmpty, "the deadline passed during the pause: nothing is hidden")
        display.isPaused = false
        _ = display.reevaluate(.time, using: feed, at: start.addingTimeInterval(200))
        #expect(display.answer(for: nil).active?.id == "first")
        #expect(display.hideDeadlines == ["first": start.addingTimeInterval(208)])
        #expect(display.suspendedHides.isEmpty)
        _ = display.reevaluate(.time, using: feed, at: start.addingTimeInterval(207.999))
        #expect(display.answer(for: nil).active?.id == "first")
        _ = display.reevaluate(.time, using: feed, at: start.addingTimeInterval(208))
        #expect(display.answer(for: nil).active?.id == "second")
        #expect(display.hidden == ["first"])
    }

    @Test("across a pause: a countdown cancelled or set while paused, and a banner replaced meanwhile")
    func autoDismissPauseEdges() {
        let feed = [item("low"), item("pro", priority: 5) { $0.targetAudience = "pro" }]
        var display = display(inputs(feed))
        display.isPaused = true
        _ = display.reevaluate(.time, using: inputs(feed), at: start.addingTimeInterval(1))
        #expect(display.hide("low", when: start.addingTimeInterval(6), lasting: 5).isEmpty)
        #expect(display.suspendedHides == ["low": 5], "set while paused: it waits for the end of the pause")
        #expect(display.cancelHide("low").isEmpty)
        #expect(display.suspendedHides.isEmpty, "the view went off screen: no countdown to start again")
        _ = display.hide("low", when: start.addingTimeInterval(6), lasting: 5)
        var pro = inputs(feed)
        pro.context.segments = ["pro"]
        _ = display.reevaluate(.inputs, using: pro, at: start.addingTimeInterval(2))
        #expect(display.suspendedHides.isEmpty, "another banner would show: the countdown is dropped")
        display.isPaused = false
        _ = display.reevaluate(.inputs, using: inputs(feed), at: start.addingTimeInterval(3))
        #expect(display.answer(for: nil).active?.id == "low")
        #expect(display.hideDeadlines.isEmpty, "its view starts a new countdown when it shows it")
    }

    @Test("records that changed between two states become a change of just those announcements")
    func recordChanges() {
        let feed = [item("a"), item("b"), item("c")]
        var later = AnnouncementState()
        #expect(AnnouncementDisplayState.Change.records(of: feed, from: AnnouncementState(), to: later) == nil)
        later.recordDismissal(of: feed[0], at: start)
        later.recordImpression(of: "c", at: start)
        later.recordImpression(of: "absent", at: start)
        #expect(
            AnnouncementDisplayState.Change.records(of: feed, from: AnnouncementState(), to: later)
                == .state(["a", "c"]))
    }
}

extension AnnouncementExplanation.Status {
    /// Whether this is an exclusion for `reason`.
    func isExcluded(_ reason: ExclusionReason) -> Bool {
        if case .excluded(reason, _) = self { return true }
        return false
    }
}
