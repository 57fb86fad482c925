import Foundation

/// Which showing a host is in, as a value: the rule the SwiftUI layer follows by the identity of its
/// views, written out for a host that draws banners itself (``AnnouncementPresenter``).
///
/// A showing begins when an announcement appears where nothing, or another announcement, was shown
/// at the last look, and ends when it is no longer the answer or the host stops. The same announcement
/// in the same format stays the same showing however often it is drawn and whatever changed in it
/// (a refresh that changed its text, the reader's language); one that comes back after it was away
/// (a pause, the gap between banners, another announcement in front of it) is a new showing. A
/// different format is a different view in the SwiftUI layer, and so a new showing here.
///
/// ```swift
/// var showings = ShowingTracker()
/// showings.look(at: promo)   // [.begin(promo)]
/// showings.look(at: promo)   // []
/// showings.look(at: nil)     // [.end(promo)]
/// showings.look(at: promo)   // [.begin(promo)]: the second showing
/// ```
struct ShowingTracker: Sendable, Hashable {
    /// What the host does when a showing begins or ends, in order.
    enum Effect: Sendable, Hashable {
        /// The announcement appeared: record the impression, start its countdown.
        case begin(Announcement)
        /// The announcement went off screen: stop its countdown.
        case end(Announcement)
    }

    /// The announcement of the showing in progress, as last looked at; `nil` when nothing shows.
    private(set) var current: Announcement?
    /// How many showings have begun.
    private(set) var count = 0

    /// The effects of `active` being the answer now: the showing in progress ends when another
    /// announcement (or none) is the answer, and a new one begins for `active`.
    mutating func look(at active: Announcement?) -> [Effect] {
        if let current, let active, Self.isSameShowing(current, active) {
            self.current = active
            return []
        }
        var effects: [Effect] = []
        if let current { effects.append(.end(current)) }
        current = active
        if let active {
            count += 1
            effects.append(.begin(active))
        }
        return effects
    }

    /// Ends the showing in progress, if any: the host stopped drawing.
    mutating func end() -> [Effect] {
        look(at: nil)
    }

    /// Whether `next` continues the showing of `shown`: the same announcement in the same format.
    static func isSameShowing(_ shown: Announcement, _ next: Announcement) -> Bool {
        shown.id == next.id && shown.format == next.format
    }
}
