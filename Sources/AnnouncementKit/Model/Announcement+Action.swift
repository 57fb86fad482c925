package import Foundation

extension Announcement {
    /// What the banner's button does.
    ///
    /// ```swift
    /// let open: Announcement.Action = .url("https://example.com/whats-new", label: "See what's new")
    /// let route: Announcement.Action = .deepLink("myapp://settings/backup")
    /// ```
    public struct Action: Sendable, Hashable {
        /// The kinds of action.
        public enum ActionType: String, Sendable, Hashable, CaseIterable, Codable {
            /// Opens a screen of the app through a URL in one of the app's own schemes.
            case deepLink
            /// Opens a web page; `https` unless the app allows plain `http`.
            case url
            /// Closes the banner.
            case dismiss
        }

        /// What the action does.
        public var type: ActionType
        /// The URL for `url` and `deepLink`; unused for `dismiss`.
        public var value: String?
        /// The button's title; `nil` lets the presentation choose one for the type.
        public var label: LocalizedText?

        /// Creates an action.
        public init(type: ActionType = .dismiss, value: String? = nil, label: LocalizedText? = nil) {
            self.type = type
            self.value = value
            self.label = label
        }

        /// An action that opens a web page.
        public static func url(_ value: String, label: LocalizedText? = nil) -> Action {
            Action(type: .url, value: value, label: label)
        }

        /// An action that opens a screen of the app.
        public static func deepLink(_ value: String, label: LocalizedText? = nil) -> Action {
            Action(type: .deepLink, value: value, label: label)
        }

        /// An action that closes the banner.
        public static func dismiss(label: LocalizedText? = nil) -> Action {
            Action(type: .dismiss, value: nil, label: label)
        }

        /// The action's URL, when it has one that parses.
        package var destination: URL? {
            guard type != .dismiss, let value else { return nil }
            return URL(string: value)
        }
    }
}
