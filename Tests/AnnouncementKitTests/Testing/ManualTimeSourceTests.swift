import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@Suite("ManualTimeSource", .timeLimit(.minutes(1)))
struct ManualTimeSourceTests {
    static let start = Date(timeIntervalSince1970: 1_893_492_000)  // 2030-01-01T10:00:00Z
    static let noon = Date(timeIntervalSince1970: 1_893_499_200)  // 2030-01-01T12:00:00Z

    @Test("time stands still until advanced, then the sleepers that are due wake; a cancelled one throws")
    func clock() async throws {
        let clock = ManualTimeSource(now: Self.start)
        let woke = Task { try await clock.sleep(until: Self.noon) }
        try await clock.waitForSleeper(until: Self.noon)
        #expect(clock.isWaiting(until: Self.noon))
        #expect(clock.advance(by: 3600) == 0)
        #expect(clock.now == Self.start.addingTimeInterval(3600))
        #expect(clock.advance(to: Self.start) == 0)  // never backwards
        #expect(clock.now == Self.start.addingTimeInterval(3600))
        #expect(clock.advance(to: Self.noon) == 1)
        try await woke.value
        let cancelled = Task { try await clock.sleep(until: Self.noon.addingTimeInterval(60)) }
        try await clock.waitForSleepers(1)
        #expect(clock.sleeperCount == 1)
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("waiting for sleepers returns once they wait, whichever comes first")
    func waitsForSleepers() async throws {
        let clock = ManualTimeSource(now: Self.start)
        let waiter = Task { try await clock.waitForSleepers(3) }
        let sleepers = (1...3).map { hour in
            Task { try await clock.sleep(until: Self.start.addingTimeInterval(Double(hour) * 3600)) }
        }
        try await waiter.value
        #expect(clock.sleeperCount == 3)
        try await clock.waitForSleeper(until: Self.start.addingTimeInterval(7200))
        #expect(clock.advance(by: 3 * 3600) == 3)
        for sleeper in sleepers { try await sleeper.value }
    }

    @Test("a wait for a sleeper that never comes fails with what it waited for and what was waiting")
    func waitTimesOut() async throws {
        let clock = ManualTimeSource(now: Self.start)
        let sleeper = Task { try await clock.sleep(until: Self.noon) }
        try await clock.waitForSleeper(until: Self.noon)
        do {
            try await clock.waitForSleeper(until: Self.start.addingTimeInterval(60), timeout: .milliseconds(20))
            Issue.record("the wait returned with no sleeper at that instant")
        } catch let timeout as WaitTimeout {
            #expect(
                timeout.description
                    == "ManualTimeSource: no task was waiting until 2030-01-01T10:01:00.000Z after 0.02 s; tasks "
                    + "were waiting until 2030-01-01T12:00:00.000Z (now 2030-01-01T10:00:00.000Z)")
        }
        let waiting = Task { try await clock.waitForSleepers(2) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}
