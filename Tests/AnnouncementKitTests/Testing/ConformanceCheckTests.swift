import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// The conformance checks must catch the faults they are named after: each broken double below breaks
/// one promise, and the check must name exactly that promise.
@Suite("The conformance checks find broken implementations")
struct ConformanceCheckTests {
    /// Forgets every update: load always gives an empty state.
    final class ForgetfulStore: AnnouncementStateStore, Sendable {
        func load() -> StateStoreLoad { StateStoreLoad(state: AnnouncementState()) }
        func update(_ change: (inout AnnouncementState) -> Void) throws -> AnnouncementState {
            var state = AnnouncementState()
            change(&state)
            return state
        }
    }

    /// Reads and writes under a lock, but not as one step, so concurrent updates overwrite each other.
    final class RacyStore: AnnouncementStateStore, @unchecked Sendable {
        private let lock = NSLock()
        private var state = AnnouncementState()
        func load() -> StateStoreLoad { StateStoreLoad(state: lock.withLock { state }) }
        func update(_ change: (inout AnnouncementState) -> Void) throws -> AnnouncementState {
            var copy = lock.withLock { state }
            usleep(200)
            change(&copy)
            lock.withLock { state = copy }
            return copy
        }
    }

    /// Gives the same announcement twice, and claims a failed fetch came from the network.
    struct CarelessProvider: AnnouncementFeedProviding {
        func fetchFeed(force: Bool) async -> FetchResult {
            let item = Announcement(id: "same", title: "T", message: "M")
            return FetchResult(
                announcements: [item, item], source: .network, status: 200,
                failure: FetchFailure(kind: .timeout, message: "no answer"))
        }
        func cachedFeed() async -> FetchResult? { nil }
    }

    @Test("a store that forgets its updates fails the update and reopen checks, and only those")
    func forgetfulStore() {
        let failures = AnnouncementStateStoreConformance.check(
            makeStore: { ForgetfulStore() }, reopen: { ForgetfulStore() })
        #expect(
            Set(failures.map(\.check)) == [
                "load sees every update", "updates build on each other", "concurrent updates are not lost",
                "a thousand ids round-trip", "updates survive a relaunch",
            ])
        #expect(failures.allSatisfy { !$0.message.isEmpty })
    }

    @Test("a store without a lock loses concurrent updates")
    func racyStore() {
        let failures = AnnouncementStateStoreConformance.check(makeStore: { RacyStore() })
        #expect(failures.map(\.check) == ["concurrent updates are not lost"])
        #expect(failures.first?.message.contains("100 impressions recorded from 4 threads") == true)
    }

    @Test("a provider with duplicate ids and a network source on failure is caught on every fetch")
    func carelessProvider() async {
        let failures = await AnnouncementProviderConformance.check(CarelessProvider())
        #expect(failures.contains { $0.message == "the id same is given twice" })
        #expect(failures.contains { $0.message.contains("reports a failure but says its announcements came from") })
        #expect(
            Set(failures.map(\.check)) == [
                "an unforced fetch gives a consistent result", "a forced fetch gives a consistent result",
                "concurrent fetches give consistent results",
            ])
    }
}
