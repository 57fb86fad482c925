import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@Suite("AnnouncementManager: preview and test devices", .timeLimit(.minutes(1)))
struct AnnouncementManagerPreviewTests {
    let start = try! Timestamp.parse("2026-12-04T12:00:00Z")

    func item(_ id: String, priority: Int = 0, _ configure: (inout Announcement) -> Void = { _ in }) -> Announcement {
        var announcement = Announcement(id: id, title: "Title \(id)", message: "m", priority: priority)
        configure(&announcement)
        return announcement
    }

    /// A loaded manager over `announcements`, with its store, its clock stopped.
    func loadedManager(_ announcements: [Announcement]) async -> (AnnouncementManager, InMemoryAnnouncementStateStore) {
        let store = InMemoryAnnouncementStateStore()
        let provider = StubAnnouncementProvider(
            cached: FetchResult(announcements: announcements, source: .cache),
            next: FetchResult(announcements: announcements, source: .network, status: 200))
        let manager = AnnouncementManager(
            provider: provider, context: AnnouncementContext(platform: "iOS", locale: "en"), store: store,
            timeSource: ManualTimeSource(now: start),
            configuration: .init(minimumIntervalBetweenBanners: 30, localTimeZone: TimeZone(identifier: "UTC")!))
        await manager.loadAnnouncements()
        manager.stop()
        return (manager, store)
    }

    @Test("preview(id:) shows a capped, future draft everywhere until it is dismissed; explain says previewed")
    func previewUntilDismissed() async throws {
        let (manager, store) = await loadedManager([
            item("plain", priority: 1),
            item("qa", priority: 0) {
                $0.isDraft = true
                $0.startDate = start.addingTimeInterval(86_400)
                $0.frequency = .init(maxImpressions: 0)
                $0.placements = ["settings"]
            },
        ])
        #expect(manager.activeAnnouncement?.id == "plain")
        #expect(manager.preview(id: "missing") == false)
        #expect(manager.activeAnnouncement?.id == "plain")

        #expect(manager.preview(id: "qa"))
        for placement in [nil, "home", "settings"] as [String?] {
            #expect(manager.activeAnnouncement(for: placement)?.id == "qa")
            #expect(manager.explain(id: "qa", placement: placement).status == .previewed)
        }
        #expect(manager.queue.map(\.id) == ["plain"])
        #expect(manager.explain(id: "qa").description.hasPrefix("qa is previewed"))

        let qa = try #require(manager.activeAnnouncement)
        #expect(manager.dismiss(qa))
        #expect(store.load().state.dismissals["qa"] != nil)
        // The preview ended; the gap between banners now holds the next one back.
        #expect(manager.activeAnnouncement == nil)
        #expect(manager.queue.map(\.id) == ["plain"])
        #expect(manager.explain(id: "qa").status != .previewed)
        // A dismissed announcement can be previewed again.
        #expect(manager.preview(id: "qa"))
        #expect(manager.activeAnnouncement?.id == "qa")
    }

    @Test("a preview that cannot be dismissed stays until endPreview()")
    func endPreview() async {
        let (manager, _) = await loadedManager([
            item("plain"),
            item("fixed") {
                $0.isDismissible = false; $0.endDate = start
            },
        ])
        #expect(manager.preview(id: "fixed"))
        #expect(manager.activeAnnouncement?.id == "fixed")
        #expect(!manager.dismiss(manager.activeAnnouncement!))
        #expect(manager.activeAnnouncement?.id == "fixed")
        manager.endPreview()
        #expect(manager.activeAnnouncement?.id == "plain")
        #expect(manager.explain(id: "fixed").status == .excluded(.expired, detail: "ended at 2026-12-04T12:00:00Z"))
        manager.endPreview()
        #expect(manager.activeAnnouncement?.id == "plain")
    }

    @Test("setting isTestDevice on the context shows a draft at once, and clearing it hides it")
    func testDeviceContext() async {
        let (manager, _) = await loadedManager([item("plain"), item("draft", priority: 1) { $0.isDraft = true }])
        #expect(manager.activeAnnouncement?.id == "plain")
        #expect(manager.explain(id: "draft").status == .excluded(.audienceMismatch, detail: "draft: test devices only"))
        manager.context.isTestDevice = true
        #expect(manager.activeAnnouncement?.id == "draft")
        manager.context.isTestDevice = false
        #expect(manager.activeAnnouncement?.id == "plain")
    }
}
