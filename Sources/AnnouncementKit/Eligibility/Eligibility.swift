/// Whether an announcement may show, and if not, the reason and a detail for people.
public struct Eligibility: Sendable, Hashable, CustomStringConvertible {
    /// Why it may not show; `nil` when it may.
    public var reason: ExclusionReason?
    /// A short explanation such as `appVersion 2.4.0 < minAppVersion 2.5.0`.
    public var detail: String?

    /// Creates an answer.
    package init(reason: ExclusionReason?, detail: String? = nil) {
        self.reason = reason
        self.detail = detail
    }

    /// The answer for an announcement that may show.
    package static let eligible = Eligibility(reason: nil)

    /// An exclusion with its reason and detail.
    package static func excluded(_ reason: ExclusionReason, _ detail: String) -> Eligibility {
        Eligibility(reason: reason, detail: detail)
    }

    /// Whether the announcement may show.
    public var isEligible: Bool { reason == nil }

    /// `eligible`, or `reason: detail`.
    public var description: String {
        guard let reason else { return "eligible" }
        return detail.map { "\(reason.rawValue): \($0)" } ?? reason.rawValue
    }
}
