public import Foundation

/// Something that happened to an announcement, for analytics and logging.
///
/// The announcement of every event the manager emits is the one the user saw: for an item with
/// `variants`, the chosen variant's, whose id is ``Announcement/variantID`` (also ``variantID``).
public enum AnnouncementEvent: Sendable, Hashable {
    /// Why a banner went away by the user's or the app's hand.
    public enum DismissalCause: String, Sendable, Hashable {
        /// The user closed it.
        case user
        /// Its action was of type `dismiss`.
        case action
    }

    /// The banner appeared (an impression was recorded).
    case shown(Announcement)
    /// The user tapped the action; the URL is what the app was asked to open, if any.
    case actionTapped(Announcement, URL?)
    /// The banner was dismissed.
    case dismissed(Announcement, DismissalCause)
    /// The active banner stopped showing because its time ran out (end date, window edge, or the end of
    /// its trigger's window).
    case expired(Announcement)
    /// Loading the feed failed; the last good announcements stay in use.
    case fetchFailed(FetchFailure)
    /// The announcement's `goal` event was tracked within the goal's `within` seconds after an
    /// impression: once per impression. `event` is the goal's event name.
    case converted(Announcement, event: String)

    /// The announcement the event is about; `nil` for ``fetchFailed(_:)``.
    public var announcement: Announcement? {
        switch self {
        case .shown(let announcement), .actionTapped(let announcement, _), .dismissed(let announcement, _),
            .expired(let announcement), .converted(let announcement, _):
            return announcement
        case .fetchFailed:
            return nil
        }
    }

    /// The id of the variant the user saw; `nil` when the announcement has no variants, and for
    /// ``fetchFailed(_:)``.
    public var variantID: String? { announcement?.variantID }

    /// The event with its announcement as the user or installation `key` sees it (see
    /// ``Announcement/applyingVariant(for:)``), unless it already shows a variant.
    func showingVariant(for key: String) -> AnnouncementEvent {
        guard let announcement, announcement.variantID == nil, !announcement.variants.isEmpty else { return self }
        let shown = announcement.showingVariant(for: key)
        switch self {
        case .shown: return .shown(shown)
        case .actionTapped(_, let url): return .actionTapped(shown, url)
        case .dismissed(_, let cause): return .dismissed(shown, cause)
        case .expired: return .expired(shown)
        case .converted(_, let event): return .converted(shown, event: event)
        case .fetchFailed: return self
        }
    }
}
