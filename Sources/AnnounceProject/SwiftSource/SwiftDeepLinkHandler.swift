/// Code that receives a URL or a user activity: where `announce init` routes a banner's deep link.
package struct SwiftDeepLinkHandler: Hashable, Sendable {
    /// How the app receives it; the raw values are those of `announce init --format json`.
    package enum Kind: String, Hashable, Sendable {
        /// SwiftUI's `.onOpenURL`.
        case onOpenURL
        /// UIKit's `scene(_:openURLContexts:)`.
        case openURLContexts
        /// `application(_:open:options:)` (UIKit) or `application(_:open:)` (AppKit).
        case applicationOpenURL
        /// `.onContinueUserActivity`, `application(_:continue:restorationHandler:)`, `scene(_:continue:)`.
        case userActivity
    }

    /// How the app receives it.
    package var kind: Kind
    /// The 1-based line of the modifier's name or of `func`.
    package var line: Int
    /// What `.onOpenURL` calls when that is simple: `handleDeepLink` for
    /// `.onOpenURL(perform: handleDeepLink)`, `router.handle` for `.onOpenURL { url in router.handle(url) }`.
    package var calls: String?
    /// The qualified name of the type or extension it is in.
    package var enclosingType: String?
    /// The `#if` branches it is in, outermost first (see ``SwiftScene/conditions``).
    package var conditions: [String]

    /// A handler with these parts.
    package init(kind: Kind, line: Int, calls: String?, enclosingType: String?, conditions: [String]) {
        self.kind = kind
        self.line = line
        self.calls = calls
        self.enclosingType = enclosingType
        self.conditions = conditions
    }
}
