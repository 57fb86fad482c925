import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

@Suite("ManualTimeSource")
struct ManualTimeSourceTests {
    static let start = Date(timeIntervalSince1970: 1_893_492_000)  // 2030-01-01T10:00:00Z
    static let noon = Date(timeIntervalSince1970: 1_893_499_200)  // 2030-01-01T12:00:00Z

    /// Yields until `condition` holds (bounded); whether it held.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<2000 where !condition() { await Task.yield() }
        return condition()
    }

    @Test("time stands still until advanced, then the sleepers that are due wake; a cancelled one throws")
    func clock() async throws {
        let clock = ManualTimeSource(now: Self.start)
        let woke = Task { try await clock.sleep(until: Self.noon) }
        #expect(await eventually { clock.isWaiting(until: Self.noon) })
        #expect(clock.advance(by: 3600) == 0)
        #expect(clock.now == Self.start.addingTimeInterval(3600))
        #expect(clock.advance(to: Self.start) == 0)  // never backwards
        #expect(clock.now == Self.start.addingTimeInterval(3600))
        #expect(clock.advance(to: Self.noon) == 1)
        try await woke.value
        let cancelled = Task { try await clock.sleep(until: Self.noon.addingTimeInterval(60)) }
        #expect(await eventually { clock.sleeperCount == 1 })
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(clock.sleeperCount == 0)
    }
}
