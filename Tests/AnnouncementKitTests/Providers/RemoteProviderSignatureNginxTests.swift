import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

/// A signed feed end to end: nginx serves the feed and its `.sig`, the provider fetches both over the
/// real transfer, conditionally, and refuses a feed changed after signing. The signatures are the test
/// stub's (``StubSignatureVerifier``), not cryptography.
@Suite(
    "Remote provider with signatures against nginx",
    .enabled(if: TestDependencies.runsNginxTests, "nginx is not installed: run scripts/test-deps"))
struct RemoteProviderSignatureNginxTests {
    typealias Support = RemoteFeedSupport
    typealias Signed = SignedFeedSupport

    @Test("a signed feed and its .sig from nginx: accepted, revalidated with 304s, a changed feed refused")
    func signedFeedOverHTTP() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        let body = Support.feed(["a", "b"])
        let published = Date(timeIntervalSinceNow: -3600)
        try server.publish("feed.json", contents: body, modified: published)
        try server.publish("feed.json.sig", contents: Signed.signatureFile(of: body), modified: published)
        let time = ManualTimeSource(now: Support.start)
        var configuration = Support.configuration(
            cache: try Support.temporaryDirectory(), deadline: Support.patientDeadline)
        configuration.signaturePolicy = Signed.policy()
        let provider = RemoteAnnouncementProvider(
            url: server.url("feed.json"), configuration: configuration, timeSource: time)

        let first = await provider.fetchFeed()
        #expect(first.source == .network)
        #expect(first.failure == nil, "\(String(describing: first.failure))")
        #expect(first.announcements.map(\.id) == ["a", "b"])
        #expect(server.accessLog().map(\.path) == ["/feed.json", "/feed.json.sig"])

        // Both conditional, both 304.
        let revalidated = await provider.fetchFeed(force: true)
        #expect(revalidated.source == .notModified)
        #expect(revalidated.failure == nil)
        let log = server.accessLog()
        #expect(log.suffix(2).map(\.status) == [304, 304])
        #expect(log.suffix(2).allSatisfy { $0.ifNoneMatch != nil })

        // The feed changed on the server after signing: refused, the signed one stays.
        try server.publish("feed.json", contents: Support.feed(["evil"]))
        let refused = await provider.fetchFeed(force: true)
        #expect(refused.source == .cache)
        #expect(refused.announcements.map(\.id) == ["a", "b"])
        #expect(refused.failure?.kind == .signature)
        #expect(refused.failure?.signatureReason == .badSignature)

        // The .sig gone: missing.
        try FileManager.default.removeItem(at: server.root.appendingPathComponent("feed.json.sig"))
        let missing = await provider.fetchFeed(force: true)
        #expect(missing.source == .cache)
        #expect(missing.failure?.signatureReason == .missing)
        #expect(server.accessLog().last?.status == 404)
    }
}
