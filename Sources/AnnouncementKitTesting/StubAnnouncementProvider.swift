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
///
/// ## Holding fetches
///
/// Between ``hold()`` and the next ``release()`` every fetch asked for is held: it counts in
/// ``waitingFetchCount`` from the moment it is asked for, and answers (with ``next`` as it is then) when
/// ``release()`` is called. The order in which the calls reach the provider does not matter:
///
/// - a fetch asked for before ``release()`` answers after it, even when its task had not yet started
///   waiting when ``release()`` came, and even when ``hold()`` is called again before it does;
/// - a fetch asked for after ``release()`` (and before the next ``hold()``) answers at once;
/// - ``release()`` releases every held fetch at once; a fetch asked for after a later ``hold()`` waits
///   for the release after that hold.
///
/// Wait for a fetch with ``waitForWaitingFetches(_:timeout:)`` or ``waitForFetches(_:timeout:)``,
/// never by yielding a number of times:
///
/// ```swift
/// provider.hold()
/// let loading = Task { await manager.loadAnnouncements() }
/// try await provider.waitForWaitingFetches(1)
/// #expect(manager.activeAnnouncement?.id == "cached")
/// provider.release()
/// await loading.value
/// ```
public final class StubAnnouncementProvider: AnnouncementFeedProviding, Sendable {
    /// A fetch asked for while the provider was held, until ``release()``; its continuation once its
    /// task waits.
    private struct HeldFetch {
        let id: UInt64
        var continuation: CheckedContinuation<Void, Never>?
    }

    private struct Script {
        var cached: FetchResult?
        var next: FetchResult
        var forceFlags: [Bool] = []
        var cachedReads = 0
        var holdsFetches = false
        var held: [HeldFetch] = []
        var nextFetchID: UInt64 = 0
    }

    private let script: WatchedValue<Script>

    /// Creates a provider that answers every fetch with `next` and serves `cached` at launch.
    public init(cached: FetchResult? = nil, next: FetchResult) {
        script = WatchedValue(Script(cached: cached, next: next))
    }

    /// Creates a provider that answers every fetch with `announcements` from the network, and has no cache.
    public convenience init(_ announcements: [Announcement] = []) {
        self.init(next: FetchResult(announcements: announcements, source: .network, status: 200))
    }

    /// What the next fetches return; set it to change the answer between refreshes. A held fetch
    /// answers with the value it has when ``release()`` lets it go.
    public var next: FetchResult {
        get { script.read { $0.next } }
        set { script.update { $0.next = newValue } }
    }

    /// What ``cachedFeed()`` returns.
    public var cached: FetchResult? {
        get { script.read { $0.cached } }
        set { script.update { $0.cached = newValue } }
    }

    /// How many fetches were asked for, including those still waiting.
    public var fetchCount: Int { script.read { $0.forceFlags.count } }

    /// The `force` argument of each fetch, in the order they were asked for.
    public var forceFlags: [Bool] { script.read { $0.forceFlags } }

    /// How many times ``cachedFeed()`` was called.
    public var cachedReadCount: Int { script.read { $0.cachedReads } }

    /// How many fetches are waiting for ``release()``: those asked for while the provider was held and
    /// not yet released, counted from the moment they were asked for.
    public var waitingFetchCount: Int { script.read { $0.held.count } }

    /// Makes fetches asked for from now on wait until the next ``release()``, like a network that does
    /// not answer.
    public func hold() {
        script.update { $0.holdsFetches = true }
    }

    /// Lets every held fetch answer with ``next``, whether its task is already waiting or not yet, and
    /// later fetches answer at once (until the next ``hold()``).
    public func release() {
        let released = script.update { script in
            script.holdsFetches = false
            defer { script.held = [] }
            return script.held.compactMap(\.continuation)
        }
        for continuation in released { continuation.resume() }
    }

    /// Returns as soon as at least `count` fetches have been asked for in all (``fetchCount``), held or
    /// not; throws ``WaitTimeout`` when that has not happened within `timeout` (real time), and
    /// `CancellationError` when the waiting task is cancelled.
    public func waitForFetches(_ count: Int, timeout: Duration = .seconds(60)) async throws {
        try await script.wait(until: { $0.forceFlags.count >= count }, timeout: timeout) { script in
            "StubAnnouncementProvider: \(script.forceFlags.count) of the \(count) fetches awaited were asked for "
                + "after \(timeout.secondsText)"
        }
    }

    /// Returns as soon as at least `count` fetches are waiting for ``release()`` (``waitingFetchCount``);
    /// throws ``WaitTimeout`` when that has not happened within `timeout` (real time), and
    /// `CancellationError` when the waiting task is cancelled.
    public func waitForWaitingFetches(_ count: Int = 1, timeout: Duration = .seconds(60)) async throws {
        try await script.wait(until: { $0.held.count >= count }, timeout: timeout) { script in
            "StubAnnouncementProvider: \(script.held.count) of the \(count) held fetches awaited were waiting after "
                + "\(timeout.secondsText) (\(script.forceFlags.count) asked for, "
                + (script.holdsFetches ? "held)" : "not held: call hold() first)")
        }
    }

    /// Records the call, waits while it is held (until ``release()``), then returns ``next``.
    public func fetchFeed(force: Bool) async -> FetchResult {
        let heldID: UInt64? = script.update { script in
            script.forceFlags.append(force)
            guard script.holdsFetches else { return nil }
            script.nextFetchID += 1
            script.held.append(HeldFetch(id: script.nextFetchID))
            return script.nextFetchID
        }
        if let heldID {
            await withCheckedContinuation { continuation in
                // Released before its task got here: the entry is gone and the fetch answers at once.
                let answerNow = script.update { script in
                    guard let index = script.held.firstIndex(where: { $0.id == heldID }) else { return true }
                    script.held[index].continuation = continuation
                    return false
                }
                if answerNow { continuation.resume() }
            }
        }
        return next
    }

    /// Returns ``cached``.
    public func cachedFeed() async -> FetchResult? {
        script.update { script in
            script.cachedReads += 1
            return script.cached
        }
    }
}
