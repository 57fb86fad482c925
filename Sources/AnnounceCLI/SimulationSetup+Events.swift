import AnnouncementKit
import Foundation

/// `--event`: app events recorded before the simulation, as `AnnouncementManager.track(_:)` records them.
extension SimulationSetup {
    /// One `--event` value read: the event's name, how many occurrences, and the instant of the last.
    struct EventArgument: Equatable {
        var name: String
        var count: Int
        var last: Date

        /// Reads `NAME` (one occurrence at `date`), `NAME=N` (N occurrences, the last at `date`) or
        /// `NAME@ISO8601` (one occurrence at that instant); the last `=` or `@` ends the name.
        init(_ text: String, at date: Date) throws(Failure) {
            let usage = "write NAME, NAME=N or NAME@ISO8601"
            if let at = text.lastIndex(of: "@") {
                let instant = String(text[text.index(after: at)...])
                do {
                    last = try Timestamp.parse(instant)
                } catch {
                    throw Failure(kind: .usage, message: "--event \(text): \(instant) \(error)")
                }
                name = String(text[..<at])
                count = 1
            } else if let equals = text.lastIndex(of: "=") {
                let number = try NumberArgument.whole(
                    text[text.index(after: equals)...], option: "--event \(text): N", unit: "occurrences",
                    in: 1...NumberArgument.maximumCount)
                name = String(text[..<equals])
                count = number
                last = date
            } else {
                (name, count, last) = (text, 1, date)
            }
            guard !name.contains("="), !name.contains("@") else {
                throw Failure(kind: .usage, message: "--event \(text): use one form; \(usage)")
            }
            guard AnnouncementState.isValidEventName(name) else {
                throw Failure(
                    kind: .usage,
                    message: name.isEmpty
                        ? "--event \(text): the event name is empty; \(usage)"
                        : "--event \(text): the event name is longer than "
                            + "\(AnnouncementState.maximumEventNameLength) bytes")
            }
        }
    }

    /// Records each `--event` value in ``state``: occurrences add up by name, the latest instant of a name
    /// (from the options or `--state-dir`) being its last occurrence.
    mutating func recordEvents(_ values: [String]) throws(Failure) {
        var pending: [String: (count: Int, last: Date)] = [:]
        var order: [String] = []
        for value in values {
            let event = try EventArgument(value, at: date)
            if let previous = pending[event.name] {
                // Counts from the command line add up without trapping; the state caps them when recorded.
                let (sum, overflow) = previous.count.addingReportingOverflow(event.count)
                pending[event.name] = (overflow ? .max : sum, max(previous.last, event.last))
            } else {
                pending[event.name] = (event.count, event.last)
                order.append(event.name)
            }
        }
        for name in order {
            guard let (count, last) = pending[name] else { continue }
            let stored = state.events[name]?.last ?? last
            state.recordEvent(name, count: count, at: max(stored, last))
        }
    }
}
