import Foundation
import Observation

/// Shows one placement's announcements in a host that draws them itself (a terminal, a game's own
/// interface, a custom renderer), doing what `.announcementBanner()` does in SwiftUI: it gives the
/// banner to draw with its appearance for the manager's language and the host's colour scheme,
/// records the impression once per showing, has the manager hide the banner when its
/// `autoDismissAfter` runs out, and routes the banner's action.
///
/// ```swift
/// let presenter = AnnouncementPresenter(manager: manager, colorScheme: .dark)
/// await manager.loadAnnouncements()
/// presenter.start()
/// let renderer = TerminalBannerRenderer(width: 60, colors: true)
/// for await state in presenter.states {
///     if let banner = state.banner { print(renderer.render(banner.appearance)) }
/// }
/// ```
///
/// Without a presenter, a host that only draws ``AnnouncementManager/activeAnnouncement(for:)``
/// records no impressions: frequency caps, the feed's limits, goals and ``AnnouncementEvent/shown(_:)``
/// then never happen. Such a host calls ``AnnouncementManager/beginShowing(_:placement:autoDismisses:)``
/// and ``AnnouncementManager/endShowing(_:)`` itself.
///
/// What a showing is follows the SwiftUI layer: a banner that appears begins one; drawing it again, or
/// the same announcement after a refresh, does not; the same announcement back after it was away
/// (a pause, the gap between banners, another announcement in front of it) begins another. The
/// presenter follows the manager by observation and looks again on the main actor after each change;
/// ``update()`` looks at once. It does not load the manager: call
/// ``AnnouncementManager/loadAnnouncements()`` as an app does at launch. One presenter per placement;
/// several may share a manager.
@MainActor
public final class AnnouncementPresenter {
    /// The manager whose announcements are shown.
    package let manager: AnnouncementManager
    /// The placement shown: `nil` for a banner without a placement name, which shows only
    /// announcements without `placements`.
    package let placement: String?
    /// Where a banner-format announcement appears (``BannerAppearance/position``).
    package let position: AnnouncementBannerPosition
    /// Whether banners hide by themselves after their `autoDismissAfter`; `false` while a screen reader
    /// or switch control runs, so that the time to read a banner is not limited.
    package let autoDismisses: Bool
    /// The light or dark appearance the host draws in; ``Banner/colors`` follow it. Changing it changes
    /// the colours of the banner on screen, not its showing.
    public var colorScheme: BannerColorScheme {
        didSet { if colorScheme != oldValue { update() } }
    }
    /// What the host draws, as of the presenter's last look at the manager.
    public private(set) var state = State()

    /// Which showing is in progress.
    private var showings = ShowingTracker()
    /// Whether an observation of the manager is installed and has not fired yet.
    private var isObserving = false
    private let outlets = PresenterOutlets()

    /// Creates a presenter for `placement`; it shows nothing until ``start()``.
    ///
    /// - Parameters:
    ///   - manager: the app's manager.
    ///   - placement: the placement name the feed's `placements` use; `nil` for a banner without one.
    ///   - position: where a banner-format announcement appears.
    ///   - colorScheme: the light or dark appearance the host draws in.
    ///   - autoDismisses: `false` while a screen reader or switch control runs.
    public init(
        manager: AnnouncementManager, placement: String? = nil, position: AnnouncementBannerPosition = .top,
        colorScheme: BannerColorScheme = .light, autoDismisses: Bool = true
    ) {
        self.manager = manager
        self.placement = placement
        self.position = position
        self.colorScheme = colorScheme
        self.autoDismisses = autoDismisses
    }

    deinit {
        outlets.finish()
        if let announcement = outlets.onScreen { manager.endShowing(announcement) }
    }

    /// A stream of what the host draws: the current state first, then each change, until the
    /// presenter goes away. Each access gives a new stream; a reader that falls behind gets the newest
    /// state.
    public var states: AsyncStream<State> { outlets.stream(startingWith: state) }

    /// Starts showing: call it when the host begins drawing. The banner the manager shows at the
    /// placement begins its showing at once (its impression is recorded).
    public func start() {
        guard !state.isRunning else { return }
        publish(State(banner: nil, isRunning: true))
        update()
    }

    /// Stops showing: call it when the host stops drawing (it quits, or a screen that must not be
    /// interrupted comes). The showing in progress ends and its countdown stops; the state has no
    /// banner until ``start()``.
    public func stop() {
        guard state.isRunning else { return }
        let effects = showings.end()
        outlets.onScreen = nil
        publish(State(banner: nil, isRunning: false))
        perform(effects)
    }

    /// Looks at the manager now and returns what to draw: a host that draws on its own schedule calls
    /// it before drawing; the presenter also looks by itself after every change of the manager's answer.
    @discardableResult
    public func update() -> State {
        guard state.isRunning else { return state }
        let active = observedAnnouncement()
        let effects = showings.look(at: active)
        outlets.onScreen = showings.current
        let banner = active.map { announcement in
            let appearance = manager.appearance(of: announcement, position: position)
            return Banner(
                announcement: announcement, appearance: appearance, colors: appearance.tint.colors(for: colorScheme),
                showing: showings.count)
        }
        publish(State(banner: banner, isRunning: true))
        perform(effects)
        return state
    }

    /// Performs the action of the banner on screen (``AnnouncementManager/perform(_:)``) and returns
    /// where it leads, for the host to open: a URL or a deep link the manager's action policy let
    /// through. A dismissible banner is dismissed by its action, as in SwiftUI, and the next one shows;
    /// one that cannot be dismissed stays. With no banner on screen, the route is
    /// ``ActionRoute/none(_:)``.
    @discardableResult
    public func performAction() -> ActionRoute {
        guard let banner = state.banner else { return .none("no banner is showing") }
        let route = manager.perform(banner.announcement)
        update()
        return route
    }

    /// Dismisses the banner on screen for its current revision (its close button); returns `false`,
    /// and changes nothing, when it cannot be dismissed or nothing shows.
    @discardableResult
    public func dismiss() -> Bool {
        guard let banner = state.banner else { return false }
        let dismissed = manager.dismiss(banner.announcement)
        update()
        return dismissed
    }

    // MARK: - Following the manager

    /// The announcement the manager shows at the placement now, observing the manager when no
    /// observation is waiting: a change fires the observation once, and the presenter then looks again
    /// on the main actor.
    private func observedAnnouncement() -> Announcement? {
        if !isObserving {
            isObserving = true
            withObservationTracking {
                // Everything a banner is made of: the answer, and the language of its appearance.
                _ = manager.activeAnnouncement(for: placement)
                _ = manager.context
                _ = manager.defaultLocale
            } onChange: { [weak self] in
                Task { @MainActor [weak self] in self?.managerChanged() }
            }
        }
        // The observation is installed after the reads it observes: a change between the two is missed
        // by it, so the answer is read again, now that any later change fires it.
        return manager.activeAnnouncement(for: placement)
    }

    private func managerChanged() {
        isObserving = false
        update()
    }

    private func publish(_ new: State) {
        guard new != state else { return }
        state = new
        outlets.yield(new)
    }

    private func perform(_ effects: [ShowingTracker.Effect]) {
        for effect in effects {
            switch effect {
            case .begin(let announcement):
                manager.beginShowing(announcement, placement: placement, autoDismisses: autoDismisses)
            case .end(let announcement):
                manager.endShowing(announcement)
            }
        }
    }
}
