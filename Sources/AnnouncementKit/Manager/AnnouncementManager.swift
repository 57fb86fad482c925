package import Foundation
public import Observation

/// The app's one object for announcements: it loads them, decides what shows where, records
/// dismissals and impressions, and re-evaluates by itself when time changes the answer.
///
/// ```swift
/// @main struct MyApp: App {
///     @State private var announcements = AnnouncementManager(
///         provider: CombinedAnnouncementProvider([remote, LocalAnnouncementProvider(builtIn)]),
///         context: AnnouncementContext(appVersion: SemanticVersion("3.4.1"), locale: "de-AT"))
///
///     var body: some Scene {
///         WindowGroup {
///             ContentView()
///                 .announcementBanner(manager: announcements)
///                 .task { await announcements.loadAnnouncements() }
///         }
///     }
/// }
/// ```
///
/// Launch never waits on the network: the app calls ``loadAnnouncements()`` from a `.task`, which
/// shows the cached announcements at once and then waits for the first fetch.
///
/// Any ``AnnouncementProviding`` will do. A provider written to that protocol alone has no cache
/// for the launch, and when a fetch throws the manager keeps the announcements it has (the failure is
/// in ``lastFetchResult`` and the ``events``).
///
/// The manager is `Observable` and safe to use from any thread or task, as the template's manager
/// was used: SwiftUI reads it on the main actor, a test may call it from its own task, and its
/// timers and refreshes run in the background. Each call is one step under the manager's lock;
/// observers are told of each change as it is made, on the thread that made it.
public final class AnnouncementManager: Observable, @unchecked Sendable {
    /// Who is looking; changing it re-evaluates at once.
    public var context: AnnouncementContext {
        get { read(\.context) { _context } }
        set {
            lock.withLock {
                write(\.context) { _context = newValue }
                reevaluate(.inputs)
            }
        }
    }

    /// The loaded announcements, in feed order.
    public private(set) var announcements: [Announcement] {
        get { read(\.announcements) { _announcements } }
        set { write(\.announcements) { _announcements = newValue } }
    }
    /// The loaded feed's default locale.
    public private(set) var defaultLocale: String {
        get { read(\.defaultLocale) { _defaultLocale } }
        set { write(\.defaultLocale) { _defaultLocale = newValue } }
    }
    /// The result of the last load or refresh.
    public private(set) var lastFetchResult: FetchResult? {
        get { read(\.lastFetchResult) { _lastFetchResult } }
        set { write(\.lastFetchResult) { _lastFetchResult = newValue } }
    }
    /// Dismissals and impressions, as last stored.
    public internal(set) var state: AnnouncementState {
        get { read(\.state) { _state } }
        set { write(\.state) { _state = newValue } }
    }
    /// What went wrong with the state store, when something did (a corrupt file set aside, a failed write).
    public internal(set) var storeNotice: String? {
        get { read(\.storeNotice) { _storeNotice } }
        set { write(\.storeNotice) { _storeNotice = newValue } }
    }
    /// The instant the current answers are for.
    package var evaluationDate: Date {
        read(\.display) { display.date }
    }
    /// The next instant at which time alone can change an answer (a schedule edge, the end of the gap
    /// between banners, an auto-dismissal): when the manager's timer fires; `nil` when none is coming.
    package var nextChange: Date? {
        read(\.display) { display.nextWake }
    }
    /// When the next banner may show after the last one went away.
    package var nextBannerAllowedAt: Date? {
        read(\.display) { display.nextBannerAllowedAt }
    }

    /// Guards every stored property below. Recursive: a public call made while the lock is held (an
    /// observer reading the manager as it is told of a change) re-enters on the same thread.
    let lock = NSRecursiveLock()
    let observationRegistrar = ObservationRegistrar()
    private var _context: AnnouncementContext
    private var _announcements: [Announcement] = []
    private var _defaultLocale = "en"
    private var _lastFetchResult: FetchResult?
    private var _state: AnnouncementState
    private var _storeNotice: String?

