public import Foundation

/// What exactly holds an announcement back: the typed detail of an exclusion, with the facts the check
/// found (the instant, the audience key and what it needed, the bucket, the counts), under its
/// ``reason``.
///
/// The evaluator and the manager make these as plain values and never write text; the words people
/// read, such as `appVersion 2.4.0 < minAppVersion 2.5.0`, are made from a cause only where they are
/// shown, by ``description`` (which `AnnouncementSelection.Exclusion.detail` and
/// `Eligibility.detail` return). An app that explains an exclusion in its own words switches over
/// the cause:
///
/// ```swift
/// if case .dismissed(_, _, let until?) = exclusion.cause {
///     label.text = "Hidden until \(until.formatted())"
/// }
/// ```
///
/// A cause whose facts take more than 16 bytes is kept in a box (`indirect`), so that the value is no
/// larger than the reason and text it replaced: the engine keeps one answer per announcement, and at
/// 10,000 items 24 bytes more per answer showed as 0.2 MB more peak memory in `announce-bench`.
public enum ExclusionCause: Sendable, Hashable {
    /// ``ExclusionReason/invalid``: the item failed validation; its first error, `nil` when it had none.
    indirect case invalid(firstError: Diagnostic?)
    /// ``ExclusionReason/notStarted``: it starts at this instant.
    case startsAt(Date)
    /// ``ExclusionReason/expired``: it ended at this instant.
    case endedAt(Date)
    /// ``ExclusionReason/outsideWindow``: outside this recurring window.
    indirect case outsideWindow(Announcement.Schedule)
    /// ``ExclusionReason/dismissed``: the user dismissed this revision at `date`, until the instant given
    /// (`nil`: for good).
    indirect case dismissed(at: Date, revision: Int, until: Date?)
    /// ``ExclusionReason/dismissed``: the manager hid it for the session after its `autoDismissAfter`.
    case hiddenForSession
    /// ``ExclusionReason/audienceMismatch``: a draft, shown on test devices only.
    case draft
    /// ``ExclusionReason/audienceMismatch``: the user is not in the `targetAudience` segment.
    case targetAudience(Announcement.Audience)
    /// ``ExclusionReason/audienceMismatch``: an `audience` key this version of the library cannot check.
    case unknownAudienceKey(String)
    /// ``ExclusionReason/audienceMismatch``: a capability named in `requires` that this app does not support.
    case unsupportedCapability(String)
    /// ``ExclusionReason/audienceMismatch``: the context's platform is none of `platforms`.
    indirect case platform(String, platforms: [String])
    /// ``ExclusionReason/audienceMismatch``: a version bound failed; `key` is the audience key
    /// (`minAppVersion`, `maxAppVersion`, `minOSVersion` or `maxOSVersion`), `actual` the context's
    /// version (`nil`: unknown).
    indirect case version(key: String, bound: SemanticVersion, actual: SemanticVersion?)
    /// ``ExclusionReason/audienceMismatch``: the item sets `locales` and the context has no locale.
    case localeUnknown(locales: [String])
    /// ``ExclusionReason/audienceMismatch``: the context's locale matches none of `locales`.
    indirect case locale(String, locales: [String])
    /// ``ExclusionReason/audienceMismatch``: the user's segments include none of `segments`.
    case segments(Set<String>, segments: [String])
    /// ``ExclusionReason/audienceMismatch``: the targeting rule gave this value, which is not truthy.
    indirect case targetingFalse(result: JSONValue)
    /// ``ExclusionReason/audienceMismatch``: the targeting rule failed (or ran out of budget).
    indirect case targetingFailed(RuleError)
    /// ``ExclusionReason/rolloutExcluded``: the user's bucket (0–9999) is not below `percentage` × 100.
    case rollout(bucket: Int, percentage: Double)
    /// ``ExclusionReason/rolloutExcluded``: the user gets this holdout variant.
    case holdout(variantID: String)
    /// ``ExclusionReason/notTriggered``: the `event` has happened `seen` times, fewer than `minCount`.
    indirect case waitingForEvent(String, seen: Int, minCount: Int)
    /// ``ExclusionReason/notTriggered``: the `event` was last seen at `lastSeen`, not within `within`
    /// seconds before `date`, the instant evaluated (or ahead of it by more than `within`).
    indirect case eventWindowOver(String, lastSeen: Date, within: TimeInterval, at: Date)
    /// ``ExclusionReason/frequencyCapped``: `maxImpressions` is reached; `shown` impressions are recorded.
    case maxImpressions(Int, shown: Int)
    /// ``ExclusionReason/frequencyCapped``: the item's `minimumInterval` (seconds) since `lastShown` runs.
    case minimumInterval(TimeInterval, lastShown: Date)
    /// ``ExclusionReason/frequencyCapped``: `oncePerSession`, and it was shown in this session.
    case oncePerSession
    /// ``ExclusionReason/frequencyCapped``: the feed's `maxPerDay` impressions in the last 24 hours.
    case globalDailyLimit(Int)
    /// ``ExclusionReason/frequencyCapped``: the feed's `minimumInterval` (seconds) since the last banner runs.
    case globalMinimumInterval(TimeInterval)
    /// ``ExclusionReason/placementMismatch``: it shows only at `placements`, and the banner has no placement.
    case noPlacement(placements: [String])
    /// ``ExclusionReason/placementMismatch``: `placements` does not include the banner's placement.
    indirect case placement(String, placements: [String])
    /// ``ExclusionReason/placementMismatch``: it is on screen at another placement (`nil`: the banner
    /// without a placement name); an announcement shows at one placement at a time.
    case onScreenElsewhere(placement: String?)

    /// The reason this cause belongs to.
    public var reason: ExclusionReason {
        switch self {
        case .invalid: .invalid
        case .startsAt: .notStarted
        case .endedAt: .expired
        case .outsideWindow: .outsideWindow
        case .dismissed, .hiddenForSession: .dismissed
        case .draft, .targetAudience, .unknownAudienceKey, .unsupportedCapability, .platform, .version,
            .localeUnknown, .locale, .segments, .targetingFalse, .targetingFailed:
            .audienceMismatch
        case .rollout, .holdout: .rolloutExcluded
        case .waitingForEvent, .eventWindowOver: .notTriggered
        case .maxImpressions, .minimumInterval, .oncePerSession, .globalDailyLimit, .globalMinimumInterval:
            .frequencyCapped
        case .noPlacement, .placement, .onScreenElsewhere: .placementMismatch
        }
    }
}
