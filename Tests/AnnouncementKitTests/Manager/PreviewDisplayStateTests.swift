import AnnouncementKit
import Foundation
import Testing

/// Previews and test devices in the display rules: no manager, no clock, no store.
@Suite("AnnouncementDisplayState: previews and test devices")
struct PreviewDisplayStateTests {
    static let start = try! Timestamp.parse("2026-12-04T12:00:00Z")
    let start = Self.start

    func item(_ id: String, priority: Int = 0, _ configure: (inout Announcement) -> Void = { _ in }) -> Announcement {
        var announcement = Announcement(id: id, title: "Title \(id)", message: "m", priority: priority)
        configure(&announcement)
        return announcement
    }

    func inputs(
        _ announcements: [Announcement], state: AnnouncementState = AnnouncementState(),
        context: AnnouncementContext = AnnouncementContext()
    ) -> AnnouncementDisplayState.Inputs {
        AnnouncementDisplayState.Inputs(
            announcements: announcements, context: context, state: state, localTimeZone: TimeZone(identifier: "UTC")!)
    }

    /// A feed whose only eligible item is `plain`: the others are expired, a draft and at another placement.
    var feed: [Announcement] {
        [
            item("plain", priority: 1),
            item("expired", priority: 5) { $0.endDate = start },
            item("draft", priority: 9) { $0.isDraft = true },
            item("elsewhere") { $0.placements = ["settings"] },
        ]
    }

    @Test("a previewed item is active at every placement whatever its eligibility; the one it replaces queues first")
    func previewShowsEverywhere() {
        let inputs = inputs(feed)
        var display = AnnouncementDisplayState(minimumIntervalBetweenBanners: 0, date: start)
        _ = display.track(nil, using: inputs)
        _ = display.track("home", using: inputs)
        for id in ["expired", "draft", "elsewhere"] {
            display.preview(id)
            _ = display.reevaluate(.time, using: inputs, at: start)
            #expect(display.previewed == id)
            for placement in [nil, "home"] as [String?] {
                let answer = display.answer(for: placement)
                #expect(answer.active?.id == id)
                #expect(answer.queue.map(\.id) == ["plain"])
                #expect(!answer.excluded.contains { $0.id == id })
                #expect(answer.explanation(of: id).status == .previewed)
                #expect(answer.explanation(of: "plain").status == .queued(position: 1))
            }
            #expect(display.shownIDs == [id])
        }
        _ = display.track("settings", using: inputs)
        #expect(display.answer(for: "settings").active?.id == "elsewhere")
        #expect(display.answer(for: "settings").explanation(of: "elsewhere").status == .previewed)
    }

    @Test("a preview does not wait for the gap between banners, and the gap holds again once it ends")
    func previewSkipsTheGap() {
        let inputs = inputs(feed)
        var display = AnnouncementDisplayState(minimumIntervalBetweenBanners: 60, date: start)
        _ = display.track(nil, using: inputs)
        display.bannerLeft("other", at: start)
        _ = display.reevaluate(.time, using: inputs, at: start)
        #expect(display.answer(for: nil).active == nil)
        display.preview("draft")
        _ = display.reevaluate(.time, using: inputs, at: start)
        #expect(display.waitingUntil == nil)
        #expect(display.answer(for: nil).active?.id == "draft")
        display.endPreview()
        _ = display.reevaluate(.time, using: inputs, at: start)
        #expect(display.previewed == nil)
        #expect(display.answer(for: nil).active == nil)
        #expect(display.waitingUntil == start.addingTimeInterval(60))
    }

    @Test("a preview ends when its banner leaves; ending it reports no expiry of an expired item")
    func previewEnds() {
        let inputs = inputs(feed)
        var display = AnnouncementDisplayState(minimumIntervalBetweenBanners: 0, date: start)
        _ = display.track(nil, using: inputs)
        display.preview("draft")
        _ = display.reevaluate(.time, using: inputs, at: start)
        display.bannerLeft("plain", at: start)
        #expect(display.previewed == "draft")
        display.bannerLeft("draft", at: start)
        #expect(display.previewed == nil)
        _ = display.reevaluate(.time, using: inputs, at: start)
        #expect(display.answer(for: nil).active?.id == "plain")
        #expect(
            display.answer(for: nil).explanation(of: "draft").status
                == .excluded(.audienceMismatch, detail: "draft: test devices only"))