    /// The provider, as a feed provider (a simple one wrapped by ``ThrowingProviderAdapter``).
    let provider: any AnnouncementFeedProviding
    /// The state store; the large reads and writes run in the background.
    let store: StateStoreAccess
    let timeSource: any TimeSource
    /// How the manager behaves.
    package let configuration: Configuration
    private var rejected: [RejectedAnnouncement] = []
    var shownThisSession: Set<String> = []
    /// The impressions whose `goal` may still convert.
    var conversions = ConversionTracker()
    /// What shows where: the rules, as a value. Observed by hand: every answer registers access to it,
    /// every re-evaluation notifies; starting to track a placement changes no answer already given, so it
    /// notifies no one (a view may ask for a new placement while its body is being computed).
    var display: AnnouncementDisplayState
    /// Wakes the manager at ``AnnouncementDisplayState/nextWake``.
    private var wakeTask: Task<Void, Never>?
    private(set) var refreshTask: Task<Void, Never>?
    private let broadcaster = EventBroadcaster()
    private var isLoaded = false
    /// The loaded announcements' target audiences that the configuration's
    /// ``Configuration/audienceResolver`` accepted.
    private var resolvedSegments: Set<String> = []
    /// Set by ``stop()``: a first load still waiting for its fetch then starts no background refresh.
    /// (A first load after ``stop()`` starts it.)
    private var isStopped = false
    /// Counts the changes applied to ``state``, so a background read or write that finishes after a later
    /// change does not overwrite it.
    var stateGeneration = 0
    /// Counts the writes to the store begun (``AnnouncementManager/persist(_:)`` and the background
    /// writes), so the load at launch knows whether a write read the store before it was done.
    var stateWrites = 0
    /// The changes applied to ``state`` and not yet written (tracked events), oldest first.
    var pendingChanges: [@Sendable (inout AnnouncementState) -> Void] = []
    /// Whether a background write of ``pendingChanges`` is on its way.
    var isWriteScheduled = false
    /// Whether the stored state read at launch has been taken; until then, nothing is written behind
    /// the caller's back.
    var isStateLoaded = false

    /// Creates a manager. Nothing is loaded until ``loadAnnouncements()``.
    ///
    /// - Parameters:
    ///   - provider: where announcements come from; a provider that only throws or returns is kept
    ///     apart from its failures (the manager keeps what it had when a fetch throws).
    ///   - context: who is looking; ``AnnouncementContext/current`` (the device, no user facts) when omitted.
    ///   - store: where dismissals and impressions are kept; the platform's default when omitted.
    ///   - timeSource: the clock and timers; `ManualTimeSource` (AnnouncementKitTesting) in tests.
    ///   - configuration: behaviour settings.
    public init(
        provider: any AnnouncementProviding,
        context: AnnouncementContext = .current,
        store: any AnnouncementStateStore = AnnouncementStateStores.makeDefault(),
        timeSource: any TimeSource = SystemTimeSource(),
        configuration: Configuration = Configuration()
    ) {
        self.provider = ThrowingProviderAdapter.feedProvider(for: provider)
        self._context = context
        self.store = StateStoreAccess(store)
        self.timeSource = timeSource
        self.configuration = configuration
        self._state = AnnouncementState()
        self.display = AnnouncementDisplayState(
            minimumIntervalBetweenBanners: configuration.minimumIntervalBetweenBanners, date: timeSource.now)
        // A banner attached without a placement name is followed from the start.
        _ = display.track(nil, using: inputs)
    }

    deinit {
        wakeTask?.cancel()
        refreshTask?.cancel()
    }

    // MARK: - Loading

