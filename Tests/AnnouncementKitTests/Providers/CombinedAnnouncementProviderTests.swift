import AnnouncementKit
import AnnouncementKitTesting
import Testing

@Suite("Local and combined providers")
struct CombinedAnnouncementProviderTests {
    private func item(_ id: String, _ title: String) -> Announcement {
        Announcement(id: id, title: title, message: "m")
    }

    @Test("local definitions come back as they are, with source local, also without a network")
    func local() async {
        let provider = LocalAnnouncementProvider([item("a", "A")], defaultLocale: "de")
        let result = await provider.fetchFeed()
        #expect(result.announcements.map(\.id) == ["a"])
        #expect(result.source == .local)
        #expect(result.defaultLocale == "de")
        #expect(await provider.cachedFeed() == result)
    }

    @Test("the earlier provider wins on equal ids; the rest are appended in order")
    func precedence() async {
        let remote = StubAnnouncementProvider(
            next: FetchResult(announcements: [item("a", "remote A"), item("b", "B")], source: .network, status: 200))
        let local = LocalAnnouncementProvider([item("a", "local A"), item("c", "C")])
        let result = await CombinedAnnouncementProvider([remote, local]).fetchFeed()
        #expect(result.announcements.map(\.id) == ["a", "b", "c"])
        #expect(result.announcements.first?.title == "remote A")
        #expect(result.source == .network)
        #expect(result.status == 200)
    }

    @Test("a failing provider does not hide the others, and its failure is reported")
    func failure() async {
        let failing = StubAnnouncementProvider(
            next: FetchResult(
                announcements: [], source: .fallback,
                failure: FetchFailure(kind: .network, message: "connection refused")))
        let local = LocalAnnouncementProvider([item("c", "C")])
        let result = await CombinedAnnouncementProvider([failing, local]).fetchFeed()
        #expect(result.announcements.map(\.id) == ["c"])
        #expect(result.source == .fallback)
        #expect(result.failure?.kind == .network)
        let cached = await CombinedAnnouncementProvider([failing, local]).cachedFeed()
        #expect(cached?.announcements.map(\.id) == ["c"])
        #expect(await CombinedAnnouncementProvider([]).cachedFeed() == nil)
    }
}

@Suite("The template's provider initializers")
struct TemplateProviderInitializerTests {
    @Test(
        "LocalAnnouncementProvider(announcements:) and CombinedAnnouncementProvider(providers:) serve as the unlabelled ones do"
    )
    func labelled() async {
        let items = [Announcement(id: "welcome", title: "Welcome!", message: "Thanks for downloading.", style: .info)]
        let local = LocalAnnouncementProvider(announcements: items)
        #expect(local.announcements.map(\.id) == ["welcome"])
        #expect(await local.fetchFeed() == LocalAnnouncementProvider(items).fetchFeed())
        let combined = CombinedAnnouncementProvider(providers: [local, LocalAnnouncementProvider(announcements: [])])
        #expect(combined.providers.count == 2)
        #expect(await combined.fetchFeed().announcements.map(\.id) == ["welcome"])
    }
}
