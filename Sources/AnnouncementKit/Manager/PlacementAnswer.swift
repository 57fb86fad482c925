package import Foundation

/// What one placement shows at one instant, after the display rules and the gap between banners:
/// the answer behind ``AnnouncementManager/activeAnnouncement(for:)``,
/// ``AnnouncementManager/queue(for:)`` and ``AnnouncementManager/explain(id:placement:)``.
package struct PlacementAnswer: Sendable, Hashable {
    /// The banner to show; `nil` while the gap between banners holds every banner back.
    package var active: Announcement?
    /// The eligible announcements waiting, in showing order; during the gap, the one held back first.
    package var queue: [Announcement]
    /// The announcements that are not eligible, and why.
    package var excluded: [AnnouncementSelection.Exclusion]
    /// When the gap between banners ends, while it holds the banners back.
    package var waitingUntil: Date?
    /// The announcement being previewed, if any (active whatever its eligibility).
    package var previewed: String?
    /// Whether the app paused banners: nothing is active, the queue is kept.
    package var isPaused = false

    /// The answer for `selection` (already through the display rules); `waitingUntil`, when given,
    /// holds its active announcement back until then; `previewed` is the id of a previewed announcement;
    /// `paused` holds every banner back, the active one first in the queue.
    package init(
        _ selection: AnnouncementSelection, waitingUntil: Date?, previewed: String? = nil, paused: Bool = false
    ) {
        if waitingUntil != nil || paused {
            active = nil
            queue = (selection.active.map { [$0] } ?? []) + selection.queue
        } else {
            active = selection.active
            queue = selection.queue
        }
        excluded = selection.excluded
        self.waitingUntil = waitingUntil
        self.previewed = previewed
        isPaused = paused
    }

    /// Nothing shows and nothing is known: the answer at a placement not yet looked at.
    package static let empty = PlacementAnswer(
        AnnouncementSelection(date: .distantPast, active: nil, queue: [], excluded: [], nextChange: nil),
        waitingUntil: nil)

    /// Why the announcement `id` is or is not showing.
    package func explanation(of id: String) -> AnnouncementExplanation {
        if isPaused, queue.contains(where: { $0.id == id }) {
            return AnnouncementExplanation(id: id, status: .paused)
        }
        if let previewed, previewed == id, active?.id == id {
            return AnnouncementExplanation(id: id, status: .previewed)
        }
        if let exclusion = excluded.first(where: { $0.id == id }) {
            return AnnouncementExplanation(
                id: id, status: .excluded(exclusion.reason, detail: exclusion.detail), cause: exclusion.cause)
        }
        if let waitingUntil, queue.contains(where: { $0.id == id }) {
            return AnnouncementExplanation(id: id, status: .waiting(until: waitingUntil))
        }
        if active?.id == id { return AnnouncementExplanation(id: id, status: .active) }
        if let index = queue.firstIndex(where: { $0.id == id }) {
            return AnnouncementExplanation(id: id, status: .queued(position: index + 1))
        }
        return AnnouncementExplanation(id: id, status: .unknown)
    }
}
