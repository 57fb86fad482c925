/// The one door through which announcements enter the manager, whatever the provider: an app's own
/// ``AnnouncementProviding``, the template's `JSONDecoder` path, definitions in code or a feed. It keeps
/// the rules ``FeedDecoder`` keeps for a feed, so a provider that does not use the decoder cannot
/// break them: a repeated id is dropped (the first one wins, as in a feed: two items of one id would
/// make a banner that a dismissal cannot take away), and at most `FeedLimits.maximumAnnouncements` are
/// kept, in the order given. What is dropped becomes a ``RejectedAnnouncement`` with its reason.
package enum AnnouncementIntake {
    /// `announcements` without repeated ids and past the limit, and a record of each one dropped (its
    /// index in `announcements`, with the path `$[INDEX]`). Linear in the number of announcements.
    package static func admit(_ announcements: [Announcement]) -> (
        kept: [Announcement], dropped: [RejectedAnnouncement]
    ) {
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(min(announcements.count, FeedLimits.maximumAnnouncements))
        var kept: [Announcement] = []
        kept.reserveCapacity(min(announcements.count, FeedLimits.maximumAnnouncements))
        var dropped: [RejectedAnnouncement] = []
        for (index, announcement) in announcements.enumerated() {
            let path = "$[\(index)]"
            if let first = firstIndex[announcement.id] {
                let message =
                    "duplicate id \"\(announcement.id)\" (first used at $[\(first)]); this announcement is ignored "
                    + "— give it its own id"
                dropped.append(rejection(index: index, id: announcement.id, path: path, message: message))
                continue
            }
            guard kept.count < FeedLimits.maximumAnnouncements else {
                let message =
                    "more than \(FeedLimits.maximumAnnouncements) announcements; this one and the "
                    + "\(announcements.count - index - 1) after it are ignored"
                dropped.append(rejection(index: index, id: announcement.id, path: path, message: message))
                break
            }
            firstIndex[announcement.id] = index
            kept.append(announcement)
        }
        return (kept, dropped)
    }

    private static func rejection(index: Int, id: String, path: String, message: String) -> RejectedAnnouncement {
        RejectedAnnouncement(
            index: index, id: id, path: path, errors: [Diagnostic(severity: .error, message: message, path: path)])
    }
}
