import AnnouncementKit

extension ExclusionReason {
    /// The reason in plain words for the people a preview is shared with, such as "outside the audience";
    /// the page shows the reason's code (``rawValue``) beside it. English: the page's captions are for
    /// the team, whatever language the banners are in.
    package var plainWords: String {
        switch self {
        case .invalid: "it failed validation"
        case .notStarted: "it has not started yet"
        case .expired: "it has ended"
        case .outsideWindow: "outside its weekly schedule"
        case .dismissed: "the user dismissed it"
        case .audienceMismatch: "outside the audience"
        case .rolloutExcluded: "not in this user's rollout"
        case .notTriggered: "its trigger event has not happened"
        case .frequencyCapped: "shown as often as allowed"
        case .placementMismatch: "meant for another placement"
        }
    }
}

extension BannerPreviewItem {
    /// The status in plain words: "Showing now", "Queued (2nd)", or "Not shown: outside the audience".
    package var statusWords: String {
        switch status {
        case .active: "Showing now"
        case .queued(let position): "Queued (\(Self.ordinal(position)))"
        case .excluded(let reason, _): "Not shown: \(reason.plainWords)"
        }
    }

    /// The exclusion reason's code, such as `audienceMismatch`; `nil` for an item that shows or is queued.
    package var reasonCode: String? {
        guard case .excluded(let reason, _) = status else { return nil }
        return reason.rawValue
    }

    /// An exclusion's cause in words (``AnnouncementSelection/Exclusion/detail``, made from its
    /// ``ExclusionCause`` when the items were listed), such as `ended at 2026-12-01T08:00:00Z`; empty
    /// when the item is not excluded.
    package var reasonDetail: String {
        guard case .excluded(_, let detail) = status else { return "" }
        return detail
    }

    /// The status in words with the reason code beside it: `Showing now`, `Queued (2nd)`, or
    /// `Not shown: it has ended (expired)`.
    package var statusText: String {
        reasonCode.map { "\(statusWords) (\($0))" } ?? statusWords
    }

    /// An English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 112th.
    package static func ordinal(_ number: Int) -> String {
        let suffix =
            switch (number % 100, number % 10) {
            case (11...13, _): "th"
            case (_, 1): "st"
            case (_, 2): "nd"
            case (_, 3): "rd"
            default: "th"
            }
        return "\(number)\(suffix)"
    }
}
