import AnnouncementKit
import Foundation
import Testing

@Suite("Variant eligibility and selection")
struct VariantEligibilityTests {
    let now = try! Timestamp.parse("2026-12-04T10:00:00Z")

    /// An announcement split between `a` (a new title), `b` (a new message and style) and `holdout`,
    /// with the weights given.
    func split(a: Int = 1, b: Int = 1, holdout: Int = 0) -> Announcement {
        var announcement = Announcement(id: "copy", title: "Item title", message: "Item message", priority: 5)
        announcement.variants = [
            .init(id: "a", weight: a, title: "Title A"),
            .init(id: "b", weight: b, message: "Message B", style: .success),
            .init(id: "holdout", weight: holdout, isHoldout: true),
        ]
        return announcement
    }

    /// A user id that gets `variant` of `announcement`.
    func user(getting variant: String, of announcement: Announcement) -> String {
        (0...).lazy.map { "user-\($0)" }.first { announcement.variant(for: $0)?.id == variant }!
    }

    @Test("a holdout variant is rolloutExcluded with the detail 'holdout variant ID'")
    func holdout() {
        let announcement = split(holdout: 1)
        let id = user(getting: "holdout", of: announcement)
        let evaluator = EligibilityEvaluator(context: AnnouncementContext(userID: id))
        #expect(evaluator.evaluate(announcement, at: now) == .excluded(.holdout(variantID: "holdout")))
        let selection = AnnouncementSelector.select([announcement], evaluator: evaluator, at: now)
        #expect(selection.active == nil)
        #expect(selection.excluded.map(\.cause) == [.holdout(variantID: "holdout")])
        #expect(selection.nextChange == nil)
    }

    @Test("a rollout that excludes the user is reported before the holdout")
    func rolloutFirst() {
        var announcement = split(a: 0, b: 0, holdout: 1)
        announcement.audience = .init(rolloutPercentage: 0)
        let answer = EligibilityEvaluator(context: AnnouncementContext(userID: "u")).evaluate(announcement, at: now)
        #expect(answer.reason == .rolloutExcluded)
        guard case .rollout(_, let percentage) = answer.cause else {
            Issue.record("expected a rollout cause, got \(answer)")
            return
        }
        #expect(percentage == 0)
    }

    @Test("the installation id picks the variant when there is no user id")
    func installationID() {
        let announcement = split(holdout: 1)
        let id = user(getting: "holdout", of: announcement)
        let evaluator = EligibilityEvaluator(context: AnnouncementContext(installationID: id))
        #expect(evaluator.evaluate(announcement, at: now).cause == .holdout(variantID: "holdout"))
    }

    @Test("the selection shows the chosen variant's fields and its id, active and queued, from selector and engine")
    func selection() {
        let announcement = split()
        var other = Announcement(id: "other", title: "o", message: "o", priority: 9)
        other.variants = [.init(id: "only", weight: 1, title: "Only")]
        let plain = Announcement(id: "plain", title: "p", message: "p", priority: 1)
        let id = user(getting: "b", of: announcement)
        let evaluator = EligibilityEvaluator(context: AnnouncementContext(userID: id))
        let selection = AnnouncementSelector.select([announcement, other, plain], evaluator: evaluator, at: now)
        #expect(selection.active?.variantID == "only")
        #expect(selection.active?.title == "Only")
        #expect(selection.queue.map(\.variantID) == ["b", nil])
        let queued = selection.queue[0]
        #expect(queued.title == "Item title" && queued.message == "Message B" && queued.style == .success)
        let engine = AnnouncementSelectionEngine([announcement, other, plain], evaluator: evaluator, at: now)
        #expect(engine.selection == selection)
        #expect(engine.active == selection.active)
        #expect(engine.queue == selection.queue)
    }

    @Test("dismissing the variant's announcement dismisses the item")
    func dismissal() {
        let announcement = split()
        let shown = announcement.applyingVariant(for: "u1")
        var state = AnnouncementState()
        state.recordDismissal(of: shown, at: now)
        let evaluator = EligibilityEvaluator(context: AnnouncementContext(userID: "u1"), state: state)
        #expect(evaluator.evaluate(announcement, at: now).reason == .dismissed)
    }
}
