import AnnouncementKit
import Foundation
import Testing

/// The state stays bounded whatever the feed does: pruning, the id cap and the byte cap of the file.
@Suite("State bounds")
struct StateBoundsTests {
    private let date = try! Timestamp.parse("2026-12-04T08:00:00Z")
    private let day: TimeInterval = 86_400

    private func announcement(_ id: String) -> Announcement {
        Announcement(id: id, title: "t", message: "m")
    }

    /// A state tracking `count` ids, `id-0` the oldest (each one second younger than the one before).
    private func stateTracking(_ count: Int, prefix: String = "id") -> AnnouncementState {
        var dismissals: [String: AnnouncementState.Dismissal] = [:]
        var lastSeen: [String: Date] = [:]
        for index in 0..<count {
            let at = date.addingTimeInterval(Double(index))
            dismissals["\(prefix)-\(index)"] = .init(revision: 0, date: at)
            lastSeen["\(prefix)-\(index)"] = at
        }
        return AnnouncementState(dismissals: dismissals, lastSeen: lastSeen)
    }

    @Test("the id cap is room for a full feed and as many ids again (the state cannot read FeedLimits)")
    func capFollowsFeedLimit() {
        #expect(AnnouncementState.maximumTrackedIDs == 2 * FeedLimits.maximumAnnouncements)
    }

    @Test("ids of the feed that were never dismissed or shown leave nothing behind")
    func untrackedIDsLeaveNothing() {
        var state = AnnouncementState()
        state.prune(keeping: (0..<10_000).map { "fresh-\($0)" }, at: date)
        #expect(state.lastSeen.isEmpty && state.dismissals.isEmpty && state.impressions.isEmpty)
        state.lastSeen["left-by-an-older-version"] = date
        state.prune(keeping: ["left-by-an-older-version"], at: date)
        #expect(state.lastSeen.isEmpty)
    }

    @Test("a dismissed id that leaves the feed stays dismissed for a year, then is forgotten")
    func retentionOfAbsentIDs() {
        var state = AnnouncementState()
        state.recordDismissal(of: announcement("sale"), at: date)
        state.recordImpression(of: "sale", at: date)
        state.prune(keeping: ["sale", "other"], at: date.addingTimeInterval(day))
        #expect(state.lastSeen["sale"] == date.addingTimeInterval(day))
        // Gone from the feed from day 1; published again on day 300: still dismissed, still counted.
        state.prune(keeping: ["other"], at: date.addingTimeInterval(2 * day))
        state.prune(keeping: ["other"], at: date.addingTimeInterval(299 * day))
        #expect(state.dismissal(of: announcement("sale"), at: date.addingTimeInterval(300 * day)).isDismissed)
        #expect(state.impressions["sale"]?.count == 1)
        // Exactly a year after it was last seen it is still kept; a second later it is forgotten.
        let lastSeen = date.addingTimeInterval(day)
        state.prune(keeping: ["other"], at: lastSeen.addingTimeInterval(AnnouncementState.retention))
        #expect(state.dismissals["sale"] != nil)
        state.prune(keeping: ["other"], at: lastSeen.addingTimeInterval(AnnouncementState.retention + 1))
        #expect(state.dismissals["sale"] == nil && state.impressions["sale"] == nil && state.lastSeen["sale"] == nil)
    }

    @Test("an id that comes back within the retention starts its year again")
    func republishedIDStartsAgain() {
        var state = AnnouncementState()
        state.recordDismissal(of: announcement("a"), at: date)
        state.prune(keeping: [String](), at: date.addingTimeInterval(200 * day))
        state.prune(keeping: ["a"], at: date.addingTimeInterval(300 * day))
        state.prune(keeping: [String](), at: date.addingTimeInterval(600 * day))
        #expect(state.dismissals["a"] != nil, "last seen on day 300, so kept until day 665")
    }

    @Test("a record without a last-seen date starts its retention at the next prune")
    func recordsWithoutLastSeen() {
        var state = AnnouncementState(
            dismissals: ["old": .init(revision: 2, date: date.addingTimeInterval(-900 * day))],
            impressions: ["shown": .init(count: 3, last: date.addingTimeInterval(-900 * day))])
        state.prune(keeping: [String](), at: date)
        #expect(state.lastSeen == ["old": date, "shown": date])
        #expect(state.dismissals["old"]?.revision == 2 && state.impressions["shown"]?.count == 3)
    }

    @Test("a last-seen date after now (the clock went back) is not pruned")
    func clockWentBack() {
        var state = AnnouncementState()
        state.recordDismissal(of: announcement("a"), at: date)
        state.prune(keeping: [String](), at: date.addingTimeInterval(-2 * AnnouncementState.retention))
        #expect(state.dismissals["a"] != nil)
    }

    @Test("at the id cap nothing goes; one past it, the oldest goes, with all its records")
    func capEdge() {
        let cap = AnnouncementState.maximumTrackedIDs
        var state = stateTracking(cap - 1)
        state.recordImpression(of: "id-0", at: date.addingTimeInterval(Double(cap + 5)))
        state.recordDismissal(of: announcement("at-the-cap"), at: date.addingTimeInterval(Double(cap)))
        #expect(state.lastSeen.count == cap && state.dismissals.count == cap)
        #expect(state.dismissals["id-1"] != nil)
        state.recordDismissal(of: announcement("past-the-cap"), at: date.addingTimeInterval(Double(cap + 1)))
        #expect(state.lastSeen.count == cap && state.dismissals.count == cap)
        // id-0 was shown after all the others, so id-1 is the oldest.
        #expect(state.dismissals["id-1"] == nil && state.lastSeen["id-1"] == nil)
        #expect(state.dismissals["id-0"] != nil && state.dismissals["past-the-cap"] != nil)
    }

