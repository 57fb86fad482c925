import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

/// A random walk of dismissals, impressions and ticks (to the engine's next change, or by a random
/// jump) over one feed: after every step the incremental engine must give what a full selection
/// gives. Every agreement test of the engine is one such walk with its own feed and inputs.
struct EngineAgreementWalk {
    var announcements: [Announcement]
    var context = AnnouncementContext(platform: "iOS")
    var limits: AnnouncementFeed.Limits?
    var steps: Int
    /// Whether the walk records impressions as well as dismissals.
    var impressions = true
    /// The longest random jump of the clock, in seconds.
    var maximumJump: Double

    /// Walks from `start` with `generator`, recording an issue naming `seed` and the step at the first
    /// disagreement, and stopping there.
    func run(seed: Int, generator: inout SplitMix64, from start: Date) {
        var state = AnnouncementState()
        var now = start
        let scheduler = AnnouncementScheduler(localTimeZone: TimeZone(identifier: "UTC")!)
        func evaluator() -> EligibilityEvaluator {
            EligibilityEvaluator(context: context, state: state, scheduler: scheduler, limits: limits)
        }
        var engine = AnnouncementSelectionEngine(announcements, evaluator: evaluator(), at: now)
        for step in 0..<steps {
            let announcement = announcements.randomElement(using: &generator)!
            switch Int.random(in: 0..<(impressions ? 4 : 3), using: &generator) {
            case 0:
                state.recordDismissal(of: announcement, at: now)
                engine.update(state: state, changedIDs: [announcement.id])
            case 1:
                now = engine.nextChange ?? now.addingTimeInterval(600)
                engine.advance(to: now)
            case 2:
                now = now.addingTimeInterval(Double.random(in: 1...maximumJump, using: &generator).rounded())
                engine.advance(to: now)
            default:
                // Only the shown id is named: the engine itself must see what else the impression changes.
                state.recordImpression(of: announcement.id, at: now)
                engine.update(state: state, changedIDs: [announcement.id])
            }
            let full = AnnouncementSelector.select(announcements, evaluator: evaluator(), at: now)
            let mine = engine.selection
            #expect(mine.active?.id == full.active?.id, "seed \(seed), step \(step)")
            #expect(mine.queue.map(\.id) == full.queue.map(\.id), "seed \(seed), step \(step)")
            #expect(
                mine.excluded.map { "\($0.id) \($0.reason) \($0.detail)" }
                    == full.excluded.map { "\($0.id) \($0.reason) \($0.detail)" }, "seed \(seed), step \(step)")
            #expect(mine.nextChange == full.nextChange, "seed \(seed), step \(step)")
            #expect(mine == full, "seed \(seed), step \(step)")
            #expect(engine.active == full.active && engine.queue == full.queue, "seed \(seed), step \(step)")
            if mine != full { return }
        }
    }
}
