import Foundation

extension AnnouncementManager {
    /// Whether banners are paused: while `true` no placement shows one (``activeAnnouncement(for:)`` is
    /// `nil`, the eligible announcements stay in ``queue(for:)``, ``explain(id:placement:)`` says
    /// ``AnnouncementExplanation/Status/paused``); setting it back to `false` shows the same answers again.
    /// Set it for screens where nothing may interrupt, such as a checkout or a video.
    public var isPaused: Bool {
        get {
            lock.withLock {
                access(keyPath: \.display)
                return display.isPaused
            }
        }
        set {
            lock.withLock {
                guard display.isPaused != newValue else { return }
                display.isPaused = newValue
                reevaluate(.time)
            }
        }
    }
}
