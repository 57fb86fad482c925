import Foundation

/// Hands each ``AnnouncementEvent`` to every stream open at the time: the manager's
/// ``AnnouncementManager/events``. Streams end when the broadcaster goes away.
@MainActor
final class EventBroadcaster {
    private var subscribers: [UUID: AsyncStream<AnnouncementEvent>.Continuation] = [:]

    /// A new stream that receives every later event until it is dropped; it keeps the newest 256
    /// events its reader has not taken yet.
    func stream() -> AsyncStream<AnnouncementEvent> {
        let (stream, continuation) = AsyncStream<AnnouncementEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }

    /// Gives `event` to every open stream.
    func emit(_ event: AnnouncementEvent) {
        for continuation in subscribers.values { continuation.yield(event) }
    }

    deinit {
        for continuation in subscribers.values { continuation.finish() }
    }
}
