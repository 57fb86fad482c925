public import Foundation

/// Why an announcement is or is not showing at a placement, from ``AnnouncementManager/explain(id:placement:)``.
public struct AnnouncementExplanation: Sendable, Hashable, CustomStringConvertible {
    /// Where the announcement stands.
    public enum Status: Sendable, Hashable {
        /// It is the banner showing now.
        case active
        /// It is eligible and waits behind the active one; 1 is next.
        case queued(position: Int)
        /// It is eligible, but no banner shows until the minimum interval between banners has passed.
        case waiting(until: Date)
        /// It is not eligible, for this reason; `detail` is ``AnnouncementExplanation/cause`` in words.
        case excluded(ExclusionReason, detail: String)
        /// No announcement with this id is loaded.
        case unknown
        /// It is showing because ``AnnouncementManager/preview(id:)`` asked for it, whatever its
        /// schedule, caps or audience.
        case previewed
        /// It is eligible, but ``AnnouncementManager/isPaused`` holds every banner back; it shows again
        /// when the pause ends.
        case paused
    }

    /// The announcement's id.
    public var id: String
    /// Where it stands.
    public var status: Status
    /// What exactly holds it back, as a value, when it is ``Status/excluded(_:detail:)``; else `nil`.
    public var cause: ExclusionCause?

    /// Creates an explanation.
    package init(id: String, status: Status, cause: ExclusionCause? = nil) {
        self.id = id
        self.status = status
        self.cause = cause
    }

    /// A sentence such as `promo is excluded: rolloutExcluded (bucket 8768 of 10000 is not below 5000 …)`.
    public var description: String {
        switch status {
        case .active: "\(id) is active"
        case .queued(let position): "\(id) is queued at position \(position)"
        case .waiting(let until): "\(id) waits for the gap between banners until \(Timestamp.format(until))"
        case .excluded(let reason, let detail): "\(id) is excluded: \(reason.rawValue) (\(detail))"
        case .unknown: "\(id) is not in the loaded announcements"
        case .previewed: "\(id) is previewed: shown whatever its schedule, caps or audience until it is dismissed"
        case .paused: "\(id) is eligible but banners are paused"
        }
    }
}
