package import Foundation

/// The rules of what shows where, as a value: the state of every placement, the announcements hidden
/// for the session, the gap between banners and the pending auto-dismissals; for the instant
/// ``date``.
///
/// Every method is a pure function of the value, its arguments and the instant it is given: nothing
/// reads a clock, stores, waits or reports. A step returns the ``Action``s the caller performs:
/// ``AnnouncementManager`` holds one of these and does the effects (the store, the timer, the events).
///
/// ```swift
/// var display = AnnouncementDisplayState(minimumIntervalBetweenBanners: 30, date: now)
/// _ = display.track("home", using: inputs)
/// display.bannerLeft("promo", at: now)
/// let actions = display.reevaluate(.state(["promo"]), using: inputs, at: now)
/// display.answer(for: "home").explanation(of: "next")  // waiting until now + 30 s
/// ```
package struct AnnouncementDisplayState: Sendable {
    /// What changed since the answers were last worked out.
    package enum Change: Sendable, Hashable {
        /// The announcements, the context or the configuration: everything is evaluated again.
        case inputs
        /// Dismissals or impressions of these announcements: only they are evaluated again.
        case state(Set<String>)
        /// Only time passed: announcements whose time-dependent inputs changed are evaluated again.
        case time
        /// App events with these names were recorded: only the announcements they can change are
        /// evaluated again (see ``AnnouncementSelectionEngine/update(state:events:)``).
        case events(Set<String>)

        /// The records (dismissals, impressions, events) of `announcements` that differ between `previous`
        /// and `current`, as a change; `nil` when none differs. Changed records of both kinds are
        /// ``inputs``.
        package static func records(
            of announcements: [Announcement], from previous: AnnouncementState, to current: AnnouncementState
        ) -> Change? {
            let changed = Set(
                announcements.lazy.map(\.id).filter { id in
                    previous.dismissals[id] != current.dismissals[id]
                        || previous.impressions[id] != current.impressions[id]
                })
            let events = Set(
                Set(previous.events.keys).union(current.events.keys).filter {
                    previous.events[$0] != current.events[$0]
                })
            switch (changed.isEmpty, events.isEmpty) {
            case (true, true): return nil
            case (false, true): return .state(changed)
            case (true, false): return .events(events)
            case (false, false): return .inputs
            }
        }
    }

    /// An effect for the caller to perform, in order.
    package enum Action: Sendable, Hashable {
        /// Report this event to the app.
        case emit(AnnouncementEvent)
        /// Look again (``reevaluate(_:using:at:)`` with ``Change/time``) at this instant, replacing
        /// the previous wake-up; `nil`: nothing changes by time alone, no wake-up is needed.
        case wake(at: Date?)
    }

    /// What the selections are worked out from.
    package struct Inputs: Sendable {
        /// The loaded announcements, in feed order.
        package var announcements: [Announcement]
        /// The items the decoder dropped, excluded as invalid.
        package var rejected: [RejectedAnnouncement]
        /// Who is looking.
        package var context: AnnouncementContext
        /// Dismissals and impressions.
        package var state: AnnouncementState
        /// The zone of schedules whose time zone is `local`.
        package var localTimeZone: TimeZone
        /// The feed's global limits.
        package var limits: AnnouncementFeed.Limits?

        /// Creates inputs.
        package init(
            announcements: [Announcement], rejected: [RejectedAnnouncement] = [], context: AnnouncementContext,
            state: AnnouncementState, localTimeZone: TimeZone, limits: AnnouncementFeed.Limits? = nil
        ) {
            self.announcements = announcements
            self.rejected = rejected
            self.context = context
            self.state = state
            self.localTimeZone = localTimeZone
            self.limits = limits
        }

        /// A selection engine for `placement` at `date`.
        package func engine(for placement: String?, at date: Date) -> AnnouncementSelectionEngine {
            let evaluator = EligibilityEvaluator(
                context: context, state: state, scheduler: AnnouncementScheduler(localTimeZone: localTimeZone),
                placement: placement, limits: limits)
            return AnnouncementSelectionEngine(announcements, rejected: rejected, evaluator: evaluator, at: date)
        }
    }

    /// The least time between one banner going away and a different one showing, in seconds.
    package let minimumIntervalBetweenBanners: TimeInterval
    /// The instant the answers are for.
    package private(set) var date: Date
    /// Every placement looked at so far.
    package private(set) var placements: [String?: PlacementState] = [:]
    /// The announcements hidden for the rest of the session (their `autoDismissAfter` ran out).
    package private(set) var hidden: Set<String> = []
    /// When the next banner may show after the last one went away.
    package private(set) var nextBannerAllowedAt: Date?
    /// The countdown of each banner that hides by itself, by id: running while it is on screen, suspended
    /// while a pause hides it (see ``isPaused``).
    package private(set) var countdowns: [String: HideCountdown] = [:]
    /// When each banner on screen that hides by itself is hidden: the running ``countdowns``.
    package var hideDeadlines: [String: Date] { countdowns.compactMapValues(\.deadline) }
    /// The full length of each countdown a pause holds: it starts again from the start when the pause ends
    /// and the banner shows again.
    package var suspendedHides: [String: TimeInterval] {
        countdowns.filter { $0.value.deadline == nil }.mapValues(\.length)
    }
    /// The announcement shown at every placement whatever its eligibility, and without waiting for the
    /// gap between banners, until it leaves the screen (``bannerLeft(_:at:)``), the preview ends or the
    /// announcements no longer hold it.
    package private(set) var previewed: String?
    /// Whether the app paused banners: no placement shows one, the queues are kept. The countdown of a
    /// banner that hides by itself stops with the pause; when the pause ends and the banner shows again,
    /// it starts again with its full length (the user never saw the rest of it).
    package var isPaused = false

    /// Creates a display state for `date` that tracks no placement yet.
    package init(minimumIntervalBetweenBanners: TimeInterval, date: Date) {
        self.minimumIntervalBetweenBanners = minimumIntervalBetweenBanners
        self.date = date
    }

    // MARK: - Answers

    /// When the gap between banners ends, while it holds banners back at ``date``; otherwise `nil`.
    package var waitingUntil: Date? {
        guard previewed == nil, let gapEnd = nextBannerAllowedAt, date < gapEnd else { return nil }
        return gapEnd
    }

    /// What `placement` shows at ``date``; ``PlacementAnswer/empty`` when it is not tracked.
    package func answer(for placement: String?) -> PlacementAnswer {
        guard let state = placements[placement] else { return .empty }
        return PlacementAnswer(state.selection, waitingUntil: waitingUntil, previewed: previewed, paused: isPaused)
    }

    /// Whether `placement` has been looked at, and is kept up to date.
    package func isTracking(_ placement: String?) -> Bool { placements[placement] != nil }

    /// The ids of the banners showing at some placement at ``date``.
    package var shownIDs: Set<String> {
        guard waitingUntil == nil, !isPaused else { return [] }
        return Set(placements.values.compactMap(\.selection.active?.id))
    }

    /// The next instant at which an answer can change by time alone: a selection's next change, the
    /// end of the gap between banners, or an auto-dismissal; `nil` when none is coming.
    package var nextWake: Date? {
        var next = placements.values.lazy.compactMap(\.selection.nextChange).min()
        for candidate in [waitingUntil, countdowns.values.lazy.compactMap(\.deadline).min()] {
            if let candidate { next = min(next ?? candidate, candidate) }
        }
        return next
    }

    // MARK: - Steps

    /// Starts keeping `placement` up to date, worked out at ``date``; its active announcement counts
    /// as seen. Nothing changes for a placement already tracked.
    package mutating func track(_ placement: String?, using inputs: Inputs) -> [Action] {
        guard placements[placement] == nil else { return [] }
        placements[placement] = PlacementState(
            engine: inputs.engine(for: placement, at: date), hiding: hidden, previewing: previewed)
        passOverOnScreen()
        return [.wake(at: nextWake)]
    }

    /// Records that the banner `id` is on screen at `placement`, tracking the placement if needed. Returns
    /// `false`, and changes nothing, when `id` is on screen at another placement already: an announcement
    /// shows at one placement at a time, the first to show it keeps it.
    @discardableResult
    package mutating func putOnScreen(_ id: String, at placement: String?, using inputs: Inputs) -> Bool {
        guard !placements.contains(where: { $0.key != placement && $0.value.onScreen == id }) else { return false }
        _ = track(placement, using: inputs)
        placements[placement]?.onScreen = id
        return true
    }

    /// Makes every placement pass over the announcements on screen at another one
    /// (``PlacementState/passOver(_:previewing:)``).
    private mutating func passOverOnScreen() {
        let shown = placements.compactMap { key, value in value.onScreen.map { (id: $0, placement: key) } }
        guard !shown.isEmpty else { return }
        for index in placements.indices {
            let key = placements.keys[index]
            var taken: [String: String?] = [:]
            for entry in shown where entry.placement != key { taken[entry.id] = entry.placement }
            if !taken.isEmpty { placements.values[index].passOver(taken, previewing: previewed) }
        }
    }

    /// The banner `id` went away (dismissed or hidden) at `now`: it is no longer on screen anywhere,
    /// its auto-dismissal is dropped, and the gap between banners starts.
    package mutating func bannerLeft(_ id: String, at now: Date) {
        for index in placements.indices where placements.values[index].onScreen == id {
            placements.values[index].onScreen = nil
        }
        countdowns[id] = nil
        if previewed == id { endPreview() }
        if minimumIntervalBetweenBanners > 0 {
            nextBannerAllowedAt = now.addingTimeInterval(minimumIntervalBetweenBanners)
        }
    }

    /// Starts the gap between banners again after a relaunch: `left` is when a banner last went away
    /// (``AnnouncementState/lastBannerLeft``). A gap that has ended by `now` changes nothing, nor does
    /// one that would start further than its length after `now` (the clock went back).
    package mutating func restoreGap(bannerLeftAt left: Date?, at now: Date) {
        guard minimumIntervalBetweenBanners > 0, let left,
            let end = AnnouncementState.timedEnd(since: left, lasting: minimumIntervalBetweenBanners, at: now)
        else { return }
        nextBannerAllowedAt = max(nextBannerAllowedAt ?? end, end)
    }

    /// When the gap between banners that began at or after `previous` started, if it began since then:
    /// what ``AnnouncementState/lastBannerLeft`` stores. `previous` is ``nextBannerAllowedAt`` before a step.
    package func gapStart(since previous: Date?) -> Date? {
        guard let end = nextBannerAllowedAt, end != previous else { return nil }
        return end.addingTimeInterval(-minimumIntervalBetweenBanners)
    }

    /// Hides `id` for the rest of the session at `now`, without dismissing it.
    package mutating func hide(_ id: String, at now: Date) {
        hidden.insert(id)
        bannerLeft(id, at: now)
    }

    /// Hides `id` at `deadline` unless it leaves the screen first; a later call moves the deadline.
    /// `length` is the countdown's full length, which starts again after a pause (by default from
    /// ``date`` to `deadline`). Nothing happens when `id` is not showing at ``date``; while paused, the
    /// countdown of the banner that would show waits for the end of the pause.
    package mutating func hide(_ id: String, when deadline: Date, lasting length: TimeInterval? = nil) -> [Action] {
        let length = length ?? max(0, deadline.timeIntervalSince(date))
        if isPaused, waitingIDs.contains(id) {
            countdowns[id] = HideCountdown(length: length, deadline: nil)
            return []
        }
        guard shownIDs.contains(id) else { return [] }
        countdowns[id] = HideCountdown(length: length, deadline: deadline)
        return [.wake(at: nextWake)]
    }

    /// Drops the deadline set by ``hide(_:when:lasting:)`` for `id`, if any (also one a pause holds): the
    /// banner stays until something else makes it leave.
    package mutating func cancelHide(_ id: String) -> [Action] {
        guard countdowns.removeValue(forKey: id)?.deadline != nil else { return [] }
        return [.wake(at: nextWake)]
    }

    /// The ids of the banners the placements would show at ``date`` but for a pause.
    private var waitingIDs: Set<String> {
        guard waitingUntil == nil else { return [] }
        return Set(placements.values.compactMap(\.selection.active?.id))
    }

    /// Keeps the countdowns across a pause: while paused, those of the banners that would show are
    /// suspended with their full length, the others dropped; once it ends, those of the banners showing
    /// again start again at `now`, the others are dropped. Then only the running countdowns of banners on
    /// screen are kept.
    private mutating func carryHidesAcrossPause(at now: Date) {
        if isPaused {
            let waiting = waitingIDs
            countdowns = countdowns.filter { waiting.contains($0.key) }.mapValues { $0.suspended }
            return
        }
        let shown = shownIDs
        countdowns = countdowns.filter { shown.contains($0.key) }.mapValues { $0.running(from: now) }
    }

    /// Shows `id` at every placement from the next ``reevaluate(_:using:at:)`` on, whatever its
    /// eligibility, until it leaves the screen or ``endPreview()``; replaces an earlier preview.
    package mutating func preview(_ id: String) {
        if let previewed, previewed != id { endPreview() }
        previewed = id
    }

    /// Ends the preview, if any: from the next ``reevaluate(_:using:at:)`` on, the placements show what
    /// their selections say.
    package mutating func endPreview() {
        guard let id = previewed else { return }
        previewed = nil
        for index in placements.indices { placements.values[index].forgetActive(id) }
    }

    /// Brings every tracked placement up to date for `now` after `change`: hides the banners whose
    /// auto-dismissal is due, re-evaluates, reports the banners whose time ran out and gives the next
    /// wake-up.
    package mutating func reevaluate(_ change: Change, using inputs: Inputs, at now: Date) -> [Action] {
        date = now
        for (id, countdown) in countdowns where countdown.deadline.map({ $0 <= now }) == true { hide(id, at: now) }
        // A pause takes the banners off the screen: what shows after it is a new showing, held to its
        // frequency cap like any other (a banner that reached its cap does not come back).
        if isPaused {
            for index in placements.indices { placements.values[index].onScreen = nil }
        }
        // A preview ends with its announcement: a feed without it shows what the selections say.
        if let previewed, !inputs.announcements.contains(where: { $0.id == previewed }) { endPreview() }
        var actions: [Action] = []
        for index in placements.indices {
            let placement = placements.keys[index]
            if let expired = placements.values[index].look(
                after: change, at: placement, using: inputs, now: now, hiding: hidden, previewing: previewed)
            {
                actions.append(.emit(.expired(expired)))
            }
        }
        passOverOnScreen()
        carryHidesAcrossPause(at: now)
        actions.append(.wake(at: nextWake))
        return actions
    }
}

/// The countdown of a banner that hides by itself (`autoDismissAfter`): its full length, and its deadline
/// while it runs; `nil` while a pause holds it, to start again from the start when the banner shows again.
package struct HideCountdown: Sendable, Hashable {
    /// The countdown's full length, in seconds.
    package var length: TimeInterval
    /// When the banner is hidden; `nil` while suspended.
    package var deadline: Date?

    /// The countdown held by a pause.
    var suspended: HideCountdown { HideCountdown(length: length, deadline: nil) }

    /// The countdown running: as it is when it runs, or started again at `now` with its full length.
    func running(from now: Date) -> HideCountdown {
        deadline == nil ? HideCountdown(length: length, deadline: now.addingTimeInterval(length)) : self
    }
}
