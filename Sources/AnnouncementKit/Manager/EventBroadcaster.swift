import Foundation

/// Hands each ``AnnouncementEvent`` to every stream open at the time: the manager's
/// ``AnnouncementManager/events``. Streams end when the broadcaster goes away. Safe from any thread.
final class EventBroadcaster: Sendable {
    private let subscribers = LockedValue<[UUID: AsyncStream<AnnouncementEvent>.Continuation]>([:])

    /// A new stream that receives every later event until it is dropped; it keeps the newest 256
    /// events its reader has not taken yet.
    func stream() -> AsyncStream<AnnouncementEvent> {
        let (stream, continuation) = AsyncStream<AnnouncementEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { $0[id] = nil }
        }
        return stream
    }

    /// Gives `event` to every open stream, in the order the calls come.
    func emit(_ event: AnnouncementEvent) {
        // Yielding under the lock keeps two emitters' events in one order for every stream; a yield
        // only buffers, it never runs the reader.
        subscribers.withLock { subscribers in
            for continuation in subscribers.values { continuation.yield(event) }
        }
    }

    deinit {
        subscribers.withLock { subscribers in
            for continuation in subscribers.values { continuation.finish() }
        }
    }
}
