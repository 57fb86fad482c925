package import Foundation

extension AnnouncementState {
    /// How long the dismissal and impressions of an id that no feed holds any more are kept: 365 days
    /// after the id was last seen in a feed (or last dismissed or shown).
    ///
    /// Ids come and go with the feed, and a feed can lose an item for a while and publish it again under
    /// the same id: an outage served from the local fallback, a publishing mistake put right the next
    /// day, a seasonal announcement taken down and put back. Someone who dismissed it expects it to stay
    /// dismissed when it comes back, and a capped announcement to stay capped, so the records outlive the
    /// id's absence by a year. A feed that wants a changed announcement shown again bumps its `revision`.
    /// The records are user actions (one per dismissal or banner shown), so keeping them is cheap; the
    /// per-feed bookkeeping that made the state grow (a last-seen date for every id of every feed) is no
    /// longer kept at all.
    package static let retention: TimeInterval = 365 * 86_400

    /// The most ids the state keeps records for (a dismissal, impressions, a last-seen date): 20,000,
    /// room for a record of every item of a full feed (`FeedLimits.maximumAnnouncements`) and as many
    /// again for ids that have left it. Each of ``dismissals``, ``impressions`` and ``lastSeen`` therefore
    /// holds at most this many entries.
    ///
    /// Past it the id with the oldest activity goes first, with all its records: activity is the latest
    /// of when it was last seen in a feed, last dismissed and last shown, so ids still in the feed (seen at
    /// every refresh) go last. A last-seen date with no dismissal or impressions (older versions kept one
    /// for every id of every feed) goes before any record. An id just dismissed or shown, and while
    /// pruning an id of the current feed, is never the one that goes.
    package static let maximumTrackedIDs = 20_000

    /// Brings the state up to date with the feed the app holds at `date`, whose ids are `ids`.
    ///
    /// - The ids in `ids` that have a dismissal or impressions are marked as seen at `date`.
    /// - Ids with neither keep no last-seen date: a feed whose ids change at every publish leaves
    ///   nothing behind.
    /// - A record with no last-seen date (written by an older version, or recovered from a damaged
    ///   file) starts its `retention` at `date`.
    /// - The records of ids not seen for `retention` are removed. A last-seen date after `date` (the
    ///   clock went back) counts as recent.
    /// - Past `maximumTrackedIDs`, the ids absent from `ids` go first, oldest activity first.
    /// - The conversion windows that ended by `date` are dropped.
    package mutating func prune(keeping ids: some Sequence<String>, at date: Date) {
        var current: Set<String> = []
        for id in ids where dismissals[id] != nil || impressions[id] != nil {
            lastSeen[id] = date
            current.insert(id)
        }
        for id in dismissals.keys where lastSeen[id] == nil { lastSeen[id] = date }
        for id in impressions.keys where lastSeen[id] == nil { lastSeen[id] = date }
        let cutoff = date.addingTimeInterval(-Self.retention)
        var gone: [String] = []
        for (id, seen) in lastSeen where seen < cutoff || (dismissals[id] == nil && impressions[id] == nil) {
            gone.append(id)
        }
        for id in gone { removeRecords(of: id) }
        enforceCapacity(preferring: current)
        pruneConversionWindows(at: date)
    }

    /// Removes ids, oldest activity first, while ``dismissals``, ``impressions`` or ``lastSeen`` holds more
    /// than `limit` entries, until at most `limit` ids have a record; ids in `preferred` go only after
    /// every other one. One record past the cap costs one pass over the ids, not a sort.
    mutating func enforceCapacity(_ limit: Int = maximumTrackedIDs, preferring preferred: Set<String> = []) {
        guard dismissals.count > limit || impressions.count > limit || lastSeen.count > limit else { return }
        var ranking = entries(preferring: preferred)
        let excess = ranking.count - limit
        guard excess > 0 else { return }
        if excess == 1, let oldest = ranking.min(by: { $1.ranksBefore($0) }) {
            removeRecords(of: oldest.id)
            return
        }
        ranking.sort { $0.ranksBefore($1) }
        for entry in ranking[limit...] { removeRecords(of: entry.id) }
    }

    /// Every id the state mentions with its records, the one kept longest first: ids in `preferred`, then
    /// ids with a record, most recently active first; equal activity in id order, so the ranking is the
    /// same on every run.
    func rankedEntries(preferring preferred: Set<String> = []) -> [Entry] {
        entries(preferring: preferred).sorted { $0.ranksBefore($1) }
    }

    /// One id, its records, and its place in the eviction order.
    struct Entry {
        let id: String
        let dismissal: Dismissal?
        let impressions: Impressions?
        let lastSeen: Date?
        /// The latest of its last-seen, dismissal and impression dates.
        let activity: Date
        let isPreferred: Bool

        init(id: String, dismissal: Dismissal?, impressions: Impressions?, lastSeen: Date?, isPreferred: Bool) {
            self.id = id
            self.dismissal = dismissal
            self.impressions = impressions
            self.lastSeen = lastSeen
            self.isPreferred = isPreferred
            var latest = lastSeen ?? .distantPast
            if let date = dismissal?.date, date > latest { latest = date }
            if let date = impressions?.last, date > latest { latest = date }
            activity = latest
        }

        /// Whether it has a dismissal or impressions (not a last-seen date alone).
        var hasRecord: Bool { dismissal != nil || impressions != nil }

        /// Whether it is kept before `other`: preferred first, then ids with a dismissal or impressions (a
        /// last-seen date alone, as older versions kept for every id, matters least), then the more recent,
        /// then in id order.
        func ranksBefore(_ other: Entry) -> Bool {
            if isPreferred != other.isPreferred { return isPreferred }
            if hasRecord != other.hasRecord { return hasRecord }
            if activity != other.activity { return activity > other.activity }
            return id < other.id
        }
    }

    /// Every id the state mentions, unordered; each id is looked up once in each map.
    private func entries(preferring preferred: Set<String>) -> [Entry] {
        var result: [Entry] = []
        result.reserveCapacity(lastSeen.count)
        func isPreferred(_ id: String) -> Bool { !preferred.isEmpty && preferred.contains(id) }
        for (id, seen) in lastSeen {
            result.append(
                Entry(
                    id: id, dismissal: dismissals[id], impressions: impressions[id], lastSeen: seen,
                    isPreferred: isPreferred(id)))
        }
        for (id, record) in dismissals where lastSeen[id] == nil {
            result.append(
                Entry(
                    id: id, dismissal: record, impressions: impressions[id], lastSeen: nil,
                    isPreferred: isPreferred(id)))
        }
        for (id, record) in impressions where lastSeen[id] == nil && dismissals[id] == nil {
            result.append(
                Entry(id: id, dismissal: nil, impressions: record, lastSeen: nil, isPreferred: isPreferred(id)))
        }
        return result
    }

    /// Removes the last-seen dates of ids with no dismissal or impressions.
    mutating func dropUnusedLastSeen() {
        lastSeen = lastSeen.filter { dismissals[$0.key] != nil || impressions[$0.key] != nil }
    }

    /// Forgets everything about `id`.
    mutating func removeRecords(of id: String) {
        dismissals[id] = nil
        impressions[id] = nil
        lastSeen[id] = nil
    }
}
