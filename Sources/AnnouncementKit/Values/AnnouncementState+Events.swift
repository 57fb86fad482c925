package import Foundation

extension AnnouncementState {
    /// The most event names the state keeps: 256. Past it the name whose last occurrence is oldest goes
    /// (equal dates in name order), so a misbehaving app that tracks a new name for every user action
    /// keeps the state, and the state file, bounded.
    package static let maximumTrackedEvents = 256

    /// The longest event name kept, in UTF-8 bytes: 128. A longer name is not recorded, and a feed's
    /// trigger naming one is an error.
    package static let maximumEventNameLength = 128

    /// The largest count kept for one event: 2^53 − 1, the largest integer a JSON number holds exactly.
    static let maximumEventCount = 9_007_199_254_740_991

    /// Whether `name` can be recorded: not empty and at most `maximumEventNameLength` bytes.
    package static func isValidEventName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maximumEventNameLength
    }

    /// Records `count` occurrences of the event `name`, the last at `date` (which becomes the last
    /// occurrence even when an earlier record is dated later: the clock went back); returns false, changing
    /// nothing, for a name that cannot be recorded (see ``isValidEventName(_:)``) or a count below 1. Past
    /// `maximumTrackedEvents` names, the name whose last occurrence is oldest (never `name`) goes.
    @discardableResult
    package mutating func recordEvent(_ name: String, count: Int = 1, at date: Date) -> Bool {
        guard count >= 1, Self.isValidEventName(name) else { return false }
        let previous = events[name]?.count ?? 0
        let total = previous > Self.maximumEventCount - count ? Self.maximumEventCount : previous + count
        events[name] = EventRecord(count: total, last: date)
        enforceEventCapacity(preferring: name)
        return true
    }

    /// Drops names that cannot be recorded, then, past `limit` names, the oldest last occurrences first
    /// (equal dates in name order); `preferred` goes last.
    mutating func enforceEventCapacity(_ limit: Int = maximumTrackedEvents, preferring preferred: String? = nil) {
        if events.keys.contains(where: { !Self.isValidEventName($0) }) {
            events = events.filter { Self.isValidEventName($0.key) }
        }
        guard events.count > limit else { return }
        let ranked = events.sorted { first, second in
            if (first.key == preferred) != (second.key == preferred) { return first.key == preferred }
            if first.value.last != second.value.last { return first.value.last > second.value.last }
            return first.key < second.key
        }
        for (name, _) in ranked[limit...] { events[name] = nil }
    }
}