    /// Reads the stored state and the cached announcements and shows them at once, then fetches and
    /// returns when the fetch's answer is applied, so ``activeAnnouncement`` reflects it; after that
    /// the feed is refreshed in the background every ``Configuration/refreshInterval``. Calling it
    /// again only refreshes.
    ///
    /// Call it from a `.task`: the interface does not wait for it, and the cached announcements show
    /// before the network answers. A failed fetch keeps the announcements the manager has.
    public func loadAnnouncements() async {
        let isFirst = lock.withLock {
            guard !isLoaded else { return false }
            isLoaded = true
            isStopped = false
            return true
        }
        guard isFirst else {
            await refresh(force: false)
            return
        }
        // The stored state is read in the background: it is bounded, but an older version's file can be
        // large, and reading it must not hold up the app's interface.
        let writes = lock.withLock { stateWrites }
        let load = await store.load()
        lock.withLock {
            adoptLoaded(load, writtenMeanwhile: writes != stateWrites)
            display.restoreGap(bannerLeftAt: state.lastBannerLeft, at: timeSource.now)
        }
        if let cached = await provider.cachedFeed() {
            await apply(cached, reportFailure: false)
        } else {
            lock.withLock { reevaluate(.inputs) }
        }
        await refresh(force: false)
        lock.withLock {
            guard !isStopped else { return }
            startRefreshing()
        }
    }

