import AnnouncementKit
import Foundation

extension Benchmark {
    /// The cold decision over the benchmark's feed of `size` items with two variants and a goal on every
    /// item (decoding the variants' texts, and choosing the user's variant of each eligible item), and
    /// its ratio to Foundation's parse of the same bytes in the same run. The target is that ratio's,
    /// at 100 items: at most 1.5, the bound the plain cold decision has at 10,000 items. An absolute
    /// time judges the machine as much as the code (the earlier 2.5 ms target missed on a slower
    /// machine with the code unchanged); the ratio to a parse of the same feed in the same run judges
    /// the code.
    func coldWithVariants(size: Int, _ watch: Stopwatch) -> [BenchResult] {
        var generator = FeedGenerator(seed: 6, withVariants: true)
        let data = generator.feed(count: size)
        let seconds = coldDecision(data, watch)
        let parse = watch.median {
            let object = try! JSONSerialization.jsonObject(with: data)
            consume((object as? [String: Any])?.count ?? 0)
        }
        return [
            BenchResult("cold decision, \(size) items with variants", seconds * 1e3, "ms"),
            BenchResult("parse floor (JSONSerialization), \(size) items with variants", parse * 1e3, "ms"),
            BenchResult(
                "decode+select ÷ parse-only, \(size) items with variants", seconds / parse, "ratio",
                target: size == 100 ? 1.5 : nil),
        ]
    }
}
