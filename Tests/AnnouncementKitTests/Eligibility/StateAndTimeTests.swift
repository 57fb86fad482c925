import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@Suite("State file and time sources")
struct StateAndTimeTests {
    @Test("the state file round-trips and is versioned JSON")
    func stateFile() throws {
        let date = try Timestamp.parse("2026-12-04T08:00:00Z")
        var state = AnnouncementState(installationID: "install-1")
        state.recordDismissal(of: Announcement(id: "m", title: "t", message: "m"), at: date)
        state.recordImpression(of: "d", at: date)
        state.recordImpression(of: "d", at: date.addingTimeInterval(60))
        state.lastSeen["m"] = date
        let data = AnnouncementStateFile.encode(state)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["formatVersion"] as? Int == 1)
        #expect(object["installationId"] as? String == "install-1")
        var decoded = try AnnouncementStateFile.decode(data)
        #expect(decoded.shownThisSession.isEmpty)
        decoded.shownThisSession = state.shownThisSession
        #expect(decoded == state)
        #expect(decoded.impressions["d"] == .init(count: 2, last: date.addingTimeInterval(60)))
    }

    @Test(
        "a bad state file is refused with a reason",
        arguments: [
            ("", "not a state file"),
            ("[]", "not a state file"),
            ("{\"dismissals\": {}}", "missing \"formatVersion\""),
            ("{\"formatVersion\": 2}", "format version 2 is not supported"),
            (
                "{\"formatVersion\": 1, \"dismissals\": {\"a\": {\"revision\": 0, \"at\": \"yesterday\"}}}",
                "not a timestamp"
            ),
            ("{\"formatVersion\": 1, \"impressions\": {\"a\": {\"count\": \"3\", \"last\": \"x\"}}}", "wrong type"),
        ])
    func badStateFile(text: String, message: String) {
        do {
            _ = try AnnouncementStateFile.decode(Data(text.utf8))
            Issue.record("decoded \(text)")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("the manual time source wakes sleepers only when advanced past their deadline")
    func manualTime() async throws {
        let start = try Timestamp.parse("2026-12-04T00:00:00Z")
        let time = ManualTimeSource(now: start)
        let woke = LockedFlag()
        let task = Task {
            try await time.sleep(until: start.addingTimeInterval(60))
            woke.set()
        }
        try await time.waitForSleepers(1)
        #expect(time.nextDeadline == start.addingTimeInterval(60))
        time.advance(by: 59)
        #expect(!woke.value)
        #expect(time.sleeperCount == 1)
        time.advance(by: 1)
        try await task.value
        #expect(woke.value)
        #expect(time.now == start.addingTimeInterval(60))
        time.advance(to: start)
        #expect(time.now == start.addingTimeInterval(60), "time never goes backwards")
        try await time.sleep(until: start)
    }

    @Test("a sleeping task is woken with CancellationError when cancelled")
    func cancellation() async throws {
        let time = ManualTimeSource(now: Date(timeIntervalSince1970: 0))
        let task = Task { try await time.sleep(until: Date(timeIntervalSince1970: 1000)) }
        try await time.waitForSleepers(1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(time.sleeperCount == 0)
    }
}

/// A flag set from another task.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
}