    @Test("a record just made is never the one that goes, even when the clock went back")
    func newestRecordStays() {
        let cap = AnnouncementState.maximumTrackedIDs
        var state = stateTracking(cap)
        state.recordImpression(of: "while-the-clock-is-wrong", at: date.addingTimeInterval(-365 * day))
        #expect(state.impressions["while-the-clock-is-wrong"]?.count == 1)
        #expect(state.dismissals["id-0"] == nil, "the oldest other id went instead")
        #expect(state.lastSeen.count == cap)
    }

    @Test("past the cap, pruning drops ids absent from the feed before any id still in it")
    func pruneKeepsCurrentIDs() {
        let cap = AnnouncementState.maximumTrackedIDs
        var state = stateTracking(cap, prefix: "gone")
        // The current feed's records are older than every absent one (the clock went back since).
        for index in 0..<10 {
            state.dismissals["current-\(index)"] = .init(revision: 0, date: date.addingTimeInterval(-day))
        }
        state.prune(keeping: (0..<10).map { "current-\($0)" }, at: date.addingTimeInterval(-day))
        #expect(state.dismissals.count == cap)
        #expect((0..<10).allSatisfy { state.dismissals["current-\($0)"] != nil })
        #expect((0..<10).allSatisfy { state.dismissals["gone-\($0)"] == nil }, "the ten oldest absent ids went")
        #expect(state.dismissals["gone-10"] != nil)
    }

    @Test("a full feed's records fit: 10,000 dismissed and shown ids of 128 characters, in the id and byte caps")
    func fullFeedFits() throws {
        var state = AnnouncementState(installationID: "install-1")
        let ids = (0..<FeedLimits.maximumAnnouncements).map { index in
            let number = String(index)
            return String(repeating: "x", count: FeedLimits.maximumIDLength - number.count) + number
        }
        for id in ids {
            state.recordDismissal(of: announcement(id), at: date)
            state.recordImpression(of: id, at: date)
        }
        state.prune(keeping: ids, at: date)
        let data = AnnouncementStateFile.encode(state)
        #expect(data.count <= AnnouncementStateFile.maximumBytes)
        var decoded = try AnnouncementStateFile.decode(data)
        decoded.shownThisSession = state.shownThisSession
        #expect(decoded == state)
    }

    @Test("every item of every feed dismissed and shown: the cap holds, the newest feeds' records stay")
    func everyItemDismissed() throws {
        var state = AnnouncementState(installationID: "install-1")
        var now = date
        for refresh in 0..<5 {
            let ids = (0..<FeedLimits.maximumAnnouncements).map { "promo-\(refresh)-\($0)" }
            for id in ids {
                state.dismissals[id] = .init(revision: 0, date: now)
                state.impressions[id] = .init(count: 1, last: now)
            }
            state.prune(keeping: ids, at: now)
            #expect(state.lastSeen.count <= AnnouncementState.maximumTrackedIDs)
            #expect(state.dismissals.count <= AnnouncementState.maximumTrackedIDs)
            #expect(state.impressions.count <= AnnouncementState.maximumTrackedIDs)
            #expect(ids.allSatisfy { state.dismissals[$0] != nil })
            now += 900
        }
        // The current feed and the one before it; the three before those went, oldest first.
        #expect(state.dismissals.count == AnnouncementState.maximumTrackedIDs)
        #expect(state.dismissals["promo-3-0"] != nil && state.dismissals["promo-2-9999"] == nil)
        let data = AnnouncementStateFile.encode(state)
        #expect(data.count <= AnnouncementStateFile.maximumBytes)
        var decoded = try AnnouncementStateFile.decode(data)
        decoded.shownThisSession = state.shownThisSession
        #expect(decoded == state)
    }

    @Test("past the byte cap the file leaves out the oldest ids; what it holds reads back whole")
    func byteCap() throws {
        // 128 four-byte characters per id: 20,000 such ids need far more than the cap.
        let wide = String(repeating: "\u{1F600}", count: 120)
        var state = AnnouncementState(installationID: "install-1")
        for index in 0..<AnnouncementState.maximumTrackedIDs {
            state.recordDismissal(of: announcement("\(wide)\(index)"), at: date.addingTimeInterval(Double(index)))
        }
        let data = AnnouncementStateFile.encode(state)
        #expect(data.count <= AnnouncementStateFile.maximumBytes)
        #expect(data.count > AnnouncementStateFile.maximumBytes - 1_000, "filled to the cap, not far short of it")
        let decoded = try AnnouncementStateFile.decode(data)
        let newest = AnnouncementState.maximumTrackedIDs - 1
        #expect(decoded.dismissals["\(wide)\(newest)"] != nil)
        #expect(decoded.dismissals["\(wide)0"] == nil)
        let kept = decoded.dismissals.count
        #expect(kept > 5_000 && kept < AnnouncementState.maximumTrackedIDs)
        // Exactly the newest ones were kept.
        #expect((newest - kept + 1...newest).allSatisfy { decoded.dismissals["\(wide)\($0)"] != nil })
    }
}
