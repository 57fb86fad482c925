import AnnouncementKit
import Foundation

/// `--profile cold|cold-variants|reselect|rule SIZE`: one piece of work repeated, without timing, for
/// valgrind's callgrind (`cold-variants` is `cold` over the feed whose items have variants; `rule`
/// evaluates the typical targeting rule SIZE times).
enum ProfileRun {
    static func run(_ what: String, size: Int) {
        if what == "rule" {
            let rule = Benchmark.typicalRule
            let data = Benchmark.context.ruleData(announcementID: "announcement-1", at: Benchmark.now)
            var satisfied = 0
            for _ in 0..<size where rule.isSatisfied(by: data) { satisfied += 1 }
            consume(satisfied)
            return
        }
        var generator = FeedGenerator(seed: 6, withVariants: what == "cold-variants")
        let data = generator.feed(count: size)
        let decoded = try! FeedDecoder().decode(data)
        for _ in 0..<5 {
            switch what {
            case "cold", "cold-variants":
                let fresh = try! FeedDecoder().decode(data)
                consume(
                    AnnouncementSelector.select(
                        fresh.announcements, evaluator: Benchmark.evaluator(), at: Benchmark.now
                    ).queue.count)
            default:
                consume(
                    AnnouncementSelector.select(
                        decoded.announcements, evaluator: Benchmark.evaluator(), at: Benchmark.now
                    ).queue.count)
            }
        }
    }
}
