import AnnouncementKitTesting
import Foundation
import Testing

@testable import AnnouncementKit

/// The feed cache with a signature: the file keeps it with its validators, older files still read,
/// and a provider with a policy refuses, at launch, a cache file whose body its signature does not
/// accept (changed on disk, signature replaced, or written without a policy), as it does a damaged one.
@Suite("Feed cache with signatures", .timeLimit(.minutes(1)))
struct FeedCacheSignatureTests {
    typealias Support = RemoteFeedSupport
    typealias Signed = SignedFeedSupport
    typealias Fixture = RemoteProviderSignatureTests.Fixture

    static func record() -> CachedFeed {
        var record = FeedCacheTests.record()
        record.signature = Signed.signatureFile(of: record.body ?? Data())
        record.signatureETag = #""s1""#
        record.signatureLastModified = "Sun, 06 Nov 2026 08:49:37 GMT"
        return record
    }

    @Test("the signature and its validators round-trip; without a body they are not kept")
    func roundTrip() throws {
        let record = Self.record()
        #expect(try FeedCache.decode(FeedCache.encode(record)) == record)
        let bare = try FeedCache.decode(FeedCache.encode(record.withoutBody))
        #expect(bare.signature == nil && bare.signatureETag == nil && bare.signatureLastModified == nil)
    }

    @Test("a file written before signatures existed (no signature members) reads as a record without one")
    func olderFileReads() throws {
        let body = Support.feed(["old"])
        let metadata =
            #"{"bodyLength":\#(body.count),"etag":"\"v1\"","failureCount":0,"needsExplicitRequest":false,"noCache":false}"#
        let file = FeedCache.envelope.encode(metadata: Data(metadata.utf8), body: body)
        let record = try FeedCache.decode(file)
        #expect(record.body == body)
        #expect(record.etag == #""v1""#)
        #expect(record.signature == nil)
    }

    @Test("a stored signature that is not Base64, or past 4 KiB, makes the file damaged")
    func damagedSignature() throws {
        for signature in ["@@@", Data(count: FeedSignatureFile.maximumSize + 1).base64EncodedString()] {
            let metadata =
                #"{"failureCount":0,"needsExplicitRequest":false,"noCache":false,"signature":"\#(signature)"}"#
            let file = FeedCache.envelope.encode(metadata: Data(metadata.utf8), body: nil)
            #expect(throws: CacheFileEnvelope.FormatError.self) { try FeedCache.decode(file) }
        }
    }

    /// Ways a signed cache file can be changed on disk, each with a valid checksum afterwards.
    static let edits: [(name: String, edit: @Sendable (inout CachedFeed) -> Void)] = [
        ("body edited, checksum fixed", { $0.body = Support.feed(["evil"]) }),
        ("one byte of the body changed", { $0.body?[5] ^= 0x20 }),
        ("signature replaced", { $0.signature = Signed.signatureFile(of: Support.feed(["evil"])) }),
        (
            "signature by an untrusted key",
            {
                $0.body = Support.feed(["evil"])
                $0.signature = Signed.signatureFile(of: Support.feed(["evil"]), by: Signed.strangerKey)
            }
        ),
        ("signature removed", { $0.signature = nil }),
        ("signature garbage", { $0.signature = Data("{]".utf8) }),
    ]

    @Test("a cache file changed on disk is refused at launch, removed, and the next request is unconditional")
    func editedCacheRefused() async throws {
        for (name, edit) in Self.edits {
            let fixture = try Fixture()
            try await fixture.seed()
            var record = try #require(fixture.stored)
            edit(&record)
            let cache = FeedCache(
                directory: fixture.configuration.cacheDirectory, feedURL: RemoteProviderSignatureTests.url)
            try cache.store(record)

            // Without a policy the file is used as before.
            #expect(await fixture.relaunched(policy: nil).cachedFeed() != nil, "\(name)")

            let body = RemoteProviderSignatureTests.body
            let downloader = ScriptedDownloader([
                .ok(body, etag: #""v1""#), .ok(Signed.signatureFile(of: body), etag: #""s1""#),
            ])
            let relaunched = fixture.relaunched(policy: Signed.policy(), downloader: downloader)
            #expect(await relaunched.cachedFeed() == nil, "\(name): refused at launch")
            #expect(cache.load() == .missing, "\(name): removed")
            let healed = await relaunched.fetchFeed()
            #expect(healed.source == .network, "\(name)")
            #expect(healed.announcements.map(\.id) == ["signed"], "\(name)")
            #expect(fixture.stored?.body == body, "\(name): healed")
            #expect(
                downloader.requests.allSatisfy { $0.ifNoneMatch == nil && $0.ifModifiedSince == nil },
                "\(name): the requests after a refused cache are unconditional")
        }
    }

    @Test("a cache written without a policy is refused by a provider with one (missing), never used")
    func unsignedCacheRefused() async throws {
        let fallback = [Announcement(id: "local", title: "Local", message: "Local")]
        let unsigned = try Fixture([.ok(Support.feed(["unsigned"]), etag: #""v1""#)], policy: nil, fallback: fallback)
        _ = await unsigned.provider.fetchFeed()
        #expect(unsigned.stored?.signature == nil)
        let strict = unsigned.relaunched(policy: Signed.policy())
        let atLaunch = await strict.cachedFeed()
        #expect(atLaunch?.source == .fallback)
        #expect(atLaunch?.announcements.map(\.id) == ["local"])
    }
}
