import Foundation

/// Times closures: each figure is the median of repeated runs.
struct Stopwatch {
    /// The fewest and most runs per figure, and roughly how long one figure may take.
    var minimumRuns: Int
    var maximumRuns: Int
    var budget: Double

    /// The median wall time of `body` in seconds, after one untimed warm-up run; at least
    /// `minimumRuns` runs, or three when one run takes more than half the budget.
    func median(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let warmUpStart = clock.now
        body()
        // Work that takes seconds a run (the naive baseline at 10,000 items) gets three runs.
        let fewest = Self.seconds(clock.now - warmUpStart) > budget / 2 ? min(3, minimumRuns) : minimumRuns
        var samples: [Double] = []
        let started = clock.now
        while samples.count < maximumRuns {
            let start = clock.now
            body()
            samples.append(Self.seconds(clock.now - start))
            if samples.count >= fewest, Self.seconds(clock.now - started) > budget { break }
        }
        samples.sort()
        let middle = samples.count / 2
        return samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}

/// Keeps results alive so the optimizer cannot drop the work that made them.
nonisolated(unsafe) var blackHole = 0

@inline(never)
func consume(_ value: Int) {
    blackHole &+= value
}
