import Foundation

/// Gregorian calendars by time zone, made once and shared: creating a calendar costs far more than
/// checking a window with it, and eligibility checks windows for every announcement on every change.
enum GregorianCalendars {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var byName: [String: Calendar?] = [:]
    nonisolated(unsafe) private static var byZone: [TimeZone: Calendar] = [:]
    /// Feeds name a handful of zones; the bound only keeps a hostile one from growing the cache.
    private static let capacity = 256

    /// The calendar in the zone named `identifier`, or `nil` when the system does not know the zone.
    static func calendar(named identifier: String) -> Calendar? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = byName[identifier] { return cached }
        let calendar = TimeZone(identifier: identifier).map(make)
        if byName.count < capacity { byName[identifier] = calendar }
        return calendar
    }

    /// The calendar in `zone`.
    static func calendar(in zone: TimeZone) -> Calendar {
        lock.lock()
        defer { lock.unlock() }
        if let cached = byZone[zone] { return cached }
        let calendar = make(zone)
        if byZone.count < capacity { byZone[zone] = calendar }
        return calendar
    }

    private static func make(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
