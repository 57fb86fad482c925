public import Foundation

/// Why a provider written to ``AnnouncementProviding`` has no announcements to give.
///
/// The feed providers' `fetchAnnouncements()` throws these when a load
/// failed and left nothing usable; ``FetchResult/failure`` says in detail what went wrong.
public enum AnnouncementError: Error, LocalizedError {
    /// The announcements could not be fetched (no network, an error status, a refused request).
    case fetchFailed
    /// The announcements were fetched but could not be read.
    case decodingFailed

    /// A sentence for the user or the log.
    public var errorDescription: String? {
        switch self {
        case .fetchFailed:
            return "Failed to fetch announcements from server."
        case .decodingFailed:
            return "Failed to decode announcement data."
        }
    }
}
