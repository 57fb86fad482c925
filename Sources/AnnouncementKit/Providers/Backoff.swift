import Foundation

/// Exponential back-off with jitter after failed fetches: about 30 s after the first failure,
/// doubling with each further one, capped at one hour, and reset by a success.
///
/// The jitter ("equal jitter") spreads clients that failed together over the upper half of each
/// step, so a recovering server is not hit by all of them at once.
struct Backoff: Sendable, Hashable {
    /// The delay after the first failure, before jitter.
    var initial: TimeInterval = 30
    /// The longest delay.
    var maximum: TimeInterval = 3600

    /// The delay after `failures` consecutive failures (1 or more), given a uniform random number
    /// `unit` in `0...1`: between half and all of `min(maximum, initial × 2^(failures − 1))`.
    func delay(afterFailures failures: Int, unit: Double) -> TimeInterval {
        guard failures > 0 else { return 0 }
        let exponent = Double(min(failures - 1, 62))
        let step = min(maximum, initial * pow(2, exponent))
        let clamped = min(max(unit, 0), 1)
        return step / 2 + step / 2 * clamped
    }
}
