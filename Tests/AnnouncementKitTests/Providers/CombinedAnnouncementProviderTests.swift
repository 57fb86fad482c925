import AnnouncementKit
import AnnouncementKitTesting
import Foundation
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

    @Test("a local provider carries global limits; without them it sets none")
    func localLimits() async {
        let limits = AnnouncementFeed.Limits(maxPerDay: 3, minimumInterval: 120)
        let provider = LocalAnnouncementProvider([item("a", "A")], limits: limits)
        #expect(provider.limits == limits)
        #expect(await provider.fetchFeed().limits == limits)
        #expect(await provider.cachedFeed()?.limits == limits)
        #expect(await LocalAnnouncementProvider([item("a", "A")]).fetchFeed().limits == nil)
    }

    @Test("combined limits are the stricter of each: the smallest maxPerDay, the largest minimumInterval")
    func combinedLimits() async {
        let remote = StubAnnouncementProvider(
            cached: FetchResult(
                announcements: [item("a", "A")], source: .cache, limits: .init(maxPerDay: 5, minimumInterval: 60)),
            next: FetchResult(
                announcements: [item("a", "A")], source: .network, status: 200,
                limits: .init(maxPerDay: 5, minimumInterval: 60)))
        let local = LocalAnnouncementProvider([item("b", "B")], limits: .init(maxPerDay: 2, minimumInterval: 30))
        let only = LocalAnnouncementProvider([item("c", "C")], limits: .init(minimumInterval: 300))
        let none = LocalAnnouncementProvider([item("d", "D")])
        let combined = CombinedAnnouncementProvider([remote, local, only, none])
        let expected = AnnouncementFeed.Limits(maxPerDay: 2, minimumInterval: 300)
        #expect(await combined.fetchFeed().limits == expected)
        #expect(await combined.cachedFeed()?.limits == expected)
        #expect(await CombinedAnnouncementProvider([none, only]).fetchFeed().limits == .init(minimumInterval: 300))
        #expect(await CombinedAnnouncementProvider([local, none]).fetchFeed().limits == local.limits)
        #expect(await CombinedAnnouncementProvider([none, none]).fetchFeed().limits == nil)
    }

    @Test("the image summaries of every provider add up, whichever comes first; none keeps it nil")
    func combinedImages() async {
        let failure = ImageFetchSummary.Failure(url: URL(string: "https://c.example/x.png")!, reason: "404")
        func remote(_ images: ImageFetchSummary) -> StubAnnouncementProvider {
            StubAnnouncementProvider(
                cached: nil,
                next: FetchResult(announcements: [], source: .network, status: 200, images: images))
        }
        let first = remote(ImageFetchSummary(fetched: 2, cached: 1, failed: 1, failures: [failure]))
        let second = remote(ImageFetchSummary(fetched: 1, cached: 3))
        let local = LocalAnnouncementProvider([item("b", "B")])
        let images = await CombinedAnnouncementProvider([local, first, second]).fetchFeed().images
        #expect(images == ImageFetchSummary(fetched: 3, cached: 4, failed: 1, failures: [failure]))
        #expect(await CombinedAnnouncementProvider([local, local]).fetchFeed().images == nil)
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
