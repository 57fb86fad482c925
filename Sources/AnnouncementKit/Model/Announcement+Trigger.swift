public import Foundation

extension Announcement {
    /// An event that must have happened, recently enough, for the announcement to show: "after the
    /// third checkout, ask for a review".
    ///
    /// The app reports events with ``AnnouncementManager/track(_:)``. The announcement is eligible
    /// while the event has happened at least ``minCount`` times and its last occurrence was less than
    /// ``within`` seconds ago; at exactly `last + within` it no longer is.
    public struct Trigger: Sendable, Hashable {
        /// The name of the event, as the app passes it to ``AnnouncementManager/track(_:)``.
        public var event: String
        /// How many times the event must have happened; at least 1.
        public var minCount: Int
        /// How many seconds after the event's last occurrence the announcement may show; more than 0.
        public var within: TimeInterval

        /// Creates a trigger; the defaults are one occurrence in the last 300 seconds.
        public init(event: String, minCount: Int = 1, within: TimeInterval = 300) {
            self.event = event
            self.minCount = minCount
            self.within = within
        }
    }
}

extension Announcement.Trigger: Encodable {
    private enum CodingKeys: String, CodingKey {
        case event, minCount, within
    }

    /// Encodes the trigger; counts and windows at their defaults are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event, forKey: .event)
        if minCount != 1 { try container.encode(minCount, forKey: .minCount) }
        if within != 300 { try container.encode(within, forKey: .within) }
    }
}
