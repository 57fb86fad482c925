/// A feed's announcements as the announcement template reads them with `JSONDecoder`:
/// `try JSONDecoder().decode(AnnouncementResponse.self, from: data).announcements`.
///
/// Each item is checked as ``FeedDecoder`` checks it, but `JSONDecoder` stops at the first item that
/// cannot be used and throws for the whole body. ``FeedDecoder`` keeps the usable items and reports
/// the others with line and column, so the providers use it.
///
/// The feed decoder's limits hold here too: an item whose `id` an earlier item already has is left out
/// (the first one wins, as in a feed), at most `FeedLimits.maximumAnnouncements` items are read (the
/// rest are left out), and items that add up to more than `FeedLimits.maximumFeedBytes` of JSON text
/// throw `DecodingError.dataCorrupted`.
public struct AnnouncementResponse: Codable, Sendable, Hashable {
    /// The announcements, in feed order.
    public let announcements: [Announcement]

    /// Creates a response holding `announcements`.
    public init(announcements: [Announcement]) {
        self.announcements = announcements
    }

    private enum CodingKeys: String, CodingKey {
        case announcements
    }

    /// Decodes the `announcements` array of a feed, with the feed decoder's checks and limits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var items = try container.nestedUnkeyedContainer(forKey: .announcements)
        var announcements: [Announcement] = []
        var ids: Set<String> = []
        var byteCount = 0
        while !items.isAtEnd, announcements.count < FeedLimits.maximumAnnouncements {
            let codingPath = items.codingPath + [ItemIndex(items.currentIndex)]
            let item = try items.decode(JSONValue.self)
            let decoded = try Announcement.decodeItem(item, codingPath: codingPath)
            byteCount += decoded.byteCount
            guard byteCount <= FeedLimits.maximumFeedBytes else {
                throw DecodingError.dataCorruptedError(
                    in: items,
                    debugDescription: "the announcements are more than \(FeedLimits.maximumFeedBytes) bytes "
                        + "(8 MiB) of JSON, over the feed size limit")
            }
            if ids.insert(decoded.announcement.id).inserted { announcements.append(decoded.announcement) }
        }
        self.announcements = announcements
    }
}

/// The coding path key of an item in the array, as `JSONDecoder` names it (`Index 3`).
private struct ItemIndex: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }

    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}
