import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

@Suite("Back-off after failures")
struct BackoffTests {
    typealias Support = RemoteFeedSupport

    @Test(
        "30 s, doubling, capped at one hour; jitter within the upper half of each step",
        arguments: [(1, 30.0), (2, 60), (3, 120), (7, 1920), (8, 3600), (50, 3600), (10_000, 3600)])
    func steps(failures: Int, step: TimeInterval) {
        let backoff = Backoff()
        #expect(backoff.delay(afterFailures: failures, unit: 1) == step)
        #expect(backoff.delay(afterFailures: failures, unit: 0) == step / 2)
        let jittered = backoff.delay(afterFailures: failures, unit: 0.3)
        #expect(jittered > step / 2 && jittered < step)
    }

    @Test(
        "a failing server is asked again only after the back-off, which doubles and survives a relaunch",
        .enabled(if: TestDependencies.runsFaultServerTests, "python3 is not installed"))
    func backoffWithManualTime() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let time = ManualTimeSource(now: Support.start)
        let cache = try Support.temporaryDirectory()
        let configuration = Support.configuration(cache: cache, deadline: Support.patientDeadline)
        let url = server.url("status/500")
        let provider = RemoteAnnouncementProvider(
            url: url, configuration: configuration, timeSource: time, random: { 1 })

        let first = await provider.fetchFeed()
        #expect(first.bytesReceived != nil)
        #expect(first.failure?.retryAfter == Support.start.addingTimeInterval(30))
        time.advance(by: 29)
        let held = await provider.fetchFeed()
        #expect(held.failure?.kind == .throttled)
        #expect(held.bytesReceived == nil, "no request during the back-off")

        // The back-off is kept with the cache: a relaunched app waits too.
        let relaunched = RemoteAnnouncementProvider(
            url: url, configuration: configuration, timeSource: time, random: { 1 })
        #expect(await relaunched.fetchFeed().failure?.kind == .throttled)

        time.advance(by: 1)
        let second = await provider.fetchFeed()
        #expect(second.bytesReceived != nil)
        #expect(second.failure?.retryAfter == time.now.addingTimeInterval(60))
    }

    @Test(
        "a success resets the back-off; a 404 waits for force: true",
        .enabled(if: TestDependencies.runsNginxTests, "nginx is not installed: run scripts/test-deps"))
    func resetOnSuccess() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        let time = ManualTimeSource(now: Support.start)
        let provider = RemoteAnnouncementProvider(
            url: server.url("feed.json"),
            configuration: Support.configuration(
                cache: try Support.temporaryDirectory(), deadline: Support.patientDeadline),
            timeSource: time, random: { 1 })
        #expect(await provider.fetchFeed().status == 404)
        time.advance(by: 7200)
        #expect(await provider.fetchFeed().failure?.kind == .throttled)
        try server.publish("feed.json", contents: Support.feed(["a"]))
        let forced = await provider.fetchFeed(force: true)
        #expect(forced.source == .network)
        #expect(forced.failure == nil)
        time.advance(by: 16 * 60)
        let next = await provider.fetchFeed()
        #expect(next.status == 304)
        #expect(next.failure == nil)
        #expect(server.accessLog().map(\.status) == [404, 200, 304])
    }
}
