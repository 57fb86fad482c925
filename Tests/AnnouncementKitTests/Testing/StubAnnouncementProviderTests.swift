import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// What the stub answers, `hold()` and `release()` in every order the calls can reach the provider, and
/// the waits on it.
@Suite("StubAnnouncementProvider", .timeLimit(.minutes(1)))
struct StubAnnouncementProviderTests {
    static func answer(_ id: String) -> FetchResult {
        FetchResult(announcements: [Announcement(id: id, title: "T", message: "M")], source: .network)
    }

    @Test("answers with what it is given, counts fetches and their force flags, and serves its cache")
    func answers() async {
        let cached = FetchResult(announcements: [Announcement(id: "c", title: "C", message: "M")], source: .cache)
        let provider = StubAnnouncementProvider(cached: cached, next: FetchResult(announcements: [], source: .network))
        #expect(await provider.cachedFeed() == cached)
        #expect(await provider.fetchFeed().announcements.isEmpty)
        provider.next = cached
        #expect(await provider.fetchFeed(force: true) == cached)
        #expect(provider.fetchCount == 2)
        #expect(provider.forceFlags == [false, true])
        #expect(provider.cachedReadCount == 1)
        #expect(await AnnouncementProviderConformance.check(provider).isEmpty)
    }

    @Test("a held fetch answers only after release, with the answer set before the release")
    func holdAndRelease() async throws {
        let provider = StubAnnouncementProvider([])
        provider.hold()
        let fetch = Task { await provider.fetchFeed() }
        try await provider.waitForWaitingFetches(1)
        #expect(provider.fetchCount == 1)
        #expect(provider.waitingFetchCount == 1)
        provider.next = Self.answer("late")
        provider.release()
        #expect(await fetch.value.announcements.map(\.id) == ["late"])
        #expect(provider.waitingFetchCount == 0)
    }

    @Test("a release before any fetch lets the later fetches answer at once")
    func releaseBeforeTheFetch() async {
        let provider = StubAnnouncementProvider(next: Self.answer("a"))
        provider.hold()
        provider.release()
        #expect(await provider.fetchFeed().announcements.map(\.id) == ["a"])
        #expect(await provider.fetchFeed(force: true).announcements.map(\.id) == ["a"])
        #expect(provider.waitingFetchCount == 0)
    }

    @Test(
        "a fetch asked for before release() answers after it, even when hold() comes again before its task waits",
        arguments: 0..<100)
    func releaseThenHoldAgain(round: Int) async throws {
        let provider = StubAnnouncementProvider(next: Self.answer("first"))
        provider.hold()
        let fetch = Task { await provider.fetchFeed() }
        // Woken as the fetch is asked for: its task may or may not be waiting yet when release() comes.
        try await provider.waitForWaitingFetches(1)
        provider.release()
        provider.hold()
        #expect(await fetch.value.announcements.map(\.id) == ["first"], "round \(round)")
        #expect(provider.waitingFetchCount == 0)
    }

    @Test("hold, release, hold: a fetch asked for after the second hold waits for the second release")
    func secondHoldWaitsForTheSecondRelease() async throws {
        let provider = StubAnnouncementProvider(next: Self.answer("first"))
        provider.hold()
        let early = Task { await provider.fetchFeed() }
        try await provider.waitForWaitingFetches(1)
        provider.release()
        provider.hold()
        #expect(await early.value.announcements.map(\.id) == ["first"])
        let late = Task { await provider.fetchFeed(force: true) }
        try await provider.waitForWaitingFetches(1)
        try await provider.waitForFetches(2)
        #expect(provider.waitingFetchCount == 1, "the first release does not let later fetches through")
        provider.next = Self.answer("second")
        provider.release()
        #expect(await late.value.announcements.map(\.id) == ["second"])
        #expect(provider.forceFlags == [false, true])
        #expect(provider.waitingFetchCount == 0)
    }

    @Test("several waiting fetches all answer at one release, with the answer set then")
    func severalWaitingFetches() async throws {
        let provider = StubAnnouncementProvider(next: Self.answer("old"))
        provider.hold()
        let fetches = (0..<4).map { _ in Task { await provider.fetchFeed() } }
        try await provider.waitForWaitingFetches(4)
        #expect(provider.fetchCount == 4)
        provider.next = Self.answer("new")
        provider.release()
        for fetch in fetches {
            #expect(await fetch.value.announcements.map(\.id) == ["new"])
        }
        #expect(provider.waitingFetchCount == 0)
        #expect(await provider.fetchFeed().announcements.map(\.id) == ["new"], "released: the next answers at once")
    }

    @Test("a wait whose condition never holds fails with what it waited for; a cancelled wait throws")
    func waitsEnd() async throws {
        let provider = StubAnnouncementProvider([])
        do {
            try await provider.waitForWaitingFetches(1, timeout: .milliseconds(20))
            Issue.record("the wait returned with no fetch waiting")
        } catch let timeout as WaitTimeout {
            #expect(
                timeout.description
                    == "StubAnnouncementProvider: 0 of the 1 held fetches awaited were waiting after 0.02 s "
                    + "(0 asked for, not held: call hold() first)")
        }
        _ = await provider.fetchFeed()
        try await provider.waitForFetches(1, timeout: .milliseconds(20))
        let waiting = Task { try await provider.waitForFetches(2) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
