package import Foundation

/// One placement's part of ``AnnouncementDisplayState``: its selection engine, the selection after
/// the display rules, what it showed at the last look and which banner is on screen there.
package struct PlacementState: Sendable {
    /// Keeps the placement's selection up to date as the state and time change.
    package private(set) var engine: AnnouncementSelectionEngine
    /// The engine's selection after the display rules (``displayed(_:hiding:pinned:from:)``), as of the
    /// last look.
    package private(set) var selection: AnnouncementSelection
    /// The id of the announcement that was active at the last look, to tell when its time ran out.
    package private(set) var lastActive: String?
    /// The id of the announcement on screen here (its impression was recorded), kept active while
    /// only its own frequency cap excludes it.
    package var onScreen: String?

    /// Starts a placement from `engine`: the displayed selection is worked out at once and its
    /// active announcement counts as the one seen at the last look.
    package init(
        engine: AnnouncementSelectionEngine, hiding hidden: Set<String>, onScreen: String? = nil,
        previewing previewed: String? = nil
    ) {
        self.engine = engine
        self.onScreen = onScreen
        selection = Self.displayed(
            engine.selection, hiding: hidden, pinned: onScreen, previewing: previewed, from: engine.announcements)
        lastActive = selection.active?.id
    }

    /// Looks again after `change`, for `now`: brings the engine of `placement` up to date, works
    /// ``selection`` out again hiding the ids in `hidden` and showing `previewed`, and remembers what is
    /// active. Returns the
    /// announcement that was active at the last look and is now excluded because its time ran out (its
    /// end date, a window edge or the end of its trigger's window), if any.
    package mutating func look(
        after change: AnnouncementDisplayState.Change, at placement: String?,
        using inputs: AnnouncementDisplayState.Inputs, now: Date, hiding hidden: Set<String>,
        previewing previewed: String? = nil
    ) -> Announcement? {
        switch change {
        case .inputs:
            engine = inputs.engine(for: placement, at: now)
        case .state(let ids):
            engine.update(state: inputs.state, changedIDs: ids)
            engine.advance(to: now)
        case .events(let names):
            engine.update(state: inputs.state, events: names)
            engine.advance(to: now)
        case .time:
            engine.advance(to: now)
        }
        selection = Self.displayed(
            engine.selection, hiding: hidden, pinned: onScreen, previewing: previewed, from: engine.announcements)
        defer { lastActive = selection.active?.id }
        guard let previous = lastActive, previous != selection.active?.id,
            let exclusion = selection.excluded.first(where: { $0.id == previous }),
            [.expired, .outsideWindow, .notTriggered].contains(exclusion.reason)
        else { return nil }
        return engine.announcements.first { $0.id == previous }
    }

    /// The display rules: announcements hidden for the session leave the active slot and the queue
    /// (excluded as dismissed); the banner on screen (`pinned`, found in `announcements`) stays
    /// active while only a frequency cap excludes it, so a `maxImpressions: 1` banner does not vanish
    /// the moment its impression is recorded; the announcement `previewed` (found in `announcements`) is
    /// active whatever its eligibility, with the one it replaces first in the queue.
    package static func displayed(
        _ selection: AnnouncementSelection, hiding hidden: Set<String>, pinned: String?,
        previewing previewed: String? = nil, from announcements: [Announcement]
    ) -> AnnouncementSelection {
        var selection = selection
        if !hidden.isEmpty {
            var eligible = (selection.active.map { [$0] } ?? []) + selection.queue
            for announcement in eligible where hidden.contains(announcement.id) {
                selection.excluded.append(.init(id: announcement.id, cause: .hiddenForSession))
            }
            eligible.removeAll { hidden.contains($0.id) }
            selection.active = eligible.first
            selection.queue = Array(eligible.dropFirst())
        }
        if let pinned,
            let index = selection.excluded.firstIndex(where: { $0.id == pinned && $0.reason == .frequencyCapped }),
            let announcement = announcements.first(where: { $0.id == pinned })
        {
            selection.excluded.remove(at: index)
            if let active = selection.active { selection.queue.insert(active, at: 0) }
            selection.active = announcement
        }
        if let previewed, let announcement = announcements.first(where: { $0.id == previewed }) {
            selection.excluded.removeAll { $0.id == previewed }
            let others = ((selection.active.map { [$0] } ?? []) + selection.queue).filter { $0.id != previewed }
            selection.active = announcement
            selection.queue = others
        }
        return selection
    }

    /// Passes over the announcements on screen at another placement (`taken`: id → that placement), so one
    /// announcement shows at one placement at a time: they leave the active slot and the queue, excluded as
    /// ``ExclusionReason/placementMismatch``, and the next one becomes active. `previewed` is never passed over
    /// (a preview shows at every placement).
    package mutating func passOver(_ taken: [String: String?], previewing previewed: String?) {
        var eligible = (selection.active.map { [$0] } ?? []) + selection.queue
        let count = eligible.count
        for announcement in eligible where announcement.id != previewed {
            guard let placement = taken[announcement.id] else { continue }
            selection.excluded.append(.init(id: announcement.id, cause: .onScreenElsewhere(placement: placement)))
        }
        eligible.removeAll { $0.id != previewed && taken[$0.id] != nil }
        guard eligible.count != count else { return }
        selection.active = eligible.first
        selection.queue = Array(eligible.dropFirst())
        lastActive = selection.active?.id
    }

    /// Forgets that `id` was active at the last look, so that its leaving is not reported as its time
    /// running out (a preview that ends shows nothing about the announcement's own schedule).
    package mutating func forgetActive(_ id: String) {
        if lastActive == id { lastActive = nil }
    }
}
