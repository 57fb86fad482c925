import Foundation

extension AnnouncementManager {
    /// Creates a manager that keeps dismissals in `dismissalStore`, the simple store of dismissed ids,
    /// with the template's parameters: a convenience over
    /// ``init(provider:context:store:timeSource:configuration:)``, which new code calls.
    ///
    /// The manager's state store is a `DismissalStoreStateStore` over `dismissalStore`: dismissals
    /// survive a relaunch, impressions and frequency caps last as long as the process.
    ///
    /// ```swift
    /// let manager = AnnouncementManager(provider: provider, dismissalStore: InMemoryDismissalStore())
    /// ```
    ///
    /// - Parameters:
    ///   - provider: where announcements come from.
    ///   - dismissalStore: where the dismissed ids are kept.
    ///   - scheduler: when given, its ``AnnouncementScheduler/localTimeZone`` is the zone of `"local"`
    ///     schedules in place of the configuration's ``Configuration/localTimeZone``.
    ///   - audienceResolver: decides the target audiences the context's segments do not; replaces the
    ///     configuration's ``Configuration/audienceResolver``.
    ///   - context: who is looking; ``AnnouncementContext/current`` (the device, no user facts) when omitted.
    ///   - timeSource: the clock and timers; `ManualTimeSource` (AnnouncementKitTesting) in tests.
    ///   - configuration: behaviour settings.
    public convenience init(
        provider: any AnnouncementProviding,
        dismissalStore: any DismissalStoring,
        scheduler: AnnouncementScheduler? = nil,
        audienceResolver: AudienceResolver = AudienceResolver(),
        context: AnnouncementContext = .current,
        timeSource: any TimeSource = SystemTimeSource(),
        configuration: Configuration = Configuration()
    ) {
        var configuration = configuration
        if let scheduler { configuration.localTimeZone = scheduler.localTimeZone }
        configuration.audienceResolver = audienceResolver
        self.init(
            provider: provider, context: context,
            store: DismissalStoreStateStore(dismissalStore, timeSource: timeSource), timeSource: timeSource,
            configuration: configuration)
    }

    /// Every loaded announcement, in feed order, whatever its schedule, audience or dismissal: the same
    /// list as ``announcements``.
    public var allAnnouncements: [Announcement] { announcements }

    /// Whether `announcement` is dismissed now: a dismissal of its revision or a higher one is stored and,
    /// when the announcement sets `dismissFor`, that period is still running. A non-dismissible
    /// announcement is never dismissed.
    public func isDismissed(_ announcement: Announcement) -> Bool {
        lock.withLock { state.dismissal(of: announcement, at: evaluationDate).isDismissed }
    }
}
