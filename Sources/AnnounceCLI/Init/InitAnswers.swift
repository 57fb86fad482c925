import Foundation

/// The four questions of the announcement template, and keep-or-replace, with the answers
/// `announce init` writes the integration from.
struct InitAnswers: Sendable, Equatable {
    enum Position: String, Sendable, CaseIterable {
        case top, bottom, floating
    }

    enum Source: String, Sendable, CaseIterable {
        case local, remote, both
    }

    enum ActionType: String, Sendable, CaseIterable, Comparable {
        case deepLink, url, dismiss

        static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// What to do about another messaging SDK or banner code the project has.
    enum Existing: String, Sendable {
        case keep, replace
    }

    /// Where a banner appears: `top` is the template's recommendation for alerts.
    var position: Position = .top
    /// Where announcements come from: remote with bundled fallbacks is the recommendation.
    var source: Source = .both
    /// The action types the starter feed shows and the app's policy allows.
    var actions: Set<ActionType> = Set(ActionType.allCases)
    /// Whether the starter feed shows start and end dates.
    var scheduling = true
    /// The answer about other messaging code, when there is some.
    var existing: Existing = .keep

    /// The actions in a stable order, as the report lists them.
    var sortedActions: [ActionType] { actions.sorted() }

    /// Parses `--actions`: `all`, or a comma-separated list of `deepLink`, `url`, `dismiss`.
    static func parseActions(_ text: String) -> Set<ActionType>? {
        if text == "all" { return Set(ActionType.allCases) }
        var result: Set<ActionType> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let action = ActionType(rawValue: part.trimmingCharacters(in: .whitespaces)) else { return nil }
            result.insert(action)
        }
        return result.isEmpty ? nil : result
    }
}
