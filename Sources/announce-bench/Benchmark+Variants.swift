import AnnouncementKit
import Foundation

extension Benchmark {
    /// The cold decision over the benchmark's feed of `size` items with two variants and a goal on every
    /// item: decoding the variants' texts, and choosing the user's variant of each eligible item. Target
    /// at 100 items: 2.5 ms, the plain cold decision's 1.5 ms scaled by the work (1.6 times the
    /// instructions under callgrind: the feed holds a second title and message in three languages per
    /// item), so both figures have the same headroom.
    func coldWithVariants(size: Int, _ watch: Stopwatch) -> BenchResult {
        var generator = FeedGenerator(seed: 6, withVariants: true)
        let data = generator.feed(count: size)
        let seconds = coldDecision(data, watch)
        return BenchResult(
            "cold decision, \(size) items with variants", seconds * 1e3, "ms", target: size == 100 ? 2.5 : nil)
    }
}
