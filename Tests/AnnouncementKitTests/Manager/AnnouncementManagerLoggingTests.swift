import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// What the manager logs through its configuration's handler: the outcome of each fetch, the feed's
/// findings, state store problems, budget hits and refused actions, with levels, categories and metadata;
/// and that a hostile feed cannot make the log large. Records are handed over before the call that
/// caused them returns, so the tests read them without waiting.
@Suite("AnnouncementManager logging", .timeLimit(.minutes(1)))
struct AnnouncementManagerLoggingTests {
    typealias Step = ScriptedDownloader.Step
    static let url = URL(string: "https://cdn.example.com/announcements.json")!

    /// Collects the records a manager logs.
    final class Collector: Sendable {
        private let stored = LockedValue<[AnnouncementLogRecord]>([])
        var records: [AnnouncementLogRecord] { stored.withLock { $0 } }
        var handler: AnnouncementLogHandler {
            AnnouncementLogHandler { record in self.stored.withLock { $0.append(record) } }
        }

        func records(_ category: AnnouncementLogRecord.Category) -> [AnnouncementLogRecord] {
            records.filter { $0.category == category }
        }
    }

    /// A manager over a remote provider that a scripted downloader answers, with a collecting handler.
    struct Fixture {
        let collector = Collector()
        let time = ManualTimeSource(now: RemoteFeedSupport.start)
        let downloader: ScriptedDownloader
        let manager: AnnouncementManager

        init(
            _ steps: [Step], maximumBodySize: Int = 1 << 20, imageLimits: ImagePrefetchLimits = ImagePrefetchLimits(),
            store: any AnnouncementStateStore = InMemoryAnnouncementStateStore(),
            signaturePolicy: FeedSignaturePolicy? = nil
        ) throws {
            downloader = ScriptedDownloader(steps)
            var configuration = RemoteProviderConfiguration(
                cacheDirectory: try RemoteFeedSupport.temporaryDirectory(), maximumBodySize: maximumBodySize)
            configuration.imageLimits = imageLimits
            configuration.signaturePolicy = signaturePolicy
            let provider = RemoteAnnouncementProvider(
                url: AnnouncementManagerLoggingTests.url, configuration: configuration, timeSource: time,
                downloader: downloader, random: { 1 })
            manager = AnnouncementManager(
                provider: provider, context: AnnouncementContext(platform: "iOS", locale: "en"), store: store,
                timeSource: time, configuration: .init(logHandler: collector.handler))
        }
    }

