import AnnouncementKit
import Foundation

/// The child process of the memory figure: warms up on a small feed, notes the resident size, then
/// reads, decodes and selects one feed and prints how far the peak rose above that idle footprint.
enum MemoryProbe {
    static func run(feed path: String) {
        var generator = FeedGenerator(seed: 1)
        let warmUp = try! FeedDecoder().decode(generator.feed(count: 10))
        consume(
            AnnouncementSelector.select(warmUp.announcements, evaluator: Benchmark.evaluator(), at: Benchmark.now)
                .queue.count)
        let idle = ProcessMemory.field("VmRSS") ?? 0
        let data = FileManager.default.contents(atPath: path) ?? Data()
        let decoded = try! FeedDecoder().decode(data)
        let selection = AnnouncementSelector.select(
            decoded.announcements, rejected: decoded.rejected, evaluator: Benchmark.evaluator(), at: Benchmark.now)
        let peak = ProcessMemory.field("VmHWM") ?? 0
        consume(selection.queue.count + decoded.announcements.count)
        print(peak - idle)
    }
}
