/// Several providers as one: their announcements are merged, and on equal ids the earlier
/// provider wins, so pass the remote provider first and local definitions after it.
///
/// A failing provider never hides the others: its failure is reported and the rest still count.
///
/// ```swift
/// let provider = CombinedAnnouncementProvider([remote, LocalAnnouncementProvider(builtIn)])
/// ```
public struct CombinedAnnouncementProvider: AnnouncementProviding {
    /// The providers, highest precedence first.
    public var providers: [any AnnouncementProviding]

    /// Creates a provider over `providers`, as the announcement template writes it:
    /// `CombinedAnnouncementProvider(providers: [remote, local])`.
    public init(providers: [any AnnouncementProviding]) {
        self.init(providers)
    }

    /// Creates a provider that merges `providers`, highest precedence first.
    public init(_ providers: [any AnnouncementProviding]) {
        self.providers = providers
    }

    /// Fetches from every provider concurrently and merges the results.
    public func fetchAnnouncements(force: Bool) async -> FetchResult {
        let results = await withTaskGroup(of: (Int, FetchResult).self) { group in
            for (index, provider) in providers.enumerated() {
                group.addTask { (index, await provider.fetchAnnouncements(force: force)) }
            }
            var collected: [(Int, FetchResult)] = []
            for await result in group { collected.append(result) }
            return collected.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return Self.merge(results) ?? FetchResult(announcements: [], source: .fallback)
    }

    /// The merged cached announcements of every provider that has some.
    public func cachedAnnouncements() async -> FetchResult? {
        var results: [FetchResult] = []
        for provider in providers {
            if let result = await provider.cachedAnnouncements() { results.append(result) }
        }
        return Self.merge(results)
    }

    /// Merges results in precedence order: the first result's source, status and validators, every
    /// announcement whose id was not already taken, all diagnostics, and the first failure.
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
        }
        return merged
    }
}
