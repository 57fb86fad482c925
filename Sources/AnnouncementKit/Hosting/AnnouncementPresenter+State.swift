extension AnnouncementPresenter {
    /// What the host draws now: a banner, or nothing.
    public struct State: Sendable, Hashable {
        /// The banner to draw; `nil` when nothing shows (no eligible announcement, the manager is
        /// paused, the gap between banners, or the presenter is not running).
        public var banner: Banner?
        /// Whether the presenter is running: between ``AnnouncementPresenter/start()`` and
        /// ``AnnouncementPresenter/stop()``.
        public var isRunning: Bool

        /// Creates a state.
        package init(banner: Banner? = nil, isRunning: Bool = false) {
            self.banner = banner
            self.isRunning = isRunning
        }
    }

    /// One banner on screen: the announcement, how to draw it, and which showing it is.
    public struct Banner: Sendable, Hashable, Identifiable {
        /// The announcement as the user sees it (with the user's variant).
        public var announcement: Announcement
        /// Its texts in the manager's language, the package's words, its buttons, accessibility texts
        /// and its auto-dismissal (``AnnouncementManager/appearance(of:position:)``).
        public var appearance: BannerAppearance
        /// Its colours in the presenter's ``AnnouncementPresenter/colorScheme``.
        public var colors: BannerColors
        /// The number of this showing, counted from 1 for the presenter's first: it stays the same
        /// while the banner is only drawn again (a refresh that changed its text, a new language) and
        /// grows when a showing begins (another announcement, or the same one back after it was away),
        /// when the host might announce it to a screen reader or animate it in.
        public var showing: Int

        /// Creates a banner.
        package init(announcement: Announcement, appearance: BannerAppearance, colors: BannerColors, showing: Int) {
            self.announcement = announcement
            self.appearance = appearance
            self.colors = colors
            self.showing = showing
        }

        /// The showing's number: a new showing is a new banner to a host that animates them.
        public var id: Int { showing }
    }
}
