/// Why an announcement is not showing. The checks run in this order and the first that fails
/// gives the reason; these names appear in `announce simulate` and in the manager's explanations.
public enum ExclusionReason: String, Sendable, Hashable, CaseIterable, Codable {
    /// The item failed validation and was dropped from the feed.
    case invalid
    /// Before its `startDate`.
    case notStarted
    /// At or after its `endDate`.
    case expired
    /// Inside its date range but outside its recurring `schedule` window.
    case outsideWindow
    /// The user dismissed this revision (for good, or for `dismissFor` seconds that have not passed).
    case dismissed
    /// An `audience` key or the `targetAudience` does not match; the detail names the key.
    case audienceMismatch
    /// The user's rollout bucket is outside `rolloutPercentage`.
    case rolloutExcluded
    /// Its `trigger` event has not happened `minCount` times, or not within the last `within` seconds.
    case notTriggered
    /// A `frequency` cap is reached.
    case frequencyCapped
    /// It does not show at this placement.
    case placementMismatch
}
