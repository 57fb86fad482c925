import Foundation

extension ActionRoute {
    /// Where `action` leads under `policy`, before anything is done: ``dismissed`` for a `dismiss`
    /// action (which the caller still has to carry out), the URL to open for a `url` or `deepLink`
    /// action that passes the policy, and ``none(_:)`` with the reason otherwise.
    package init(checking action: Announcement.Action, against policy: ActionPolicy) {
        switch action {
        case .dismiss:
            self = .dismissed
        case .url(let url):
            if let problem = policy.problem(with: url.absoluteString, type: .url) {
                self = .none("url action value \(problem)")
            } else {
                self = .openURL(url)
            }
        case .deepLink(let link):
            if let problem = policy.problem(with: link, type: .deepLink) {
                self = .none("deepLink action value \(problem)")
            } else if let url = URL(string: link) {
                self = .openDeepLink(url)
            } else {
                self = .none("the action's URL does not parse")
            }
        }
    }
}
