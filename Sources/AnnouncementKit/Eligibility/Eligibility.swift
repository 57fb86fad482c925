/// Whether an announcement may show, and if not, the reason and what exactly holds it back.
package struct Eligibility: Sendable, Hashable, CustomStringConvertible {
    /// What exactly holds it back, as a value (see ``ExclusionCause``); `nil` when it may show.
    package var cause: ExclusionCause?
    /// Why it may not show: the ``cause``'s reason; `nil` when it may.
    package var reason: ExclusionReason? { cause?.reason }

    private init(cause: ExclusionCause?) { self.cause = cause }

    /// The answer for an announcement that may show.
    package static let eligible = Eligibility(cause: nil)

    /// An exclusion for `cause`, under its reason.
    package static func excluded(_ cause: ExclusionCause) -> Eligibility { Eligibility(cause: cause) }

    /// A short explanation such as `appVersion 2.4.0 < minAppVersion 2.5.0`: the ``cause`` in words,
    /// made when read; `nil` when it may show.
    package var detail: String? { cause?.description }

    /// Whether the announcement may show.
    package var isEligible: Bool { cause == nil }

    /// `eligible`, or `reason: detail`.
    package var description: String {
        guard let reason else { return "eligible" }
        return detail.map { "\(reason.rawValue): \($0)" } ?? reason.rawValue
    }
}
