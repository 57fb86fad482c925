import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

/// The remote provider against a real nginx on a loopback port, one nginx per test.
@Suite(
    "Remote provider against nginx",
    .enabled(if: TestDependencies.runsNginxTests, "nginx is not installed: run scripts/test-deps"))
struct RemoteProviderNginxTests {
    typealias Support = RemoteFeedSupport

    @Test("200, then the cache while fresh, then a conditional request answered 304 with the cached body")
    func conditionalRequests() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("feed.json", contents: Support.feed(["a", "b"]))
        let cache = try Support.temporaryDirectory()
        let time = ManualTimeSource(now: Support.start)
        let provider = RemoteAnnouncementProvider(
            url: server.url("feed.json"),
            configuration: Support.configuration(cache: cache, deadline: Support.patientDeadline), timeSource: time)

        let first = await provider.fetchFeed()
        #expect(first.source == .network)
        #expect(first.status == 200)
        #expect(first.announcements.map(\.id) == ["a", "b"])
        let etag = try #require(first.etag)
        #expect(first.lastModified != nil)
        #expect(first.failure == nil)

        // Within the minimum interval (15 min) and max-age=300: no request at all.
        time.advance(by: 60)
        let fresh = await provider.fetchFeed()
        #expect(fresh.source == .notModified)
        #expect(fresh.status == nil)
        #expect(fresh.bytesReceived == nil)
        #expect(server.accessLog().count == 1)

        // Past both: a conditional request, answered 304 with no body; the cached body is used.
        time.advance(by: 16 * 60)
        let revalidated = await provider.fetchFeed()
        #expect(revalidated.source == .notModified)
        #expect(revalidated.status == 304)
        #expect(revalidated.bytesReceived == 0)
        #expect(revalidated.announcements.map(\.id) == ["a", "b"])
        #expect(revalidated.etag == etag)
        let log = server.accessLog()
        #expect(log.map(\.status) == [200, 304])
        #expect(log.last?.ifNoneMatch == etag)
        #expect(log.last?.ifModifiedSince == first.lastModified)
        #expect(log.last?.bodyBytes == 0)
        #expect(log.allSatisfy { $0.userAgent == RemoteProviderConfiguration.defaultUserAgent })

        // A relaunch reads the disk cache without the network, and revalidates it with a 304.
        let relaunched = RemoteAnnouncementProvider(
            url: server.url("feed.json"),
            configuration: Support.configuration(cache: cache, deadline: Support.patientDeadline), timeSource: time)
        let atLaunch = try #require(await relaunched.cachedFeed())
        #expect(atLaunch.source == .cache)
        #expect(atLaunch.announcements.map(\.id) == ["a", "b"])
        #expect(await relaunched.fetchFeed(force: true).status == 304)
    }

    @Test("a changed feed is picked up with its new validators")
    func feedChange() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        let published = Date(timeIntervalSinceNow: -100)
        try server.publish("feed.json", contents: Support.feed(["a"]), modified: published)
        let provider = RemoteAnnouncementProvider(
            url: server.url("feed.json"),
            configuration: Support.configuration(
                cache: try Support.temporaryDirectory(), deadline: Support.patientDeadline))
        let first = await provider.fetchFeed(force: true)
        #expect(first.announcements.map(\.id) == ["a"])

        try server.publish("feed.json", contents: Support.feed(["b"]), modified: published.addingTimeInterval(10))
        let second = await provider.fetchFeed(force: true)
        #expect(second.source == .network)
        #expect(second.status == 200)
        #expect(second.announcements.map(\.id) == ["b"])
        #expect(second.etag != first.etag)
        #expect(server.accessLog().map(\.status) == [200, 200])
        #expect(server.accessLog().last?.ifNoneMatch == first.etag)
    }

    @Test("gzip: the body is decoded, nginx's weak ETag on 200 matches its strong ETag on 304")
    func gzip() async throws {
        let server = try NginxServer(options: .init(gzip: true))
        defer { server.stop() }
        let ids = (0..<50).map { "item-\($0)" }
        try server.publish("feed.json", contents: Support.feed(ids))
        let provider = RemoteAnnouncementProvider(
            url: server.url("feed.json"),
            configuration: Support.configuration(
                cache: try Support.temporaryDirectory(), deadline: Support.patientDeadline))

        let first = await provider.fetchFeed(force: true)
        #expect(first.source == .network)
        #expect(first.announcements.count == 50)
        let etag = try #require(first.etag)
        #expect(etag.hasPrefix("W/"))
        let second = await provider.fetchFeed(force: true)
        #expect(second.source == .notModified)
        #expect(second.status == 304)
        #expect(second.announcements.count == 50)
        let log = server.accessLog()
        #expect(log.first?.gzipped == true)
        #expect(log.first.map { $0.bodyBytes < Support.feed(ids).count } == true)
        #expect(log.last?.etag.map { !$0.hasPrefix("W/") } == true)
    }

    @Test("a server with Last-Modified only (etag off): If-Modified-Since gets the 304")
    func lastModifiedOnly() async throws {
        let server = try NginxServer(options: .init(etag: false))
        defer { server.stop() }
        try server.publish("feed.json", contents: Support.feed(["a"]))
        let provider = RemoteAnnouncementProvider(
            url: server.url("feed.json"),
            configuration: Support.configuration(
                cache: try Support.temporaryDirectory(), deadline: Support.patientDeadline))
        let first = await provider.fetchFeed(force: true)
        #expect(first.etag == nil)
        let lastModified = try #require(first.lastModified)
        let second = await provider.fetchFeed(force: true)
        #expect(second.status == 304)
        #expect(second.announcements.map(\.id) == ["a"])
        #expect(server.accessLog().last?.ifModifiedSince == lastModified)
        #expect(server.accessLog().last?.ifNoneMatch == nil)
    }

    @Test("a 9 KB ETag cached by an earlier version is not sent, so nginx answers 200 instead of 400 forever")
    func oversizedCachedETag() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("feed.json", contents: Support.feed(["fresh"]))
        let cache = try Support.temporaryDirectory()
        let url = server.url("feed.json")
        // nginx refuses request headers past 8 KiB with 400 Bad Request.
        try FeedCacheBoundsTests.writeRawCache(
            directory: cache, url: url, etag: #"""# + String(repeating: "e", count: 9000) + #"""#)
        let provider = RemoteAnnouncementProvider(
            url: url, configuration: Support.configuration(cache: cache, deadline: Support.patientDeadline))
        let result = await provider.fetchFeed(force: true)
        #expect(result.failure == nil)
        #expect(result.status == 200)
        #expect(result.announcements.map(\.id) == ["fresh"])
        #expect(server.accessLog().map(\.status) == [200])
        #expect(server.accessLog().last?.ifNoneMatch == nil)
        // The validator nginx gave this time is short, kept and sent: the next answer is a 304.
        #expect(await provider.fetchFeed(force: true).status == 304)
    }

    @Test("concurrent fetches share one request")
    func concurrentFetchesMerge() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("feed.json", contents: Support.feed(["a"]))
        let provider = RemoteAnnouncementProvider(
            url: server.url("feed.json"),
            configuration: Support.configuration(
                cache: try Support.temporaryDirectory(), deadline: Support.patientDeadline))
        let results = await withTaskGroup(of: FetchResult.self) { group in
            for _ in 0..<20 { group.addTask { await provider.fetchFeed(force: true) } }
            var all: [FetchResult] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 20)
        #expect(results.allSatisfy { $0.announcements.map(\.id) == ["a"] })
        #expect(server.accessLog().count == 1)
    }
}
