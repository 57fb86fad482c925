import AnnouncementKit

/// What `announce init` found in a project, in the words of its JSON report: the kind of project,
/// the app target, its entry point, deep links, conflicts and the checks it made.
struct ProjectInspection: Sendable {
    /// How the project is built.
    enum Kind: String, Sendable {
        case swiftpm
        case xcodeproj
        case xcodeprojWithPackages = "xcodeproj+packages"
        case playground
    }

    /// The `@main` type of the app target.
    struct Entry: Sendable, Equatable {
        var file: String
        var line: Int
        var type: String
        /// `swiftui`, `uikit` or `appkit`.
        var kind: String
    }

    /// Code that receives URLs.
    struct Handler: Sendable, Equatable {
        var file: String
        var line: Int
        /// `onOpenURL`, `openURLContexts`, `applicationOpenURL` or `userActivity`.
        var kind: String
    }

    /// Another messaging SDK, or the app's own banner-like type.
    struct Conflict: Sendable, Equatable {
        /// `sdk` or `code`.
        var kind: String
        var name: String
        var file: String
        /// The line of a code conflict.
        var line: Int?
    }

    /// One check and its outcome.
    struct Check: Sendable, Equatable {
        var name: String
        var ok: Bool
        var message: String
    }

    var kind: Kind
    var appTarget: String?
    /// The other app targets that compile the same entry file and get the package too.
    var sharingTargets: [String] = []
    var swiftToolsVersion: String?
    /// Deployment targets by platform (`iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`).
    var platforms: [String: String] = [:]
    var entry: Entry?
    var schemes: [String] = []
    var universalLinks = false
    var handlers: [Handler] = []
    var conflicts: [Conflict] = []
    var checks: [Check] = []

    init(kind: Kind) { self.kind = kind }

    /// Whether every check passed.
    var passes: Bool { checks.allSatisfy(\.ok) }

    /// The first failed check's message.
    var failure: String? { checks.first { !$0.ok }?.message }
}

/// The package's minimum deployment targets, by the names the report uses.
enum DeploymentMinimums {
    static let versions: [String: String] = [
        "iOS": "17.0", "macOS": "14.0", "tvOS": "17.0", "watchOS": "10.0", "visionOS": "1.0",
    ]

    /// SwiftPM's platform names (`ios`, `macos`, …) as the report writes them.
    static func reportName(_ swiftPMName: String) -> String? {
        ["ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"][
            swiftPMName.lowercased()]
    }

    /// Whether `version` (such as `16.4`) is below `minimum`; an unreadable version is below.
    static func isBelow(_ version: String, _ minimum: String) -> Bool {
        guard let version = SemanticVersion(version), let minimum = SemanticVersion(minimum) else { return true }
        return version < minimum
    }
}
