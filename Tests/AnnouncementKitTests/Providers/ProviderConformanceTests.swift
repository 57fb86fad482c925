import AnnouncementKit
import AnnouncementKitTesting
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("Every shipped provider keeps the provider's promises")
struct ProviderConformanceTests {
    private let items = [
        Announcement(id: "a", title: "A", message: "first"), Announcement(id: "b", title: "B", message: "second"),
    ]

    @Test("the local provider")
    func local() async {
        let failures = await AnnouncementProviderConformance.check(LocalAnnouncementProvider(items))
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("the combined provider, with an id given by both providers")
    func combined() async {
        let provider = CombinedAnnouncementProvider([
            LocalAnnouncementProvider(items), LocalAnnouncementProvider([items[1]]),
        ])
        let failures = await AnnouncementProviderConformance.check(provider)
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("the remote provider when nothing listens at the feed's address: fallback, with the failure said")
    func remoteUnreachable() async throws {
        let port = try LoopbackPort.free()
        var configuration = RemoteProviderConfiguration()
        configuration.allowsHTTP = true
        configuration.fallback = items
        configuration.deadline = 5
        let provider = RemoteAnnouncementProvider(
            url: try #require(URL(string: "http://127.0.0.1:\(port)/feed.json")), configuration: configuration)
        let failures = await AnnouncementProviderConformance.check(provider)
        #expect(failures.isEmpty, "\(failures)")
        let result = await provider.fetchFeed(force: true)
        #expect(result.source == .fallback)
        #expect(result.failure != nil)
    }
}
