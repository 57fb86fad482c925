/// Where an eligible announcement stands in the showing order. This is the one sort rule of
/// selection: the higher ``priority`` first, then the earlier ``position`` in the feed.
/// `AnnouncementSelector` sorts by it and ``AnnouncementSelectionEngine`` keeps its order by it.
package struct SelectionRank: Sendable, Hashable, Comparable {
    /// The announcement's `priority`.
    package let priority: Int
    /// The announcement's index in feed order.
    package let position: Int

    /// The rank of the announcement at `position` in the feed, which has `priority`.
    package init(priority: Int, position: Int) {
        self.priority = priority
        self.position = position
    }

    /// Whether `lhs` shows before `rhs`: a higher priority, or the same priority and an earlier
    /// position.
    package static func < (lhs: SelectionRank, rhs: SelectionRank) -> Bool {
        lhs.priority != rhs.priority ? lhs.priority > rhs.priority : lhs.position < rhs.position
    }
}
