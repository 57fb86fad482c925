import Foundation

/// The parts of an ``AnnouncementPresenter`` that outlive its actor: the open streams of its states and
/// the announcement on screen, so that a presenter that goes away without
/// ``AnnouncementPresenter/stop()`` still ends its streams and its banner's countdown. Safe from any
/// thread.
final class PresenterOutlets: Sendable {
    private struct Outlets {
        var streams: [UUID: AsyncStream<AnnouncementPresenter.State>.Continuation] = [:]
        var onScreen: Announcement?
    }

    private let outlets = LockedValue(Outlets())

    /// The announcement of the showing in progress, if any.
    var onScreen: Announcement? {
        get { outlets.withLock { $0.onScreen } }
        set { outlets.withLock { $0.onScreen = newValue } }
    }

    /// A new stream that starts with `state` and then receives each later state until it is dropped or
    /// ``finish()``; a reader that falls behind gets the newest state only, which is all a host draws.
    func stream(startingWith state: AnnouncementPresenter.State) -> AsyncStream<AnnouncementPresenter.State> {
        let (stream, continuation) = AsyncStream<AnnouncementPresenter.State>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        outlets.withLock { outlets in
            continuation.yield(state)
            outlets.streams[id] = continuation
        }
        continuation.onTermination = { [weak self] _ in
            self?.outlets.withLock { $0.streams[id] = nil }
        }
        return stream
    }

    /// Gives `state` to every open stream.
    func yield(_ state: AnnouncementPresenter.State) {
        // Yielding under the lock keeps one order for every stream; a yield only buffers.
        outlets.withLock { outlets in
            for continuation in outlets.streams.values { continuation.yield(state) }
        }
    }

    /// Ends every open stream.
    func finish() {
        let streams = outlets.withLock { outlets in
            defer { outlets.streams = [:] }
            return outlets.streams.values
        }
        for continuation in streams { continuation.finish() }
    }
}
