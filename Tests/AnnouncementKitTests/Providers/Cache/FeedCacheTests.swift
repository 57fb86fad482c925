import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

@Suite("Feed cache file")
struct FeedCacheTests {
    typealias Support = RemoteFeedSupport

    static func record() -> CachedFeed {
        var record = CachedFeed()
        record.body = Support.feed(["a", "b"])
        record.etag = #"W/"5f3-abc""#
        record.lastModified = "Sun, 06 Nov 2026 08:49:37 GMT"
        record.fetchedAt = Support.start
        record.maxAge = 300
        record.failureCount = 2
        record.nextAttemptAt = Support.start.addingTimeInterval(60)
        return record
    }

    @Test("a record round-trips, and the checksum is FNV-1a 64")
    func roundTrip() throws {
        let record = Self.record()
        #expect(try FeedCache.decode(FeedCache.encode(record)) == record)
        #expect(try FeedCache.decode(FeedCache.encode(record.withoutBody)) == record.withoutBody)
        #expect(Checksum.fnv1a64(Data()) == 0xcbf2_9ce4_8422_2325)
        #expect(Checksum.fnv1a64(Data("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(Checksum.fnv1a64(Data("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }

    @Test("truncated at every byte offset, or with any byte flipped, the file is rejected without a crash")
    func corruption() throws {
        let file = try FeedCache.encode(Self.record())
        for length in 0..<file.count {
            #expect(throws: (any Error).self, "truncated to \(length)") { try FeedCache.decode(file.prefix(length)) }
        }
        for offset in 0..<file.count {
            var damaged = file
            damaged[offset] ^= 0x20
            #expect(throws: (any Error).self, "byte \(offset) flipped") { try FeedCache.decode(damaged) }
        }
    }

    @Test("load deletes a damaged file")
    func loadDeletes() throws {
        let directory = try Support.temporaryDirectory()
        let cache = FeedCache(directory: directory, feedURL: URL(string: "https://example.com/feed.json")!)
        try cache.store(Self.record())
        #expect(cache.load() == .loaded(Self.record()))
        let url = try #require(cache.fileURL)
        try Data(try Data(contentsOf: url).prefix(40)).write(to: url)
        guard case .corrupt = cache.load() else {
            Issue.record("a truncated file loaded")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(cache.load() == .missing)
    }

    @Test("one file per feed URL, named after a hash of the URL")
    func fileNames() {
        let a = FeedCache.fileName(for: URL(string: "https://example.com/a.json")!)
        let b = FeedCache.fileName(for: URL(string: "https://example.com/b.json")!)
        #expect(a != b)
        #expect(a.hasPrefix("feed-") && a.hasSuffix(".cache") && a.count == 5 + 16 + 6)
    }
}

@Suite(
    "Feed cache healing against nginx",
    .enabled(if: TestDependencies.runsNginxTests, "nginx is not installed: run scripts/test-deps"))
struct FeedCacheHealingTests {
    typealias Support = RemoteFeedSupport

    @Test("a damaged cache (truncated anywhere, or a flipped byte) leads to an unconditional fetch that heals it")
    func heals() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("feed.json", contents: Support.feed(["a"]))
        let directory = try Support.temporaryDirectory()
        let url = server.url("feed.json")
        let configuration = Support.configuration(cache: directory, deadline: Support.patientDeadline)
        _ = await RemoteAnnouncementProvider(url: url, configuration: configuration).fetchFeed()
        let file = try #require(FeedCache(directory: directory, feedURL: url).fileURL)
        let good = try Data(contentsOf: file)
        // A sample of damage across the whole file: every 7th truncation and flipped byte.
        var damages: [Data] = stride(from: 0, to: good.count, by: 7).map { good.prefix($0) }
        damages += stride(from: 3, to: good.count, by: 7).map { offset in
            var damaged = good
            damaged[offset] ^= 0x01
            return damaged
        }
        for damaged in damages {
            try damaged.write(to: file)
            let provider = RemoteAnnouncementProvider(url: url, configuration: configuration)
            #expect(await provider.cachedFeed() == nil)
            let result = await provider.fetchFeed()
            #expect(result.source == .network)
            #expect(result.announcements.map(\.id) == ["a"])
            #expect(server.accessLog().last?.ifNoneMatch == nil, "the request after damage is unconditional")
            guard case .loaded(let healed) = FeedCache(directory: directory, feedURL: url).load() else {
                Issue.record("the cache did not heal")
                continue
            }
            #expect(healed.body == Support.feed(["a"]))
        }
        #expect(server.accessLog().count == damages.count + 1)
    }
}
