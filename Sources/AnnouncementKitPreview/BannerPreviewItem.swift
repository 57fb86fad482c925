package import AnnouncementKit

/// One announcement of a feed as a preview shows it: the announcement (absent for an item that
/// failed validation) and where selection put it.
package struct BannerPreviewItem: Sendable, Hashable {
    /// Where selection put an announcement.
    package enum Status: Sendable, Hashable {
        /// It is the banner that shows.
        case active
        /// It is eligible and waits behind the active one; `position` counts from 1.
        case queued(position: Int)
        /// It does not show, for this reason; `detail` is its cause in words, made for the page.
        case excluded(ExclusionReason, detail: String)
    }

    /// The announcement's id, or the JSON path of an invalid item with no usable id.
    package var id: String
    /// The announcement; `nil` for an item the decoder dropped.
    package var announcement: Announcement?
    /// Where selection put it.
    package var status: Status

    /// Creates an item.
    package init(id: String, announcement: Announcement?, status: Status) {
        self.id = id
        self.announcement = announcement
        self.status = status
    }

    /// Every announcement of a selection in the order a preview lists them: the active one, the
    /// queue in order, then the excluded ones (feed order, invalid items last).
    ///
    /// - Parameters:
    ///   - selection: the selection to list.
    ///   - announcements: the feed's usable announcements, to look the excluded ones up by id.
    package static func items(for selection: AnnouncementSelection, announcements: [Announcement])
        -> [BannerPreviewItem]
    {
        var items: [BannerPreviewItem] = []
        if let active = selection.active { items.append(.init(id: active.id, announcement: active, status: .active)) }
        for (index, queued) in selection.queue.enumerated() {
            items.append(.init(id: queued.id, announcement: queued, status: .queued(position: index + 1)))
        }
        let byID = Dictionary(announcements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for exclusion in selection.excluded {
            let announcement = exclusion.reason == .invalid ? nil : byID[exclusion.id]
            items.append(
                .init(
                    id: exclusion.id, announcement: announcement,
                    status: .excluded(exclusion.reason, detail: exclusion.detail)))
        }
        return items
    }
}
