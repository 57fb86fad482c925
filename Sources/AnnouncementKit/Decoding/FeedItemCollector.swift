/// Decodes the items of a feed's `announcements` array one at a time, as the streaming
/// ``FeedDecoder`` reaches them, and keeps only what each gives: the announcement or the record of
/// its rejection, and its diagnostics. The caller parses the next item onto the same tape afterwards.
struct FeedItemCollector {
    /// One dropped item; `firstDiagnostic` is the index in ``sink`` of its first finding.
    struct Rejection {
        var index: Int
        var id: String?
        var path: String
        var firstDiagnostic: Int
    }

    /// The default locale the items were decoded with.
    let defaultLocale: String
    private let decoder: AnnouncementNodeDecoder
    /// The findings of every item so far, with byte offsets.
    private(set) var sink = DiagnosticSink()
    /// The items that passed their checks, in feed order.
    private(set) var accepted: [Announcement] = []
    /// The items that were dropped, in feed order.
    private(set) var rejected: [Rejection] = []
    private var firstIndexOfID: [String: Int] = [:]
    private var count = 0
    /// Where the first item past `FeedLimits.maximumAnnouncements` starts, if there is one.
    private var firstIgnoredOffset: Int?

    /// A collector for the items of one feed. The accepted array simply grows: an announcement is one
    /// reference to its shared storage, so growth copies little, and counting the items first cost more.
    init(policy: ActionPolicy, defaultLocale: String) {
        self.defaultLocale = defaultLocale
        decoder = AnnouncementNodeDecoder(policy: policy, defaultLocale: defaultLocale)
    }

    /// Reports the items past `FeedLimits.maximumAnnouncements`, which were parsed but not decoded.
    mutating func reportIgnoredItems() {
        guard let offset = firstIgnoredOffset else { return }
        let limit = FeedLimits.maximumAnnouncements
        sink.report(
            .error,
            "the feed has \(count) announcements; only the first \(limit) are read and the other "
                + "\(count - limit) are ignored",
            path: Self.ignoredItemsPath, offset: offset)
    }

    /// The path of the one error that reports the items past `FeedLimits.maximumAnnouncements`: the
    /// first ignored item's, `$.announcements[10000]` (no item there is decoded, so no other finding has it).
    static let ignoredItemsPath = JSONPath.element("$.announcements", FeedLimits.maximumAnnouncements)

    /// Decodes the next item of the array.
    mutating func add(_ item: JSONTape.Node) {
        let index = count
        count += 1
        guard index < FeedLimits.maximumAnnouncements else {
            if firstIgnoredOffset == nil { firstIgnoredOffset = item.offset }
            return
        }
        // The path is written out only for a finding or a rejection.
        func path() -> String { JSONPath.element("$.announcements", index) }
        let before = sink.entries.count
        let announcement: Announcement
        let idOffset: Int
        switch decoder.decode(item, path: path, into: &sink) {
        case .accepted(let decoded, let offset):
            (announcement, idOffset) = (decoded, offset)
        case .rejected(let id):
            rejected.append(Rejection(index: index, id: id, path: path(), firstDiagnostic: before))
            return
        }
        if let first = firstIndexOfID[announcement.id] {
            sink.report(
                .error,
                "duplicate id \"\(announcement.id)\" (first used at $.announcements[\(first)]); "
                    + "this item is ignored — give it its own id",
                path: path() + ".id", offset: idOffset)
            rejected.append(Rejection(index: index, id: announcement.id, path: path(), firstDiagnostic: before))
            return
        }
        firstIndexOfID[announcement.id] = index
        accepted.append(announcement)
    }
}
