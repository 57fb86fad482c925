public import Foundation

extension Announcement {
    /// Caps on how often an announcement is shown.
    public struct Frequency: Sendable, Hashable {
        /// At most this many impressions ever (for the announcement's id); `nil` means no cap.
        public var maxImpressions: Int?
        /// At least this many seconds between two impressions; `nil` means no gap. A last impression
        /// dated more than this far ahead of the clock (the clock went back) is not counted, so the
        /// announcement is never held back for more than twice the interval.
        public var minimumInterval: TimeInterval?
        /// At most one impression per app session.
        public var oncePerSession: Bool

        /// Creates caps; the defaults cap nothing.
        public init(maxImpressions: Int? = nil, minimumInterval: TimeInterval? = nil, oncePerSession: Bool = false) {
            self.maxImpressions = maxImpressions
            self.minimumInterval = minimumInterval
            self.oncePerSession = oncePerSession
        }
    }
}
