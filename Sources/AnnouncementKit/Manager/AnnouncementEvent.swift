public import Foundation

/// Something that happened to an announcement, for analytics and logging.
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
}