    static func feed(_ items: [String]) -> Data {
        Data(#"{"schemaVersion": 1, "announcements": [\#(items.joined(separator: ", "))]}"#.utf8)
    }

    static func good(_ id: String) -> String { #"{"id": "\#(id)", "title": "Title", "message": "Message"}"# }

    @Test("a feed refused for its signature is one warning record with the reason and the signature problem")
    func signatureRefusal() async throws {
        let body = Self.feed([Self.good("a")])
        let changed = Self.feed([Self.good("evil")])
        let fixture = try Fixture(
            [
                .ok(body, etag: #""v1""#), .ok(SignedFeedSupport.signatureFile(of: body)),
                .ok(changed, etag: #""v2""#), .ok(SignedFeedSupport.signatureFile(of: body)),
            ], signaturePolicy: SignedFeedSupport.policy())
        await fixture.manager.refresh()
        let result = await fixture.manager.refresh(force: true)
        #expect(result.failure?.signatureReason == .badSignature)
        let refused = try #require(fixture.collector.records(.fetch).last)
        #expect(fixture.collector.records(.fetch).count == 2)
        #expect(refused.level == .warning)
        #expect(refused.message.hasPrefix("the fetch failed (signature): the feed was refused (badSignature)"))
        #expect(refused.message.hasSuffix("; the cached feed stays in use"))
        #expect(refused.metadata["reason"] == "signature")
        #expect(refused.metadata["signature"] == "badSignature")
        #expect(refused.metadata["cacheUsed"] == "true")
        #expect(fixture.collector.records(.feed).isEmpty, "the refused feed was never decoded")
    }

    @Test("a fresh feed is one info record with its counts; a 304 is one debug record")
    func freshFeedAndNotModified() async throws {
        let body = Self.feed([Self.good("a"), Self.good("b"), #"{"id": "bad", "message": "no title"}"#])
        let fixture = try Fixture([.ok(body, etag: #""v1""#), .notModified(etag: #""v1""#)])
        await fixture.manager.refresh()
        let fetched = try #require(fixture.collector.records(.fetch).only)
        #expect(fetched.level == .info)
        #expect(fetched.message == "fetched the feed: 3 items, 2 usable, 1 rejected")
        #expect(fetched.metadata["source"] == "network")
        #expect(fetched.metadata["status"] == "200")
        #expect(fetched.metadata["items"] == "3")
        #expect(fetched.metadata["usable"] == "2")
        #expect(fetched.metadata["rejected"] == "1")
        #expect(fetched.metadata["bytes"] == String(body.count))
        #expect(fetched.metadata["url"] == Self.url.absoluteString)

        await fixture.manager.refresh()
        let notModified = try #require(fixture.collector.records(.fetch).last)
        #expect(fixture.collector.records(.fetch).count == 2)
        #expect(notModified.level == .debug)
        #expect(notModified.metadata["source"] == "notModified")
        #expect(notModified.metadata["status"] == "304")
        #expect(fixture.collector.records(.feed).count == 1, "a 304 does not log the cached feed's findings again")
        fixture.manager.stop()
    }

    @Test("a rejected item is one notice with its id, index, path and first error")
    func rejectedItem() async throws {
        let body = Self.feed([Self.good("a"), #"{"id": "no-title", "message": "m"}"#])
        let fixture = try Fixture([.ok(body)])
        await fixture.manager.refresh()
        let dropped = try #require(fixture.collector.records(.feed).only)
        #expect(dropped.level == .notice)
        #expect(dropped.metadata["id"] == "no-title")
        #expect(dropped.metadata["index"] == "1")
        #expect(dropped.metadata["path"] == "$.announcements[1]")
        #expect(dropped.metadata["errors"] == "1")
        let error = try #require(dropped.metadata["error"])
        #expect(error.contains("title"), "\(error)")
        #expect(dropped.message == "dropped the item \"no-title\": \(error)")
        fixture.manager.stop()
    }

    @Test("a 500 after a good fetch is one warning with the reason and that the cache is in use")
    func serverErrorWithCache() async throws {
        let fixture = try Fixture([.ok(Self.feed([Self.good("a")])), .status(500)])
        await fixture.manager.refresh()
        await fixture.manager.refresh()
        let failed = try #require(fixture.collector.records(.fetch).last)
        #expect(failed.level == .warning)
        #expect(failed.metadata["reason"] == "httpStatus")
        #expect(failed.metadata["cacheUsed"] == "true")
        #expect(failed.metadata["source"] == "cache")
        #expect(failed.metadata["status"] == "500")
        #expect(failed.message.hasPrefix("the fetch failed (httpStatus): the server answered 500"), "\(failed.message)")
        #expect(failed.message.hasSuffix("; the cached feed stays in use"))
        #expect(fixture.manager.allAnnouncements.map(\.id) == ["a"])
        fixture.manager.stop()
    }

    @Test("a feed over the size cap is a failed fetch and a budget hit")
    func feedTooLarge() async throws {
        let fixture = try Fixture([.ok(Self.feed((0..<50).map { Self.good("item-\($0)") }))], maximumBodySize: 512)
        await fixture.manager.refresh()
        let failed = try #require(fixture.collector.records(.fetch).only)
        #expect(failed.level == .warning)
        #expect(failed.metadata["reason"] == "tooLarge")
        #expect(failed.metadata["cacheUsed"] == "false")
        let budget = try #require(fixture.collector.records(.budget).only)
        #expect(budget.level == .warning)
        #expect(budget.metadata["reason"] == "feedTooLarge")
        #expect(budget.metadata["limit"] == "maximumBodySize")
        fixture.manager.stop()
    }

    @Test("images past the request limit are one budget record with their number")
    func imageRequestLimit() async throws {
        let items = (0..<3).map {
            #"{"id": "i\#($0)", "title": "T", "message": "M", "image": {"url": "https://img.example.com/\#($0).png", "alt": "A"}}"#
        }
        let fixture = try Fixture(
            [.ok(Self.feed(items)), .status(404)], imageLimits: ImagePrefetchLimits(maximumImages: 1))
        let result = await fixture.manager.refresh()
        #expect(result.images?.failures.map(\.limit) == [nil, .requests, .requests])
        let budget = try #require(fixture.collector.records(.budget).only)
        #expect(budget.level == .warning)
        #expect(budget.metadata["reason"] == "image.requests")
        #expect(budget.metadata["count"] == "2")
        #expect(budget.metadata["url"] == "https://img.example.com/1.png")
        #expect(fixture.collector.records(.fetch).only?.metadata["imagesFailed"] == "3")
        fixture.manager.stop()
    }

    @Test("a corrupt state file set aside at launch is one error record")
    func corruptStateFile() async throws {
        let directory = try RemoteFeedSupport.temporaryDirectory()
        try Data([0xFF, 0xFE, 0x00, 0x7B]).write(to: directory.appendingPathComponent("state.json"))
        let collector = Collector()
        let manager = AnnouncementManager(
            provider: MockAnnouncementProvider(announcements: []), context: AnnouncementContext(locale: "en"),
            store: FileAnnouncementStateStore(directory: directory), timeSource: ManualTimeSource(now: Date()),
            configuration: .init(logHandler: collector.handler))
        await manager.loadAnnouncements()
        manager.stop()
        let problem = try #require(collector.records(.state).only)
        #expect(problem.level == .error)
        #expect(problem.metadata["reason"] == "setAside")
        #expect(problem.message.contains("state.corrupt-"), "\(problem.message)")
        #expect(manager.storeNotice != nil)
    }

    /// A store whose writes fail.
    struct FailingStore: AnnouncementStateStore {
        func load() -> StateStoreLoad { StateStoreLoad(state: AnnouncementState()) }
        func update(_ change: (inout AnnouncementState) -> Void) throws -> AnnouncementState {
            throw StateStoreError(message: "the disk is full")
        }
    }

    @Test("a dismissal the store cannot write is one error record")
    func writeFailure() async throws {
        let collector = Collector()
        let manager = AnnouncementManager(
            provider: MockAnnouncementProvider(announcements: [Announcement(id: "a", title: "T", message: "M")]),
            context: AnnouncementContext(locale: "en"), store: FailingStore(),
            timeSource: ManualTimeSource(now: Date()), configuration: .init(logHandler: collector.handler))
        await manager.loadAnnouncements()
        manager.stop()
        let announcement = try #require(manager.activeAnnouncement)
        #expect(manager.dismiss(announcement))
        let problem = try #require(collector.records(.state).first)
        #expect(problem.level == .error)
        #expect(problem.metadata["reason"] == "writeFailed")
        #expect(problem.message.contains("the disk is full"))
    }

    @Test("an action that fails the policy when performed is one notice")
    func refusedAction() async throws {
        let collector = Collector()
        let link = Announcement(id: "a", title: "T", message: "M", action: .deepLink("myapp://x"))
        let manager = AnnouncementManager(
            provider: MockAnnouncementProvider(announcements: [link]), context: AnnouncementContext(locale: "en"),
            store: InMemoryAnnouncementStateStore(), timeSource: ManualTimeSource(now: Date()),
            configuration: .init(actionPolicy: ActionPolicy(allowedDeepLinkSchemes: []), logHandler: collector.handler))
        guard case .none = manager.perform(link) else {
            Issue.record("the deep link was routed")
            return
        }
        let refused = try #require(collector.records(.action).only)
        #expect(refused.level == .notice)
        #expect(refused.metadata["id"] == "a")
    }

    @Test("the default handler is silent on Linux")
    func defaultHandler() {
        #if canImport(os)
            #expect(!AnnouncementManager.Configuration().logHandler.isSilent)
        #else
            #expect(AnnouncementManager.Configuration().logHandler.isSilent)
        #endif
        #expect(AnnouncementLogHandler.silent.isSilent)
    }
}

extension Array {
    /// The one element of a one-element array; `nil` otherwise.
    var only: Element? { count == 1 ? first : nil }
}
