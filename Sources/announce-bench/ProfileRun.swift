import AnnouncementKit
import Foundation

/// `--profile cold|reselect SIZE`: one piece of work repeated, without timing, for valgrind's callgrind.
enum ProfileRun {
    static func run(_ what: String, size: Int) {
        var generator = FeedGenerator(seed: 6)
        let data = generator.feed(count: size)
        let decoded = try! FeedDecoder().decode(data)
        for _ in 0..<5 {
            switch what {
            case "cold":
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
