import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

/// The device clock jumps a year forward and back. `ManualTimeSource` never goes backwards, so a jump
/// back is a new one at an earlier instant.
@Suite("Clock faults")
struct ClockFaultTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let year: TimeInterval = 365 * 86_400
    static let day: TimeInterval = 86_400

    private func item(_ configure: (inout Announcement) -> Void) -> Announcement {
        var announcement = Announcement(id: "a", title: "t", message: "m")
        configure(&announcement)
        return announcement
    }

    private func isEligible(_ announcement: Announcement, _ state: AnnouncementState, at date: Date) -> Bool {
        EligibilityEvaluator(context: AnnouncementContext(), state: state).evaluate(announcement, at: date).isEligible
    }

    @Test func minimumIntervalAfterTheClockWentBackAYear() {
        let capped = item { $0.frequency = .init(minimumInterval: Self.day) }
        var state = AnnouncementState()
        // Shown while the clock was a year ahead, then the clock is corrected.
        state.recordImpression(of: "a", at: Self.now.addingTimeInterval(Self.year))
        #expect(isEligible(capped, state, at: Self.now), "locked out for a year")
        // Shown again now: the cap works from the new impression; no flood.
        state.recordImpression(of: "a", at: Self.now)
        #expect(!isEligible(capped, state, at: Self.now.addingTimeInterval(60)))
        #expect(isEligible(capped, state, at: Self.now.addingTimeInterval(Self.day)))
    }

    @Test func aSmallStepBackStillHoldsTheCapForAtMostTwiceTheInterval() {
        let capped = item { $0.frequency = .init(minimumInterval: Self.day) }
        var state = AnnouncementState()
        state.recordImpression(of: "a", at: Self.now.addingTimeInterval(3600))
        #expect(!isEligible(capped, state, at: Self.now))
        #expect(!isEligible(capped, state, at: Self.now.addingTimeInterval(Self.day)))
        #expect(isEligible(capped, state, at: Self.now.addingTimeInterval(Self.day + 3600)))
    }

    @Test func clockForwardAYearThenBack() {
        let capped = item {
            $0.frequency = .init(maxImpressions: 3, minimumInterval: Self.day)
            $0.dismissFor = 7 * Self.day
        }
        var state = AnnouncementState()
        state.recordImpression(of: "a", at: Self.now)
        state.recordDismissal(of: capped, at: Self.now)
        #expect(!isEligible(capped, state, at: Self.now.addingTimeInterval(60)))
        // A year ahead, everything has run out: it shows once.
        let ahead = Self.now.addingTimeInterval(Self.year)
        #expect(isEligible(capped, state, at: ahead))
        state.recordImpression(of: "a", at: ahead)
        state.recordDismissal(of: capped, at: ahead)
        #expect(!isEligible(capped, state, at: ahead.addingTimeInterval(60)))
        // Back to the right time: the future records are not trusted, so no year-long lock-out.
        let back = Self.now.addingTimeInterval(120)
        #expect(isEligible(capped, state, at: back))
        state.recordImpression(of: "a", at: back)
        // The impression cap still counts every showing: no flood.
        #expect(!isEligible(capped, state, at: back.addingTimeInterval(2 * Self.day)))
        #expect(state.impressions["a"]?.count == 3)
    }

    @Test func dismissForAfterTheClockWentBack() {
        let timed = item { $0.dismissFor = Self.day }
        var state = AnnouncementState()
        state.recordDismissal(of: timed, at: Self.now.addingTimeInterval(Self.year))
        #expect(state.dismissal(of: timed, at: Self.now).isDismissed == false)
        #expect(isEligible(timed, state, at: Self.now))
        // A dismissal for good stays for good whatever the clock says.
        let forever = item { _ in }
        var permanent = AnnouncementState()
        permanent.recordDismissal(of: forever, at: Self.now.addingTimeInterval(Self.year))
        #expect(!isEligible(forever, permanent, at: Self.now))
        // A small step back keeps the dismissal, ending when it was meant to.
        var small = AnnouncementState()
        small.recordDismissal(of: timed, at: Self.now.addingTimeInterval(600))
        #expect(small.dismissal(of: timed, at: Self.now).until == Self.now.addingTimeInterval(600 + Self.day))
    }

    @MainActor
    @Test func theManagerRecoversFromAJumpBack() async throws {
        let capped = item { $0.frequency = .init(minimumInterval: Self.day) }
        let store = InMemoryAnnouncementStateStore()
        let ahead = ManualTimeSource(now: Self.now.addingTimeInterval(Self.year))
        let first = AnnouncementManager(
            provider: LocalAnnouncementProvider([capped]), context: AnnouncementContext(), store: store,
            timeSource: ahead)
        await first.loadAnnouncements()
        let shown = try #require(first.activeAnnouncement)
        first.recordImpression(shown)
        #expect(store.load().state.impressions["a"]?.last == Self.now.addingTimeInterval(Self.year))
        first.stop()
        // Relaunch with the clock corrected, a year earlier.
        let corrected = ManualTimeSource(now: Self.now)
        let second = AnnouncementManager(
            provider: LocalAnnouncementProvider([capped]), context: AnnouncementContext(), store: store,
            timeSource: corrected)
        await second.loadAnnouncements()
        #expect(second.activeAnnouncement?.id == "a")
        second.recordImpression(capped)
        // The new impression carries the corrected time, so the cap runs from now.
        #expect(store.load().state.impressions["a"]?.last == Self.now)
        #expect(store.load().state.impressions["a"]?.count == 2)
        second.stop()
    }

    /// The remote provider's cache: a fetch time in the future (clock went back) counts as expired;
    /// a back-off that would last beyond the longest wait is ignored.
    @Test func remoteCacheAndBackoffAcrossClockJumps() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("clock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        func provider(_ path: String, at date: Date) -> RemoteAnnouncementProvider {
            RemoteAnnouncementProvider(
                url: server.url(path),
                configuration: RemoteProviderConfiguration(
                    cacheDirectory: cache, requestTimeout: 2, deadline: 4, allowsHTTP: true),
                timeSource: ManualTimeSource(now: date))
        }
        // Fetched with the clock a year ahead.
        let ahead = await provider("feed", at: Self.now.addingTimeInterval(Self.year)).fetchFeed(force: false)
        #expect(ahead.status == 200)
        // Within the freshness window at the same (wrong) time: no request.
        let fresh = await provider("feed", at: Self.now.addingTimeInterval(Self.year + 60))
            .fetchFeed(force: false)
        #expect(fresh.status == nil)
        #expect(fresh.announcements.map(\.id) == ["fault-feed"])
        // Clock corrected: the cache is from "the future", so it is expired and a request goes out.
        let back = await provider("feed", at: Self.now).fetchFeed(force: false)
        #expect(back.status != nil, "served a cache fetched a year in the future as fresh")
        #expect(back.announcements.map(\.id) == ["fault-feed"])
        // A failure a year ahead starts a back-off; back at the right time it does not block for a year.
        let failing = provider("status/503", at: Self.now.addingTimeInterval(Self.year))
        let failed = await failing.fetchFeed(force: false)
        #expect(failed.failure != nil)
        let retried = await provider("status/503", at: Self.now).fetchFeed(force: false)
        #expect(retried.failure?.kind != .throttled, "\(String(describing: retried.failure))")
    }
}
