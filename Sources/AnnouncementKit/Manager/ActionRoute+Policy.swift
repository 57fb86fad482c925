import Foundation

extension ActionRoute {
    /// Where `action` leads under `policy`, before anything is done: ``dismissed`` for a `dismiss`
    /// action (which the caller still has to carry out), the URL to open for a `url` or `deepLink`
    /// action that passes the policy, and ``none(_:)`` with the reason otherwise.
    package init(checking action: Announcement.Action?, against policy: ActionPolicy) {
        guard let action else {
            self = .none("the announcement has no action")
            return
        }
        switch action.type {
        case .dismiss:
            self = .dismissed
        case .url, .deepLink:
            let value = action.value ?? ""
            if let problem = policy.problem(with: value, type: action.type) {
                self = .none("\(action.type.rawValue) action value \(problem)")
            } else if let url = URL(string: value) {
                self = action.type == .url ? .openURL(url) : .openDeepLink(url)
            } else {
                self = .none("the action's URL does not parse")
            }
        }
    }
}
