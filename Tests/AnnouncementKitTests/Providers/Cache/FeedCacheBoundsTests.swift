import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The feed cache file is bounded: never read past its limit, validators a server would refuse are
/// dropped, and what it stores stays small.
@Suite("Feed cache bounds")
struct FeedCacheBoundsTests {
    typealias Support = RemoteFeedSupport

    static let feedURL = URL(string: "https://example.com/feed.json")!

    /// Writes a well-formed cache file by hand, as an earlier version (which kept any validator)
    /// may have: a header line with the FNV-1a 64 checksum, the metadata line, the body.
    static func writeRawCache(directory: URL, url: URL, etag: String, body: Data = RemoteFeedSupport.feed(["cached"]))
        throws
    {
        let metadata: [String: Any] = [
            "etag": etag, "fetchedAt": Date().timeIntervalSince1970, "noCache": false, "failureCount": 0,
            "needsExplicitRequest": false, "bodyLength": body.count,
        ]
        var payload = try JSONSerialization.data(withJSONObject: metadata, options: [.sortedKeys])
        payload.append(0x0A)
        payload.append(body)
        var file = Data("\(FeedCache.envelope.magic) \(Checksum.hex(Checksum.fnv1a64(payload)))\n".utf8)
        file.append(payload)
        let cache = FeedCache(directory: directory, feedURL: url)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try file.write(to: try #require(cache.fileURL))
    }

    @Test("a 2 GiB sparse cache file is deleted by its size, without being read")
    func sparseFile() throws {
        let directory = try Support.temporaryDirectory()
        let cache = FeedCache(directory: directory, feedURL: Self.feedURL)
        try cache.store(FeedCacheTests.record())
        let file = try #require(cache.fileURL)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        guard case .corrupt(let reason) = cache.load() else {
            Issue.record("a 2 GiB cache file loaded")
            return
        }
        #expect(reason.contains("\(2 << 30) bytes"), "\(reason)")
        #expect(reason.contains("at most \(cache.maximumFileSize)"), "\(reason)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("the limit follows the body cap: a body at the cap loads, one past a smaller cap is refused")
    func limitFollowsTheCap() throws {
        let directory = try Support.temporaryDirectory()
        var record = FeedCacheTests.record()
        record.body = Data(repeating: 0x20, count: RemoteProviderConfiguration.defaultMaximumBodySize)
        let cache = FeedCache(directory: directory, feedURL: Self.feedURL)
        try cache.store(record)
        #expect(cache.load() == .loaded(record))

        let smaller = FeedCache(
            directory: directory, feedURL: Self.feedURL,
            maximumBodySize: RemoteProviderConfiguration.defaultMaximumBodySize - FeedCache.metadataAllowance)
        guard case .corrupt(let reason) = smaller.load() else {
            Issue.record("a cache file past the smaller limit loaded")
            return
        }
        #expect(reason.contains("at most \(smaller.maximumFileSize) are read"), "\(reason)")
        #expect(smaller.load() == .missing)
    }

    @Test("a cache file that is a FIFO is deleted without being opened (opening it would block)")
    func fifo() throws {
        let directory = try Support.temporaryDirectory()
        let cache = FeedCache(directory: directory, feedURL: Self.feedURL)
        let file = try #require(cache.fileURL)
        #expect(mkfifo(file.path, 0o600) == 0)
        guard case .corrupt(let reason) = cache.load() else {
            Issue.record("a FIFO loaded")
            return
        }
        #expect(reason.contains("not a regular file"), "\(reason)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("validators past 1 KiB or with control characters in a cache file are dropped; the body is kept")
    func oversizedValidatorsOnDisk() throws {
        let directory = try Support.temporaryDirectory()
        for etag in [#"""# + String(repeating: "e", count: 1023) + #"""#, "\"a\u{7F}b\"", "\"a\tb\""] {
            try Self.writeRawCache(directory: directory, url: Self.feedURL, etag: etag)
            guard case .loaded(let record) = FeedCache(directory: directory, feedURL: Self.feedURL).load() else {
                Issue.record("the cache did not load")
                continue
            }
            #expect(record.etag == nil, "\(etag.prefix(20))")
            #expect(record.body == Support.feed(["cached"]))
        }
        let longest = #"""# + String(repeating: "e", count: 1022) + #"""#
        try Self.writeRawCache(directory: directory, url: Self.feedURL, etag: longest)
        guard case .loaded(let record) = FeedCache(directory: directory, feedURL: Self.feedURL).load() else {
            Issue.record("the cache did not load")
            return
        }
        #expect(record.etag == longest)
    }

    @Test("the stored failure text is cut to 2,000 characters and validators are checked on the way out")
    func storedTextIsBounded() throws {
        var record = FeedCacheTests.record()
        record.lastFailure = String(repeating: "x", count: 100_000)
        record.lastModified = String(repeating: "m", count: 2000)
        let decoded = try FeedCache.decode(FeedCache.encode(record))
        #expect(decoded.lastFailure?.count == FeedCache.maximumFailureLength)
        #expect(decoded.lastModified == nil)
        #expect(decoded.etag == record.etag)
    }

    @Test(
        "validators: 1 to 1,024 bytes of printable ASCII",
        arguments: [
            ("\"v1\"", true), ("W/\"5f3-abc\"", true), ("Sun, 06 Nov 1994 08:49:37 GMT", true),
            (String(repeating: "a", count: 1024), true), (String(repeating: "a", count: 1025), false),
            ("", false), ("\"a\r\nX-Injected: 1\"", false), ("\"\u{0}\"", false), ("\"é\"", false),
            ("\"\u{202E}\"", false),
        ])
    func usableValidator(_ value: String, _ usable: Bool) {
        #expect((HTTPHeaders.usableValidator(value) != nil) == usable)
    }
}
