public import AnnouncementKit
internal import Foundation

/// A provider whose answers the test sets: what the next fetch returns, what is cached at launch, and
/// whether fetches wait (a network that does not answer) until ``release()``.
///
/// ```swift
/// let provider = StubAnnouncementProvider(
///     next: FetchResult(announcements: [Announcement(id: "a", title: "Hello", message: "…")], source: .network))
/// let manager = AnnouncementManager(provider: provider, context: context, timeSource: time)
/// await manager.refresh()
/// #expect(provider.fetchCount == 1)
/// ```
public final class StubAnnouncementProvider: AnnouncementFeedProviding, Sendable {
    private struct Script {
        var cached: FetchResult?
        var next: FetchResult
        var forceFlags: [Bool] = []
        var cachedReads = 0
        var holdsFetches = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let script: LockedValue<Script>

    /// Creates a provider that answers every fetch with `next` and serves `cached` at launch.
    public init(cached: FetchResult? = nil, next: FetchResult) {
        script = LockedValue(Script(cached: cached, next: next))
    }

    /// Creates a provider that answers every fetch with `announcements` from the network, and has no cache.
    public convenience init(_ announcements: [Announcement] = []) {
        self.init(next: FetchResult(announcements: announcements, source: .network, status: 200))
    }

    /// What the next fetches return; set it to change the answer between refreshes.
    public var next: FetchResult {
        get { script.withLock { $0.next } }
        set { script.withLock { $0.next = newValue } }
    }

    /// What ``cachedFeed()`` returns.
    public var cached: FetchResult? {
        get { script.withLock { $0.cached } }
        set { script.withLock { $0.cached = newValue } }
    }

    /// How many fetches were asked for, including those still waiting.
    public var fetchCount: Int { script.withLock { $0.forceFlags.count } }

    /// The `force` argument of each fetch, in the order they were asked for.
    public var forceFlags: [Bool] { script.withLock { $0.forceFlags } }

    /// How many times ``cachedFeed()`` was called.
    public var cachedReadCount: Int { script.withLock { $0.cachedReads } }

    /// How many fetches are waiting for ``release()``.
    public var waitingFetchCount: Int { script.withLock { $0.waiting.count } }

    /// Makes fetches wait until ``release()``, like a network that does not answer.
    public func hold() {
        script.withLock { $0.holdsFetches = true }
    }

    /// Lets every waiting fetch answer with ``next``, and later fetches answer at once.
    public func release() {
        let waiting = script.withLock { script in
            script.holdsFetches = false
            defer { script.waiting = [] }
            return script.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Records the call, waits while the provider is held, then returns ``next``.
    public func fetchFeed(force: Bool) async -> FetchResult {
        let mustWait = script.withLock { script in
            script.forceFlags.append(force)
            return script.holdsFetches
        }
        if mustWait {
            await withCheckedContinuation { continuation in
                let answerNow = script.withLock { script in
                    guard script.holdsFetches else { return true }
                    script.waiting.append(continuation)
                    return false
                }
                if answerNow { continuation.resume() }
            }
        }
        return next
    }

    /// Returns ``cached``.
    public func cachedFeed() async -> FetchResult? {
        script.withLock { script in
            script.cachedReads += 1
            return script.cached
        }
    }
}
