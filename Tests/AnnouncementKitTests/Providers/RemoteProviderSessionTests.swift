import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's `URLSession` given to the remote provider: its configuration is the base of every
/// request's session, against `scripts/fault-server.py`.
@Suite(
    "Remote provider with the app's session", .timeLimit(.minutes(1)),
    .enabled(if: TestDependencies.runsFaultServerTests, "python3 is not installed"))
struct RemoteProviderSessionTests {
    typealias Support = RemoteFeedSupport

    @Test("a header in the session's httpAdditionalHeaders reaches the server; without the session it does not")
    func additionalHeadersReachTheServer() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let url = server.url("require-header?name=X-App-Token&value=s3cret")
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.httpAdditionalHeaders = ["X-App-Token": "s3cret"]
        let session = URLSession(configuration: sessionConfiguration)
        let configuration = Support.configuration(cache: nil, deadline: Support.patientDeadline)

        let withSession = RemoteAnnouncementProvider(url: url, configuration: configuration, session: session)
        let accepted = await withSession.fetchFeed(force: true)
        #expect(accepted.failure == nil, "\(String(describing: accepted.failure))")
        #expect(accepted.status == 200)
        #expect(try await withSession.fetchAnnouncements().map(\.id) == ["fault-feed"])

        let withoutSession = RemoteAnnouncementProvider(url: url, configuration: configuration)
        let refused = await withoutSession.fetchFeed(force: true)
        #expect(refused.status == 401)
        #expect(refused.failure?.kind == .httpStatus)
        session.invalidateAndCancel()
    }

    @Test("the template's init(url:session:cacheDuration:) takes a session; .shared is the default")
    func templateInitializer() {
        let url = URL(string: "https://cdn.example.com/announcements.json")!
        let shared = RemoteAnnouncementProvider(url: url, session: .shared, cacheDuration: 60)
        #expect(shared.configuration.minimumInterval == 60)
        let byDefault = RemoteAnnouncementProvider(url: url, cacheDuration: 3600)
        #expect(byDefault.configuration.minimumInterval == 3600)
        #expect(!byDefault.configuration.allowsHTTP)
    }
}
