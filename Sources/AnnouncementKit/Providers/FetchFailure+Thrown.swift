import Foundation

extension FetchFailure {
    /// The failure of a provider that threw `error`: `invalidFeed` for
    /// ``AnnouncementError/decodingFailed``, `cancelled` for a cancellation, `network` otherwise.
    init(thrownBy error: any Error) {
        let kind: Kind
        switch error {
        case AnnouncementError.decodingFailed: kind = .invalidFeed
        case is CancellationError: kind = .cancelled
        default: kind = .network
        }
        self.init(kind: kind, message: "the provider threw \(String(reflecting: error)): \(error.localizedDescription)")
    }
}
