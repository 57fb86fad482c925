import Foundation

// Encoding writes the feed format back: decoding the output with `FeedDecoder` gives equal values.
// Fields at their defaults are left out, as a feed author would write them.

extension AnnouncementFeed: Encodable {
    private enum CodingKeys: String, CodingKey {
        case schemaVersion, defaultLocale, announcements, limits
    }

    /// Encodes the feed in the v1 feed format.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(defaultLocale, forKey: .defaultLocale)
        try container.encode(announcements, forKey: .announcements)
        try container.encodeIfPresent(limits, forKey: .limits)
    }
}

extension AnnouncementFeed.Limits: Encodable {
    private enum CodingKeys: String, CodingKey {
        case maxPerDay, minimumInterval
    }

    /// Encodes the limits as the feed's `limits` object, leaving out a limit that is not set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(maxPerDay, forKey: .maxPerDay)
        try container.encodeIfPresent(minimumInterval, forKey: .minimumInterval)
    }
}

extension Announcement: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, revision, title, message, style, action, priority, startDate, endDate, schedule, isDismissible
        case dismissFor, targetAudience, audience, frequency, placements, autoDismissAfter, trigger
        case draft, variants, goal, format, image
    }

    /// Encodes the announcement as a feed item.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        if revision != 0 { try container.encode(revision, forKey: .revision) }
        try container.encode(localizedTitle, forKey: .title)
        try container.encode(localizedMessage, forKey: .message)
        try container.encode(style, forKey: .style)
        // A dismiss action without a label is the default: left out, as an author would.
        if action != .dismiss || actionLabel != nil {
            try container.encode(ActionObject(action: action, label: actionLabel), forKey: .action)
        }
        try container.encode(priority, forKey: .priority)
        try container.encodeIfPresent(startDate.map(Timestamp.format), forKey: .startDate)
        try container.encodeIfPresent(endDate.map(Timestamp.format), forKey: .endDate)
        try container.encodeIfPresent(schedule, forKey: .schedule)
        try container.encode(isDismissible, forKey: .isDismissible)
        try container.encodeIfPresent(dismissFor, forKey: .dismissFor)
        try container.encode(targetAudience, forKey: .targetAudience)
        try container.encodeIfPresent(audience, forKey: .audience)
        try container.encodeIfPresent(frequency, forKey: .frequency)
        try container.encodeIfPresent(placements, forKey: .placements)
        try container.encodeIfPresent(autoDismissAfter, forKey: .autoDismissAfter)
        if isDraft { try container.encode(true, forKey: .draft) }
        try container.encodeIfPresent(trigger, forKey: .trigger)
        if !variants.isEmpty { try container.encode(variants, forKey: .variants) }
        try container.encodeIfPresent(goal, forKey: .goal)
        if format != .banner { try container.encode(format, forKey: .format) }
        try container.encodeIfPresent(image, forKey: .image)
    }
}

extension LocalizedText: Encodable {
    /// Encodes a plain string, or an object of language tag → string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let plain {
            try container.encode(plain)
        } else {
            try container.encode(translations ?? [:])
        }
    }
}

/// The feed's action object: the action's `type` and `value` with the announcement's `label`.
private struct ActionObject: Encodable {
    var action: Announcement.Action
    var label: LocalizedText?

    private enum CodingKeys: String, CodingKey {
        case type, value, label
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action.type, forKey: .type)
        try container.encodeIfPresent(action.value, forKey: .value)
        try container.encodeIfPresent(label, forKey: .label)
    }
}

extension Announcement.Schedule: Encodable {
    private enum CodingKeys: String, CodingKey {
        case timeZone, weekdays, startTime, endTime
    }

    /// Encodes the schedule with times as `HH:mm`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(weekdays, forKey: .weekdays)
        try container.encodeIfPresent(startTime?.description, forKey: .startTime)
        try container.encodeIfPresent(endTime?.description, forKey: .endTime)
    }
}

extension Announcement.AudienceRules: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes every key that is set, unknown keys included, so nothing is lost.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in unknownKeys { try container.encode(value, forKey: Key(stringValue: key)) }
        try container.encodeIfPresent(platforms, forKey: Key(stringValue: "platforms"))
        try container.encodeIfPresent(minAppVersion?.description, forKey: Key(stringValue: "minAppVersion"))
        try container.encodeIfPresent(maxAppVersion?.description, forKey: Key(stringValue: "maxAppVersion"))
        try container.encodeIfPresent(minOSVersion?.description, forKey: Key(stringValue: "minOSVersion"))
        try container.encodeIfPresent(maxOSVersion?.description, forKey: Key(stringValue: "maxOSVersion"))
        try container.encodeIfPresent(locales, forKey: Key(stringValue: "locales"))
        try container.encodeIfPresent(segments, forKey: Key(stringValue: "segments"))
        try container.encodeIfPresent(rolloutPercentage, forKey: Key(stringValue: "rolloutPercentage"))
        try container.encodeIfPresent(targeting?.source, forKey: Key(stringValue: "targeting"))
        try container.encodeIfPresent(requires, forKey: Key(stringValue: "requires"))
    }
}

extension Announcement.Frequency: Encodable {
    private enum CodingKeys: String, CodingKey {
        case maxImpressions, minimumInterval, oncePerSession
    }

    /// Encodes the caps that are set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(maxImpressions, forKey: .maxImpressions)
        try container.encodeIfPresent(minimumInterval, forKey: .minimumInterval)
        if oncePerSession { try container.encode(true, forKey: .oncePerSession) }
    }
}