        display.preview("expired")
        _ = display.reevaluate(.time, using: inputs, at: start)
        display.endPreview()
        let actions = display.reevaluate(.time, using: inputs, at: start)
        #expect(!actions.contains { if case .emit = $0 { true } else { false } })
        #expect(display.answer(for: nil).active?.id == "plain")
    }

    @Test("previewing another item replaces the preview; an id not in the feed changes nothing")
    func replaceAndUnknown() {
        let inputs = inputs(feed)
        var display = AnnouncementDisplayState(minimumIntervalBetweenBanners: 0, date: start)
        _ = display.track(nil, using: inputs)
        display.preview("draft")
        display.preview("expired")
        _ = display.reevaluate(.time, using: inputs, at: start)
        #expect(display.answer(for: nil).active?.id == "expired")
        #expect(display.answer(for: nil).explanation(of: "draft").status.isExcluded)
        display.preview("missing")
        _ = display.reevaluate(.time, using: inputs, at: start)
        #expect(display.answer(for: nil).active?.id == "plain")
        #expect(display.answer(for: nil).explanation(of: "missing").status == .unknown)
    }

    @Test("a preview ends when the announcements no longer hold it, and the gap between banners holds again")
    func previewEndsWithItsAnnouncement() {
        var display = AnnouncementDisplayState(minimumIntervalBetweenBanners: 60, date: start)
        _ = display.track(nil, using: inputs(feed))
        display.bannerLeft("other", at: start)
        display.preview("draft")
        _ = display.reevaluate(.time, using: inputs(feed), at: start)
        #expect(display.answer(for: nil).active?.id == "draft")
        let withoutDraft = inputs(feed.filter { $0.id != "draft" })
        _ = display.reevaluate(.inputs, using: withoutDraft, at: start)
        #expect(display.previewed == nil)
        #expect(display.answer(for: nil).active == nil)
        #expect(display.waitingUntil == start.addingTimeInterval(60))
    }

    @Test("the display rule on its own: the preview comes after hiding and pinning")
    func displayedRule() {
        let selection = AnnouncementSelection(
            date: start, active: item("a"), queue: [item("b")],
            excluded: [.init(id: "c", cause: .endedAt(start))], nextChange: nil)
        let previewed = PlacementState.displayed(
            selection, hiding: ["a"], pinned: nil, previewing: "c", from: [item("a"), item("b"), item("c")])
        #expect(previewed.active?.id == "c")
        #expect(previewed.queue.map(\.id) == ["b"])
        #expect(previewed.excluded.map(\.id) == ["a"])
        let same = PlacementState.displayed(selection, hiding: [], pinned: nil, previewing: "b", from: [item("b")])
        #expect(same.active?.id == "b" && same.queue.map(\.id) == ["a"])
        #expect(PlacementState.displayed(selection, hiding: [], pinned: nil, previewing: "z", from: []) == selection)
    }

    @Test("a change of context to a test device is re-evaluated: the draft shows, and leaves again")
    func testDeviceContextChange() {
        var display = AnnouncementDisplayState(minimumIntervalBetweenBanners: 0, date: start)
        _ = display.track(nil, using: inputs(feed))
        #expect(display.answer(for: nil).active?.id == "plain")
        _ = display.reevaluate(
            .inputs, using: inputs(feed, context: AnnouncementContext(isTestDevice: true)), at: start)
        #expect(display.answer(for: nil).active?.id == "draft")
        #expect(display.answer(for: nil).queue.map(\.id) == ["plain"])
        _ = display.reevaluate(.inputs, using: inputs(feed), at: start)
        #expect(display.answer(for: nil).active?.id == "plain")
    }
}

extension AnnouncementExplanation.Status {
    /// Whether the status is an exclusion, whatever its reason.
    fileprivate var isExcluded: Bool {
        if case .excluded = self { return true }
        return false
    }
}
