public import Foundation

/// What the app should do after ``AnnouncementManager/perform(_:)``.
public enum ActionRoute: Sendable, Hashable {
    /// Open this web page.
    case openURL(URL)
    /// Open this deep link in the app.
    case openDeepLink(URL)
    /// The banner was dismissed; nothing to open.
    case dismissed
    /// Nothing to do: the announcement has no action, or the action failed the safety check
    /// (the message says why).
    case none(String)
}
