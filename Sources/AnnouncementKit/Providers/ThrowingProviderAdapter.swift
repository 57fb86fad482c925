package import Foundation

/// A provider written to ``AnnouncementProviding`` seen as an ``AnnouncementFeedProviding``, so the
/// manager and ``CombinedAnnouncementProvider`` treat every provider alike.
///
/// A fetch that returns is a result with source `local`. A fetch that throws keeps what the
/// provider gave last (source `cache`), or nothing (source `fallback`) when it never answered, with
/// a ``FetchFailure`` naming the error: the manager keeps showing what it had.
package final class ThrowingProviderAdapter: AnnouncementFeedProviding, AnnouncementImageProviding {
    /// The provider that is called.
    package let provider: any AnnouncementProviding
    private let lastGood = LockedValue<[Announcement]?>(nil)

    /// Wraps `provider`.
    package init(_ provider: any AnnouncementProviding) {
        self.provider = provider
    }

    /// `provider` itself when it is a feed provider, otherwise `provider` wrapped.
    package static func feedProvider(for provider: any AnnouncementProviding) -> any AnnouncementFeedProviding {
        provider as? any AnnouncementFeedProviding ?? ThrowingProviderAdapter(provider)
    }

    /// Calls the provider; `force` changes nothing, a simple provider has no cache to skip.
    package func fetchFeed(force: Bool) async -> FetchResult {
        do {
            let announcements = try await provider.fetchAnnouncements()
            lastGood.withLock { $0 = announcements }
            return FetchResult(announcements: announcements, source: .local)
        } catch {
            let failure = FetchFailure(thrownBy: error)
            guard let previous = lastGood.withLock({ $0 }) else {
                return FetchResult(announcements: [], source: .fallback, failure: failure)
            }
            return FetchResult(announcements: previous, source: .cache, failure: failure)
        }
    }

    /// What the provider gave last (source `cache`); `nil` before its first answer.
    package func cachedFeed() async -> FetchResult? {
        lastGood.withLock { $0 }.map { FetchResult(announcements: $0, source: .cache) }
    }

    /// The wrapped provider's cached image at `url` when it keeps images (conforms to
    /// ``AnnouncementImageProviding``); `nil` otherwise.
    package func cachedImageData(for url: URL) -> Data? {
        (provider as? any AnnouncementImageProviding)?.cachedImageData(for: url)
    }
}
