/// How the manager hands its records to ``AnnouncementManager/Configuration/logHandler``: nothing is made
/// for a silent handler.
extension AnnouncementManager {
    /// Logs the record `make` gives, unless the handler is silent.
    func log(_ make: @autoclosure () -> AnnouncementLogRecord) {
        let handler = configuration.logHandler
        guard !handler.isSilent else { return }
        handler.log(make())
    }

    /// Logs the outcome of a fetch, its findings and its budget hits (see
    /// ``AnnouncementLogRecord/records(for:_:)``); `dropped` are the items the intake dropped and
    /// `usable` the announcements in use.
    func logFetch(_ result: FetchResult, dropped: [RejectedAnnouncement], usable: Int, isCachedAtLaunch: Bool) {
        let handler = configuration.logHandler
        guard !handler.isSilent else { return }
        let context = AnnouncementLogRecord.FetchContext(
            dropped: dropped, usable: usable, feedURL: (provider as? RemoteAnnouncementProvider)?.url,
            isCachedAtLaunch: isCachedAtLaunch)
        handler.log(AnnouncementLogRecord.records(for: result, context))
    }
}
