public import Foundation
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
/// Launch never waits on the network: ``loadAnnouncements()`` serves the cached announcements at
/// once and refreshes in the background.
@MainActor
@Observable
public final class AnnouncementManager {
    /// How the manager behaves.
    public struct Configuration: Sendable {
        /// The safety rules actions are checked against again before they are routed.
        public var actionPolicy: ActionPolicy
        /// The least time between one banner going away and a different one showing, in seconds.
        public var minimumIntervalBetweenBanners: TimeInterval
        /// How often the feed is refreshed while the manager runs, in seconds.
        public var refreshInterval: TimeInterval
        /// The zone of schedules whose time zone is `local`.
        public var localTimeZone: TimeZone

        /// Creates a configuration; by default banners follow each other at once and the feed is
        /// refreshed every 15 minutes.
        public init(
            actionPolicy: ActionPolicy = ActionPolicy(), minimumIntervalBetweenBanners: TimeInterval = 0,
            refreshInterval: TimeInterval = 900, localTimeZone: TimeZone = .current
        ) {
            self.actionPolicy = actionPolicy
            self.minimumIntervalBetweenBanners = minimumIntervalBetweenBanners
            self.refreshInterval = refreshInterval
            self.localTimeZone = localTimeZone
        }
    }

    /// Who is looking; changing it re-evaluates at once.
    public var context: AnnouncementContext {
        didSet { reevaluate(.inputs) }
    }

    /// The loaded announcements, in feed order.
    public private(set) var announcements: [Announcement] = []
    /// The loaded feed's default locale.
    public private(set) var defaultLocale = "en"
    /// The result of the last load or refresh.
    public private(set) var lastFetchResult: FetchResult?
    /// Dismissals and impressions, as last stored.
    public private(set) var state: AnnouncementState
    /// The instant the current answers are for.
    public private(set) var evaluationDate: Date
    /// What went wrong with the state store, when something did (a corrupt file set aside, a failed write).
    public private(set) var storeNotice: String?
    /// When the next banner may show after the last one went away.
    public private(set) var nextBannerAllowedAt: Date?

    @ObservationIgnored private let provider: any AnnouncementProviding
    @ObservationIgnored private let store: any AnnouncementStateStore
    /// Where the large reads and writes of the store run: off the main actor, and off the threads Swift
    /// concurrency shares, since a store blocks on file locks and disk writes. Serial, so they run in order.
    @ObservationIgnored private let storeQueue = DispatchQueue(
        label: "AnnouncementKit.state-store", qos: .userInitiated)
    @ObservationIgnored private let timeSource: any TimeSource
    /// How the manager behaves.
    @ObservationIgnored public let configuration: Configuration
    @ObservationIgnored private var rejected: [RejectedAnnouncement] = []
    @ObservationIgnored private var shownThisSession: Set<String> = []
    @ObservationIgnored private var onScreen: [String?: String] = [:]
    private var hiddenThisSession: Set<String> = []
    @ObservationIgnored private var selections: [String?: AnnouncementSelection] = [:]
    @ObservationIgnored private var placements: Set<String?> = [nil]
    @ObservationIgnored private var engines: [String?: AnnouncementSelectionEngine] = [:]
    @ObservationIgnored private var lastActive: [String?: String] = [:]
    @ObservationIgnored private var boundaryTask: Task<Void, Never>?
    @ObservationIgnored private var refreshTask: Task<Void, Never>?
    @ObservationIgnored private var subscribers: [UUID: AsyncStream<AnnouncementEvent>.Continuation] = [:]
    @ObservationIgnored private var isLoaded = false
    @ObservationIgnored private var isReevaluating = false
    /// Counts the changes applied to ``state``, so a background read or write that finishes after a later
    /// change does not overwrite it.
    @ObservationIgnored private var stateGeneration = 0

    /// Creates a manager. Nothing is loaded until ``loadAnnouncements()``.
    ///
    /// - Parameters:
    ///   - provider: where announcements come from.
    ///   - context: who is looking.
    ///   - store: where dismissals and impressions are kept; the platform's default when omitted.
    ///   - timeSource: the clock and timers; ``ManualTimeSource`` in tests.
    ///   - configuration: behaviour settings.
    public init(
        provider: any AnnouncementProviding,
        context: AnnouncementContext,
        store: any AnnouncementStateStore = AnnouncementStateStores.makeDefault(),
        timeSource: any TimeSource = SystemTimeSource(),
        configuration: Configuration = Configuration()
    ) {
        self.provider = provider
        self.context = context
        self.store = store
        self.timeSource = timeSource
        self.configuration = configuration
        self.state = AnnouncementState()
        self.evaluationDate = timeSource.now
    }

