public import AnnouncementKit

/// The promises every ``AnnouncementFeedProviding`` keeps, checked against a provider you write.
///
/// A feed provider's fetch never throws: a failure is described in the ``FetchResult``, which still
/// carries the best announcements available. The checks call the provider as the manager does (an unforced fetch,
/// a forced one, several at once, the launch-time cache) and look at what comes back.
///
/// ```swift
/// let failures = await AnnouncementProviderConformance.check(MyProvider())
/// #expect(failures.isEmpty, "\(failures)")
/// ```
public enum AnnouncementProviderConformance {
    /// Runs every check and returns the promises that were not kept (empty when the provider conforms).
    public static func check(_ provider: some AnnouncementFeedProviding) async -> [ConformanceFailure] {
        var failures: [ConformanceFailure] = []
        func record(_ check: String, _ problems: [String]) {
            failures += problems.map { ConformanceFailure(check: check, message: $0) }
        }
        record("an unforced fetch gives a consistent result", problems(in: await provider.fetchFeed()))
        record("a forced fetch gives a consistent result", problems(in: await provider.fetchFeed(force: true)))
        let concurrent = await withTaskGroup(of: FetchResult.self) { group in
            for index in 0..<8 { group.addTask { await provider.fetchFeed(force: index == 0) } }
            return await group.reduce(into: [FetchResult]()) { $0.append($1) }
        }
        record("concurrent fetches all answer", concurrent.count == 8 ? [] : ["\(concurrent.count) of 8 answered"])
        record("concurrent fetches give consistent results", concurrent.flatMap { problems(in: $0) })
        if let cached = await provider.cachedFeed() {
            var cacheProblems = problems(in: cached)
            if cached.source == .network {
                cacheProblems.append("the launch-time announcements say they came from the network")
            }
            if let bytes = cached.bytesReceived, bytes > 0 {
                cacheProblems.append("the launch-time announcements report \(bytes) bytes received")
            }
            record("the launch-time cache needs no network", cacheProblems)
        }
        return failures
    }

    /// What is wrong with one result, by the rules every provider follows.
    static func problems(in result: FetchResult) -> [String] {
        var problems: [String] = []
        var seen: Set<String> = []
        for announcement in result.announcements where !seen.insert(announcement.id).inserted {
            problems.append("the id \(announcement.id) is given twice")
        }
        if result.failure != nil, result.source == .network || result.source == .notModified {
            problems.append("the result reports a failure but says its announcements came from \(result.source)")
        }
        if result.source == .network, let status = result.status, !(200..<300).contains(status) {
            problems.append("the source is network but the status is \(status)")
        }
        if let bytes = result.bytesReceived, bytes < 0 {
            problems.append("bytesReceived is \(bytes)")
        }
        if result.defaultLocale.isEmpty {
            problems.append("the default locale is empty")
        }
        return problems
    }
}
