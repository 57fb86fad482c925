import Foundation

/// The changes a background write has taken from the manager and not yet written, so that a write made
/// on the caller's thread meanwhile (a dismissal) can take them with it rather than write before them
/// or lose them: every write holds this object's lock, a write on the caller's thread takes every batch
/// still waiting, and a background write whose batch was taken writes only what is left.
final class StateWriteBatches: @unchecked Sendable {
    typealias Change = @Sendable (inout AnnouncementState) -> Void

    private let lock = NSLock()
    private var waiting: [Int: [Change]] = [:]
    private var nextToken = 0

    /// Registers `changes` as taken by a background write; the token names them to ``writeBatch(_:then:with:)``.
    func begin(_ changes: [Change]) -> Int {
        lock.withLock {
            nextToken += 1
            waiting[nextToken] = changes
            return nextToken
        }
    }

    /// A background write: the batch `token` (unless a write on the caller's thread took it), then `extra`,
    /// through `update`. `nil` when there was nothing left to write.
    func writeBatch(
        _ token: Int, then extra: Change?, with update: ((inout AnnouncementState) -> Void) throws -> AnnouncementState
    ) -> Result<AnnouncementState, any Error>? {
        lock.withLock {
            let batch = waiting.removeValue(forKey: token) ?? []
            guard !batch.isEmpty || extra != nil else { return nil }
            return Result {
                try update { state in
                    for change in batch { change(&state) }
                    extra?(&state)
                }
            }
        }
    }

    /// A write on the caller's thread: every batch still waiting, in the order taken, then `change`.
    func writeNow(
        _ change: @escaping (inout AnnouncementState) -> Void,
        with update: ((inout AnnouncementState) -> Void) throws -> AnnouncementState
    ) throws -> AnnouncementState {
        try lock.withLock {
            let batches = waiting.sorted { $0.key < $1.key }.flatMap(\.value)
            waiting.removeAll()
            return try update { state in
                for pending in batches { pending(&state) }
                change(&state)
            }
        }
    }
}
