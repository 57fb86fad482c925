public import Foundation

extension Announcement {
    /// What the banner's action button does.
    ///
    /// ```swift
    /// let open: Announcement.Action = .url(URL(string: "https://example.com/whats-new")!)
    /// let route: Announcement.Action = .deepLink("myapp://settings/backup")
    /// let none: Announcement.Action = .dismiss
    /// ```
    ///
    /// The button's title is the announcement's ``Announcement/actionLabel``; without one the
    /// presentation chooses a title for the kind of action. A ``dismiss`` action without a label draws
    /// no action button: the banner is informational and the close button (when it is dismissible)
    /// closes it.
    ///
    /// It encodes as the feed's `{"type": …, "value": …}` object; decoding an unknown `type` gives
    /// ``dismiss``, so an action written for a newer client never opens anything.
    public enum Action: Sendable, Hashable, Codable {
        /// Opens a screen of the app through a URL in one of the app's own schemes.
        case deepLink(String)
        /// Opens a web page; `https` unless the app allows plain `http`.
        case url(URL)
        /// Closes the banner; without a label, no action button.
        case dismiss

        /// The kinds of action, as the feed's `type` names them.
        public enum ActionType: String, Sendable, Hashable, CaseIterable, Codable {
            /// ``Announcement/Action/deepLink(_:)``.
            case deepLink
            /// ``Announcement/Action/url(_:)``.
            case url
            /// ``Announcement/Action/dismiss``.
            case dismiss
        }

        /// The kind of action.
        public var type: ActionType {
            switch self {
            case .deepLink: .deepLink
            case .url: .url
            case .dismiss: .dismiss
            }
        }

        /// The deep link or URL as written; `nil` for ``dismiss``.
        public var value: String? {
            switch self {
            case .deepLink(let link): link
            case .url(let url): url.absoluteString
            case .dismiss: nil
            }
        }

        /// The action of `type` with `value`: `nil` when a deep link has no value or a URL's does not parse.
        package init?(type: ActionType, value: String?) {
            switch type {
            case .dismiss:
                self = .dismiss
            case .deepLink:
                guard let value else { return nil }
                self = .deepLink(value)
            case .url:
                guard let value, let url = URL(string: value) else { return nil }
                self = .url(url)
            }
        }

        /// The action's URL, when it has one that parses.
        package var destination: URL? {
            switch self {
            case .deepLink(let link): URL(string: link)
            case .url(let url): url
            case .dismiss: nil
            }
        }

        private enum CodingKeys: String, CodingKey {
            case type, value
        }

        /// Decodes `{"type": "deepLink" | "url" | "dismiss", "value": …}`; any other type is ``dismiss``.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .type) {
            case ActionType.deepLink.rawValue:
                self = .deepLink(try container.decode(String.self, forKey: .value))
            case ActionType.url.rawValue:
                self = .url(try container.decode(URL.self, forKey: .value))
            default:
                self = .dismiss
            }
        }

        /// Encodes `type` and, for a deep link or URL, `value`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
            try container.encodeIfPresent(value, forKey: .value)
        }
    }
}
