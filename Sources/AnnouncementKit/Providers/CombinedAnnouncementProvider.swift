/// Several providers as one: their announcements are merged, and on equal ids the earlier
/// provider wins, so pass the remote provider first and local definitions after it.
///
/// A failing provider never hides the others: its failure is reported and the rest still count. The
/// global limits are the stricter of the providers' (``AnnouncementFeed/Limits``): the smallest
/// `maxPerDay` and the largest `minimumInterval` any of them sets.
/// Providers written to ``AnnouncementProviding`` alone take part too: one that throws gives the
/// announcements it returned last, or none.
///
/// ```swift
/// let provider = CombinedAnnouncementProvider(providers: [
///     RemoteAnnouncementProvider(url: configURL),
///     LocalAnnouncementProvider(announcements: localAnnouncements),
/// ])
/// ```
public struct CombinedAnnouncementProvider: AnnouncementFeedProviding {
    /// The providers, highest precedence first.
    package let providers: [any AnnouncementProviding]
    /// The providers as feed providers: simple ones wrapped once, so each keeps its last answer.
    private let feeds: [any AnnouncementFeedProviding]

    /// Creates a provider over `providers`, as the announcement template writes it:
    /// `CombinedAnnouncementProvider(providers: [remote, local])`.
    public init(providers: [any AnnouncementProviding]) {
        self.init(providers)
    }

    /// Creates a provider that merges `providers`, highest precedence first.
    public init(_ providers: [any AnnouncementProviding]) {
        self.providers = providers
        feeds = providers.map(ThrowingProviderAdapter.feedProvider(for:))
    }

    /// Fetches from every provider concurrently and merges the results.
    public func fetchFeed(force: Bool) async -> FetchResult {
        Self.merge(await results(force: force)) ?? FetchResult(announcements: [], source: .fallback)
    }

    /// The merged cached announcements of every provider that has some.
    public func cachedFeed() async -> FetchResult? {
        var results: [FetchResult] = []
        for provider in feeds {
            if let result = await provider.cachedFeed() { results.append(result) }
        }
        return Self.merge(results)
    }

    /// The merged announcements of an unforced fetch, the first of each id kept. A provider that fails
    /// is skipped, as the template's combined provider skips it: when every one fails, the list is
    /// empty (``fetchFeed(force:)`` says why).
    public func fetchAnnouncements() async throws -> [Announcement] {
        Self.merge(await results(force: false))?.announcements ?? []
    }

    /// The result of every provider, in precedence order, fetched concurrently.
    private func results(force: Bool) async -> [FetchResult] {
        await withTaskGroup(of: (Int, FetchResult).self) { group in
            for (index, provider) in feeds.enumerated() {
                group.addTask { (index, await provider.fetchFeed(force: force)) }
            }
            var collected: [(Int, FetchResult)] = []
            for await result in group { collected.append(result) }
            return collected.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// Merges results in precedence order: the first result's source, status and validators, every
    /// announcement whose id was not already taken, all diagnostics, the first failure, and the stricter of
    /// the limits (see ``stricter(_:_:)``).
    static func merge(_ results: [FetchResult]) -> FetchResult? {
        guard var merged = results.first else { return nil }
        var seen = Set(merged.announcements.map(\.id))
        for result in results.dropFirst() {
            for announcement in result.announcements where seen.insert(announcement.id).inserted {
                merged.announcements.append(announcement)
            }
            merged.diagnostics += result.diagnostics
            merged.rejected += result.rejected
            if merged.failure == nil { merged.failure = result.failure }
            merged.limits = stricter(merged.limits, result.limits)
            if let images = result.images {
                var sum = merged.images ?? ImageFetchSummary()
                sum.fetched += images.fetched
                sum.cached += images.cached
                sum.failed += images.failed
                sum.failures += images.failures
                merged.images = sum
            }
        }
        return merged
    }

    /// The limits that hold both `first` and `second`: the smaller `maxPerDay` and the larger
    /// `minimumInterval` (a limit one of them leaves out is the other's); `nil` when neither sets any.
    static func stricter(_ first: AnnouncementFeed.Limits?, _ second: AnnouncementFeed.Limits?) -> AnnouncementFeed
        .Limits?
    {
        guard let first else { return second }
        guard let second else { return first }
        func combined<Value: Comparable>(_ one: Value?, _ other: Value?, _ pick: (Value, Value) -> Value) -> Value? {
            guard let one else { return other }
            guard let other else { return one }
            return pick(one, other)
        }
        return AnnouncementFeed.Limits(
            maxPerDay: combined(first.maxPerDay, second.maxPerDay, min),
            minimumInterval: combined(first.minimumInterval, second.minimumInterval, max))
    }
}