    /// Refreshes every ``Configuration/refreshInterval``, the first time one interval from now.
    private func startRefreshing() {
        refreshTask = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                let next = self.timeSource.now.addingTimeInterval(self.configuration.refreshInterval)
                // The sleep throws only when the task is cancelled.
                guard (try? await self.timeSource.sleep(until: next)) != nil else { return }
                await self.refresh(force: false)
            }
        }
    }

    /// Loads the feed now and applies the result; `force` (the default, for pull to refresh) skips
    /// the minimum interval, freshness and back-off.
    @discardableResult
    public func refresh(force: Bool = true) async -> FetchResult {
        let result = await provider.fetchFeed(force: force)
        await apply(result, reportFailure: true)
        return result
    }

    /// Stops the background refresh and the timer that re-evaluates when time changes an answer
    /// (schedule edges, the gap between banners, auto-dismissals).
    public func stop() {
        lock.withLock {
            // The events tracked and not yet written are written now.
            if !pendingChanges.isEmpty { persist { _ in } }
            isStopped = true
            refreshTask?.cancel()
            refreshTask = nil
            wakeTask?.cancel()
            wakeTask = nil
        }
    }

    /// Shows `result` at once, then prunes the stored state to its ids in the background.
    private func apply(_ result: FetchResult, reportFailure: Bool) async {
        let admitted = AnnouncementIntake.admit(result.announcements)
        let resolved = configuration.audienceResolver.acceptedSegments(among: admitted.kept.lazy.map(\.targetAudience))
        lock.withLock {
            announcements = admitted.kept
            resolvedSegments = resolved
            defaultLocale = result.defaultLocale
            rejected = result.rejected + admitted.dropped
            lastFetchResult = result
            if reportFailure, let failure = result.failure, failure.kind != .throttled {
                emit(.fetchFailed(failure))
            }
            // Pruning changes only the records of ids absent from the feed, which no answer reads: the
            // answers need not wait for it.
            reevaluate(.inputs)
        }
        // Logged outside the lock: a slow handler holds up no other call.
        logFetch(result, dropped: admitted.dropped, usable: admitted.kept.count, isCachedAtLaunch: !reportFailure)
        let ids = admitted.kept.map(\.id)
        let now = timeSource.now
        await persistInBackground { $0.prune(keeping: ids, at: now) }
    }

    // MARK: - What shows

    /// The announcement showing at `placement` (`nil`: a banner attached without a placement name).
    ///
    /// The first question about a placement starts following it: its answer is worked out for
    /// the manager's evaluation date and kept up to date from then on, and its next change by time arms the
    /// manager's timer. Later questions only read.
    public func activeAnnouncement(for placement: String? = nil) -> Announcement? {
        lock.withLock { answer(for: placement).active }
    }

    /// The announcement showing at a banner attached without a placement name.
    public var activeAnnouncement: Announcement? { activeAnnouncement(for: nil) }

    /// The eligible announcements waiting behind the active one at `placement`, in showing order;
    /// while the gap between banners holds them back, the one that would be active comes first.
    public func queue(for placement: String? = nil) -> [Announcement] {
        lock.withLock { answer(for: placement).queue }
    }

    /// The queue at a banner attached without a placement name.
    public var queue: [Announcement] { queue(for: nil) }

    /// Why the announcement `id` is or is not showing at `placement`.
    public func explain(id: String, placement: String? = nil) -> AnnouncementExplanation {
        lock.withLock { answer(for: placement).explanation(of: id) }
    }

    /// The answer at `placement`, after following the placement if it is new (the one effect of a
    /// question: ``AnnouncementDisplayState/track(_:using:)`` and the timer it may re-arm).
    private func answer(for placement: String?) -> PlacementAnswer {
        access(keyPath: \.display)
        if !display.isTracking(placement) { carryOut(display.track(placement, using: inputs)) }
        return display.answer(for: placement)
    }

    /// What the answers are worked out from.
    private var inputs: AnnouncementDisplayState.Inputs {
        var context = context
        if !resolvedSegments.isSubset(of: context.segments) { context.segments.formUnion(resolvedSegments) }
        return AnnouncementDisplayState.Inputs(
            announcements: announcements, rejected: rejected, context: context, state: state,
            localTimeZone: configuration.localTimeZone, limits: lastFetchResult?.limits)
    }

    // MARK: - Actions

    /// Dismisses `announcement` for its current revision; the dismissal is stored before this
    /// returns. Returns `false` (and changes nothing) for an announcement that is not dismissible.
    @discardableResult
    public func dismiss(_ announcement: Announcement) -> Bool {
        lock.withLock { dismiss(announcement, cause: .user) }
    }

    private func dismiss(_ announcement: Announcement, cause: AnnouncementEvent.DismissalCause) -> Bool {
        guard announcement.isDismissible else { return false }
        let now = timeSource.now
        let gapBefore = display.nextBannerAllowedAt
        display.bannerLeft(announcement.id, at: now)
        let gap = display.gapStart(since: gapBefore)
        persist {
            $0.recordDismissal(of: announcement, at: now)
            if let gap { $0.lastBannerLeft = gap }
        }
        emit(.dismissed(announcement, cause))
        reevaluate(.state([announcement.id]))
        return true
    }

    /// Performs the announcement's action: a `dismiss` action dismisses it; a `url` or `deepLink`
    /// action is checked against ``Configuration/actionPolicy`` again and returned for the app to open,
    /// and a dismissible announcement is dismissed too (after the `actionTapped` event, with the cause
    /// `action`), so its banner goes away; a non-dismissible one stays.
    public func perform(_ announcement: Announcement) -> ActionRoute {
        lock.withLock { performLocked(announcement) }
    }

    private func performLocked(_ announcement: Announcement) -> ActionRoute {
        let route = ActionRoute(checking: announcement.action, against: configuration.actionPolicy)
        switch route {
        case .dismissed:
            emit(.actionTapped(announcement, nil))
            return dismiss(announcement, cause: .action) ? .dismissed : .none("the announcement is not dismissible")
        case .openURL(let url), .openDeepLink(let url):
            emit(.actionTapped(announcement, url))
            _ = dismiss(announcement, cause: .action)
        case .none(let reason):
            log(.actionRefused(id: announcement.id, reason: reason))
        }
        return route
    }

    /// Records that `announcement` was shown (the banner view calls this when it appears).
    ///
    /// The banner stays on screen at `placement` until it is dismissed, hidden or no longer
    /// eligible, even when this impression reaches its frequency cap. An announcement shows at one
    /// placement at a time: while it is on screen at one, the others pass it over and show their next;
    /// when two placements show it in the same moment, the first impression keeps it and the other is
    /// not recorded (that placement moves on to its next announcement).
    public func recordImpression(_ announcement: Announcement, placement: String? = nil) {
        lock.withLock {
            let now = timeSource.now
            guard display.putOnScreen(announcement.id, at: placement, using: inputs) else {
                reevaluate(.state([announcement.id]))
                return
            }
            shownThisSession.insert(announcement.id)
            storeImpression(of: announcement, at: now)
            emit(.shown(announcement))
            reevaluate(.state([announcement.id]))
        }
    }

    /// Hides `announcement` for the rest of the session without dismissing it (its
    /// `autoDismissAfter` ran out); the next banner in the queue shows.
    public func hide(_ announcement: Announcement) {
        lock.withLock {
            let gapBefore = display.nextBannerAllowedAt
            display.hide(announcement.id, at: timeSource.now)
            storeGap(since: gapBefore)
            reevaluate(.time)
        }
    }

    /// Hides `announcement` as ``hide(_:)`` does once `delay` seconds have passed on the manager's time
    /// source, unless it leaves the screen first (dismissed, hidden, replaced by another banner or no
    /// longer eligible). It must be showing; calling it again moves the deadline. The banner view calls
    /// this for an announcement's `autoDismissAfter`; the view then only observes the banner going. While
    /// ``isPaused`` hides the banner its countdown stops; when it shows again after the pause, the
    /// countdown starts again with the full `delay`.
    package func hide(_ announcement: Announcement, after delay: TimeInterval) {
        guard delay.isFinite else { return }
        lock.withLock {
            let deadline = timeSource.now.addingTimeInterval(delay)
            carryOut(display.hide(announcement.id, when: deadline, lasting: delay))
        }
    }

    /// Cancels the countdown that `hide(_:after:)` started for `announcement`: the banner view calls
    /// this when it goes off screen (navigation, `announcementsSuppressed()`), so a banner nobody could
    /// see is not hidden; when the view shows it again, the countdown starts again.
    package func cancelHide(_ announcement: Announcement) {
        lock.withLock { carryOut(display.cancelHide(announcement.id)) }
    }

    // MARK: - Events

    /// A stream of what happens to announcements; each access gives a new stream that receives
    /// every later event until it is dropped.
    public var events: AsyncStream<AnnouncementEvent> { broadcaster.stream() }

    /// Emits `event`, its announcement with the user's variant.
    func emit(_ event: AnnouncementEvent) { broadcaster.emit(event.showingVariant(for: _context.rolloutKey)) }

    // MARK: - Re-evaluation

    /// Brings every answer up to date for the current time, telling observers, and performs what the
    /// display rules ask for.
    func reevaluate(_ change: AnnouncementDisplayState.Change) {
        let now = timeSource.now
        let gapBefore = display.nextBannerAllowedAt
        let actions = withMutation(keyPath: \.display) {
            display.reevaluate(change, using: inputs, at: now)
        }
        storeGap(since: gapBefore)
        carryOut(actions)
    }

    private func carryOut(_ actions: [AnnouncementDisplayState.Action]) {
        for action in actions {
            switch action {
            case .emit(let event): emit(event)
            case .wake(let date): wake(at: date)
            }
        }
    }

    /// Replaces the timer: at `date` the manager re-evaluates for the time then.
    private func wake(at date: Date?) {
        wakeTask?.cancel()
        guard let date else {
            wakeTask = nil
            return
        }
        wakeTask = Task { [weak self, timeSource] in
            guard (try? await timeSource.sleep(until: date)) != nil else { return }  // cancelled
            self?.timerFired()
        }
    }

    /// The timer's wake-up: re-evaluates for the time now.
    private func timerFired() {
        lock.withLock { reevaluate(.time) }
    }
}
