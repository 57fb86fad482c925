#if canImport(SwiftUI)
    import AnnouncementKit

    extension ActionRoute {
        /// The announcement's action as a handler of ``Announcement/Action`` receives it, for the
        /// route that ``AnnouncementManager/perform(_:)`` gave for a tap on its action button: the
        /// action itself when the manager let it through (a URL or deep link to open, or a
        /// dismissal), `.dismiss` for a dismiss button of a banner that cannot be dismissed, and
        /// `nil` when the manager refused a URL or deep link (its action policy).
        func action(of announcement: Announcement) -> Announcement.Action? {
            switch self {
            case .openURL, .openDeepLink, .dismissed:
                return announcement.action
            case .none:
                if case .dismiss = announcement.action { return .dismiss }
                return nil
            }
        }
    }
#endif