    deinit {
        boundaryTask?.cancel()
        refreshTask?.cancel()
        for continuation in subscribers.values { continuation.finish() }
    }

    // MARK: - Loading

    /// Reads the stored state and the cached announcements and shows them at once, then refreshes
    /// from the network in the background and every ``Configuration/refreshInterval`` after that.
    /// Calling it again only refreshes.
    public func loadAnnouncements() async {
        guard !isLoaded else {
            await refresh(force: false)
            return
        }
        isLoaded = true
        // The stored state is read off the main actor: it is bounded, but an older version's file can be
        // large, and reading it must not hold up the app's interface.
        let generation = stateGeneration
        let store = self.store
        let load = await onStoreQueue { store.load() }
        if generation == stateGeneration {
            state = load.state
            state.shownThisSession = shownThisSession
        }
        storeNotice = load.notice
        if let cached = await provider.cachedAnnouncements() {
            await apply(cached, reportFailure: false)
        } else {
            reevaluate(.inputs)
        }
        refreshTask = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                await self.refresh(force: false)
                let next = self.timeSource.now.addingTimeInterval(self.configuration.refreshInterval)
                do {
                    try await self.timeSource.sleep(until: next)
                } catch {
                    return
                }
            }
        }
    }

    /// Loads the feed now and applies the result; `force` (the default, for pull to refresh) skips
    /// the minimum interval, freshness and back-off.
    @discardableResult
    public func refresh(force: Bool = true) async -> FetchResult {
        let result = await provider.fetchAnnouncements(force: force)
        await apply(result, reportFailure: true)
        return result
    }

    /// Stops the background refresh and the boundary timer.
    public func stop() {
        refreshTask?.cancel()
        refreshTask = nil
        boundaryTask?.cancel()
        boundaryTask = nil
    }

    /// Shows `result` at once, then prunes the stored state to its ids in the background.
    private func apply(_ result: FetchResult, reportFailure: Bool) async {
        announcements = result.announcements
        defaultLocale = result.defaultLocale
        rejected = result.rejected
        lastFetchResult = result
        if reportFailure, let failure = result.failure, failure.kind != .throttled {
            emit(.fetchFailed(failure))
        }
        // Pruning changes only the records of ids absent from the feed, which no answer reads: the
        // answers need not wait for it.
        reevaluate(.inputs)
        let ids = result.announcements.map(\.id)
        let now = timeSource.now
        await persistInBackground { $0.prune(keeping: ids, at: now) }
    }

    // MARK: - What shows

    /// The announcement showing at `placement` (`nil`: a banner attached without a placement name).
    public func activeAnnouncement(for placement: String? = nil) -> Announcement? {
        if let gap = nextBannerAllowedAt, evaluationDate < gap { return nil }
        return selection(for: placement).active
    }

    /// The announcement showing at a banner attached without a placement name.
    public var activeAnnouncement: Announcement? { activeAnnouncement(for: nil) }

    /// The eligible announcements waiting behind the active one at `placement`, in showing order.
    public func queue(for placement: String? = nil) -> [Announcement] {
        let selection = selection(for: placement)
        if let gap = nextBannerAllowedAt, evaluationDate < gap {
            return (selection.active.map { [$0] } ?? []) + selection.queue
        }
        return selection.queue
    }

    /// The queue at a banner attached without a placement name.
    public var queue: [Announcement] { queue(for: nil) }

    /// Why the announcement `id` is or is not showing at `placement`.
    public func explain(id: String, placement: String? = nil) -> AnnouncementExplanation {
        let selection = selection(for: placement)
        if let exclusion = selection.excluded.first(where: { $0.id == id }) {
            return AnnouncementExplanation(id: id, status: .excluded(exclusion.reason, detail: exclusion.detail))
        }
        if let gap = nextBannerAllowedAt, evaluationDate < gap,
            selection.active?.id == id || selection.queue.contains(where: { $0.id == id })
        {
            return AnnouncementExplanation(id: id, status: .waiting(until: gap))
        }
        if selection.active?.id == id { return AnnouncementExplanation(id: id, status: .active) }
        if let index = selection.queue.firstIndex(where: { $0.id == id }) {
            return AnnouncementExplanation(id: id, status: .queued(position: index + 1))
        }
        return AnnouncementExplanation(id: id, status: .unknown)
    }

    private func selection(for placement: String?) -> AnnouncementSelection {
        if let cached = selections[placement] { return cached }
        placements.insert(placement)
        if engines[placement] == nil {
            let evaluator = EligibilityEvaluator(
                context: context, state: state,
                scheduler: AnnouncementScheduler(localTimeZone: configuration.localTimeZone), placement: placement)
            engines[placement] = AnnouncementSelectionEngine(
                announcements, rejected: rejected, evaluator: evaluator, at: evaluationDate)
        }
        var selection = engines[placement]!.selection
        adjustForDisplay(&selection, placement: placement)
        selections[placement] = selection
        if !isReevaluating {
            // A placement seen for the first time: remember what it shows and let its next change
            // arm the timer too.
            if lastActive[placement] == nil, let active = selection.active { lastActive[placement] = active.id }
            scheduleBoundaryTimer()
        }
        return selection
    }

    /// Banners hidden for the session leave the active slot and the queue; the banner on screen
    /// stays while only a frequency cap (reached by its own impression) excludes it, so a
    /// `maxImpressions: 1` banner does not vanish the moment it appears.
    private func adjustForDisplay(_ selection: inout AnnouncementSelection, placement: String?) {
        if !hiddenThisSession.isEmpty {
            var eligible = (selection.active.map { [$0] } ?? []) + selection.queue
            for announcement in eligible where hiddenThisSession.contains(announcement.id) {
                selection.excluded.append(
                    .init(id: announcement.id, reason: .dismissed, detail: "hidden for this session (autoDismissAfter)")
                )
            }
            eligible.removeAll { hiddenThisSession.contains($0.id) }
            selection.active = eligible.first
            selection.queue = Array(eligible.dropFirst())
        }
        if let pinnedID = onScreen[placement],
            let index = selection.excluded.firstIndex(where: { $0.id == pinnedID && $0.reason == .frequencyCapped }),
            let announcement = announcements.first(where: { $0.id == pinnedID })
        {
            selection.excluded.remove(at: index)
            if let active = selection.active { selection.queue.insert(active, at: 0) }
            selection.active = announcement
        }
    }

    // MARK: - Actions

    /// Dismisses `announcement` for its current revision; the dismissal is stored before this
    /// returns. Returns `false` (and changes nothing) for an announcement that is not dismissible.
    @discardableResult
    public func dismiss(_ announcement: Announcement) -> Bool {
        dismiss(announcement, cause: .user)
    }

    private func dismiss(_ announcement: Announcement, cause: AnnouncementEvent.DismissalCause) -> Bool {
        guard announcement.isDismissible else { return false }
        let now = timeSource.now
        onScreen = onScreen.filter { $0.value != announcement.id }
        persist { $0.recordDismissal(of: announcement, at: now) }
        startBannerGap(at: now)
        emit(.dismissed(announcement, cause))
        reevaluate(.state([announcement.id]))
        return true
    }

    /// Performs the announcement's action: a `dismiss` action dismisses it; a `url` or `deepLink`
    /// action is checked against ``Configuration/actionPolicy`` again and returned for the app to open.
    public func perform(_ announcement: Announcement) -> ActionRoute {
        guard let action = announcement.action else { return .none("the announcement has no action") }
        switch action.type {
        case .dismiss:
            emit(.actionTapped(announcement, nil))
            return dismiss(announcement, cause: .action) ? .dismissed : .none("the announcement is not dismissible")
        case .url, .deepLink:
            let value = action.value ?? ""
            if let problem = configuration.actionPolicy.problem(with: value, type: action.type) {
                return .none("\(action.type.rawValue) action value \(problem)")
            }
            guard let url = URL(string: value) else { return .none("the action's URL does not parse") }
            emit(.actionTapped(announcement, url))
            return action.type == .url ? .openURL(url) : .openDeepLink(url)
        }
    }

    /// Records that `announcement` was shown (the banner view calls this when it appears).
    ///
    /// The banner stays on screen at `placement` until it is dismissed, hidden or no longer
    /// eligible, even when this impression reaches its frequency cap.
    public func recordImpression(_ announcement: Announcement, placement: String? = nil) {
        let now = timeSource.now
        shownThisSession.insert(announcement.id)
        onScreen[placement] = announcement.id
        persist { $0.recordImpression(of: announcement.id, at: now) }
        emit(.shown(announcement))
        reevaluate(.state([announcement.id]))
    }

    /// Hides `announcement` for the rest of the session without dismissing it (its
    /// `autoDismissAfter` ran out); the next banner in the queue shows.
    public func hide(_ announcement: Announcement) {
        hiddenThisSession.insert(announcement.id)
        onScreen = onScreen.filter { $0.value != announcement.id }
        startBannerGap(at: timeSource.now)
        reevaluate(.time)
    }

    private func startBannerGap(at date: Date) {
        guard configuration.minimumIntervalBetweenBanners > 0 else { return }
        nextBannerAllowedAt = date.addingTimeInterval(configuration.minimumIntervalBetweenBanners)
    }

    /// Applies `change` through the store before returning, so a dismissal or an impression is durable
    /// when the call that made it returns; when the store fails the change still applies in memory and
    /// ``storeNotice`` says why. The write is small: the state is bounded (``AnnouncementState``), and
    /// the large reads and writes (the load, the prune at each refresh) run in the background.
    private func persist(_ change: @escaping (inout AnnouncementState) -> Void) {
        do {
            state = try store.update(change)
        } catch {
            change(&state)
            storeNotice = "could not store the change: \(error)"
        }
        stateGeneration += 1
        state.shownThisSession = shownThisSession
    }

    /// Applies `change` through the store on a background thread, and then to ``state``. When another
    /// change was applied meanwhile, `change` is applied on top of it in memory (the store has both),
    /// so neither is lost. Announcements whose records changed (another process dismissed one, say)
    /// are evaluated again.
    private func persistInBackground(_ change: @escaping @Sendable (inout AnnouncementState) -> Void) async {
        let generation = stateGeneration
        let store = self.store
        let stored = await onStoreQueue { Result<AnnouncementState, any Error> { try store.update(change) } }
        let previous = state
        switch stored {
        case .success(let updated) where generation == stateGeneration:
            state = updated
        case .success:
            change(&state)
        case .failure(let error):
            change(&state)
            storeNotice = "could not store the change: \(error)"
        }
        stateGeneration += 1
        state.shownThisSession = shownThisSession
        let changed = Set(
            announcements.lazy.map(\.id).filter { id in
                previous.dismissals[id] != self.state.dismissals[id]
                    || previous.impressions[id] != self.state.impressions[id]
            })
        if !changed.isEmpty { reevaluate(.state(changed)) }
    }

    /// Runs `work` on ``storeQueue`` and gives its result.
    private func onStoreQueue<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            storeQueue.async { continuation.resume(returning: work()) }
        }
    }

    // MARK: - Events

    /// A stream of what happens to announcements; each access gives a new stream that receives
    /// every later event until it is dropped.
    public var events: AsyncStream<AnnouncementEvent> {
        let (stream, continuation) = AsyncStream<AnnouncementEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }

    private func emit(_ event: AnnouncementEvent) {
        for continuation in subscribers.values { continuation.yield(event) }
    }

    // MARK: - Re-evaluation

    /// What changed since the answers were last worked out.
    private enum Change {
        /// The announcements, the context or the configuration: everything is evaluated again.
        case inputs
        /// Dismissals or impressions of these announcements: only they are evaluated again.
        case state(Set<String>)
        /// Only time passed: announcements whose time-dependent inputs changed are evaluated again.
        case time
    }

    /// Brings every answer up to date for the current time and re-arms the boundary timer.
    private func reevaluate(_ change: Change) {
        evaluationDate = timeSource.now
        switch change {
        case .inputs:
            engines = [:]
        case .state(let ids):
            for placement in engines.keys {
                engines[placement]?.update(state: state, changedIDs: ids)
                engines[placement]?.advance(to: evaluationDate)
            }
        case .time:
            for placement in engines.keys { engines[placement]?.advance(to: evaluationDate) }
        }
        selections = [:]
        isReevaluating = true
        defer { isReevaluating = false }
        for placement in placements {
            let selection = selection(for: placement)
            if let previous = lastActive[placement], previous != selection.active?.id,
                let exclusion = selection.excluded.first(where: { $0.id == previous }),
                [.expired, .outsideWindow].contains(exclusion.reason),
                let announcement = announcements.first(where: { $0.id == previous })
            {
                emit(.expired(announcement))
            }
            lastActive[placement] = selection.active?.id
        }
        scheduleBoundaryTimer()
    }

    private func scheduleBoundaryTimer() {
        var next = selections.values.compactMap(\.nextChange).min()
        if let gap = nextBannerAllowedAt, gap > evaluationDate { next = min(next ?? gap, gap) }
        boundaryTask?.cancel()
        guard let next else {
            boundaryTask = nil
            return
        }
        boundaryTask = Task { [weak self, timeSource] in
            do {
                try await timeSource.sleep(until: next)
            } catch {
                return
            }
            self?.reevaluate(.time)
        }
    }
}
