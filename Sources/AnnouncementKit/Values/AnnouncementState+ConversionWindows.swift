public import Foundation

extension AnnouncementState {
    /// An impression whose `goal` event may still convert it: `[start, end)`, the goal's `within`
    /// seconds from the impression. Kept in ``conversionWindows``, so a relaunch keeps it open.
    public struct ConversionWindow: Sendable, Hashable {
        /// The announcement that was shown.
        public var id: String
        /// The variant that was shown; `nil` when the announcement has no variants.
        public var variantID: String?
        /// The goal's event name.
        public var event: String
        /// When the announcement was shown: the window opens.
        public var start: Date
        /// When the window closes: the goal event at this instant no longer converts.
        public var end: Date

        /// Creates a window.
        public init(id: String, variantID: String?, event: String, start: Date, end: Date) {
            self.id = id
            self.variantID = variantID
            self.event = event
            self.start = start
            self.end = end
        }

        /// Whether the state can keep it: id, variant id and event of 1 to
        /// `AnnouncementState.maximumConversionTextLength` UTF-8 bytes, and an end after the start.
        var isStorable: Bool {
            let limit = AnnouncementState.maximumConversionTextLength
            let texts = [id, event] + (variantID.map { [$0] } ?? [])
            // Compared as the state file writes them: a window that ends after the year 9999 by a fraction
            // of a second is written empty, and would not read back.
            return Timestamp.writable(end) > Timestamp.writable(start)
                && texts.allSatisfy { !$0.isEmpty && $0.utf8.count <= limit }
        }

        /// Whether it is over at `date`: past its end, or starting further after `date` than it lasts (the
        /// clock went back: not trusted, as for an item's own interval).
        func isOver(at date: Date) -> Bool {
            date >= end || start.timeIntervalSince(date) > end.timeIntervalSince(start)
        }
    }

    /// The most open conversion windows the state keeps: 256, the one that opened first going first. A
    /// window is one per announcement id (a later impression replaces it), so this is the number of
    /// announcements with a `goal` shown within their goals' `within`.
    package static let maximumConversionWindows = 256

    /// The longest id, variant id and event name a conversion window keeps, in UTF-8 bytes: 128 (the
    /// longest feed id and event name). A window with a longer one is not kept.
    package static let maximumConversionTextLength = 128

    /// Opens `window`, replacing the window of the same announcement, and drops the windows over at
    /// `window.start` and, past `maximumConversionWindows`, the earliest opened (never `window`). A window
    /// that cannot be kept (see ``ConversionWindow``) changes nothing.
    package mutating func openConversionWindow(_ window: ConversionWindow) {
        guard window.isStorable else { return }
        conversionWindows.removeAll { $0.id == window.id }
        conversionWindows.append(window)
        pruneConversionWindows(at: window.start, preferring: window.id)
    }

    /// Drops the windows over at `date`, those that cannot be kept, and past `limit` the earliest opened
    /// (equal starts in id order); `preferred` goes last.
    package mutating func pruneConversionWindows(
        at date: Date? = nil, limit: Int = maximumConversionWindows, preferring preferred: String? = nil
    ) {
        conversionWindows.removeAll { !$0.isStorable || (date.map($0.isOver(at:)) ?? false) }
        var seen: Set<String> = []
        if conversionWindows.contains(where: { !seen.insert($0.id).inserted }) {
            // One window per id: the latest opened.
            var latest: [String: ConversionWindow] = [:]
            for window in conversionWindows where latest[window.id].map({ window.start >= $0.start }) ?? true {
                latest[window.id] = window
            }
            conversionWindows = latest.values.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        }
        guard conversionWindows.count > limit else { return }
        let ranked = conversionWindows.sorted { first, second in
            if (first.id == preferred) != (second.id == preferred) { return first.id == preferred }
            if first.start != second.start { return first.start > second.start }
            return first.id < second.id
        }
        let kept = Set(ranked.prefix(limit).map(\.id))
        conversionWindows.removeAll { !kept.contains($0.id) }
    }

    /// The windows the event `name` at `date` converts: open at `date`, for that event, in id order.
    package func conversionWindows(convertedBy name: String, at date: Date) -> [ConversionWindow] {
        conversionWindows.filter { $0.event == name && $0.start <= date && date < $0.end }.sorted { $0.id < $1.id }
    }

    /// Closes the windows the event `name` at `date` converts (see ``conversionWindows(convertedBy:at:)``),
    /// so each impression converts once, and drops the windows over at `date`.
    package mutating func closeConversionWindows(convertedBy name: String, at date: Date) {
        guard !conversionWindows.isEmpty else { return }
        conversionWindows.removeAll { ($0.event == name && $0.start <= date) || $0.isOver(at: date) }
    }
}
