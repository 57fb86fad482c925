import AnnouncementKit

/// A provider written to `AnnouncementProviding` alone that answers with ``announcements`` until
/// ``fails`` is set, then throws `error`.
final class SwitchingProvider: AnnouncementProviding {
    private let script: LockedValue<(announcements: [Announcement], fails: Bool, calls: Int)>
    let error: AnnouncementError

    init(_ announcements: [Announcement], error: AnnouncementError = .fetchFailed) {
        script = LockedValue((announcements, false, 0))
        self.error = error
    }

    var fails: Bool {
        get { script.withLock { $0.fails } }
        set { script.withLock { $0.fails = newValue } }
    }

    var calls: Int { script.withLock { $0.calls } }

    func fetchAnnouncements() async throws -> [Announcement] {
        let (announcements, fails) = script.withLock { script in
            script.calls += 1
            return (script.announcements, script.fails)
        }
        if fails { throw error }
        return announcements
    }
}
