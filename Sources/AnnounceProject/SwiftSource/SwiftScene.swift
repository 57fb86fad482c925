/// A scene built in a SwiftUI `Scene` property or `@SceneBuilder` function: `WindowGroup`,
/// `DocumentGroup`, `Settings`, `MenuBarExtra`, `Window`, `UtilityWindow` or `ImmersiveSpace`.
package struct SwiftScene: Hashable, Sendable {
    /// Which scene type.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `WindowGroup`
        case windowGroup = "WindowGroup"
        /// `DocumentGroup`
        case documentGroup = "DocumentGroup"
        /// `Settings`
        case settings = "Settings"
        /// `MenuBarExtra`
        case menuBarExtra = "MenuBarExtra"
        /// `Window`
        case window = "Window"
        /// `UtilityWindow`
        case utilityWindow = "UtilityWindow"
        /// `ImmersiveSpace`
        case immersiveSpace = "ImmersiveSpace"
    }

    /// Which scene type.
    package var kind: Kind
    /// The 1-based line of the scene's name.
    package var line: Int
    /// The bytes of the scene's name.
    package var range: Range<Int>
    /// The text between the parentheses after the name (`id: "main"`, `"Title"`), or nil.
    package var arguments: String?
    /// The first view expression of the content closure, or nil when there is none that the
    /// scanner reads as one (no closure, or it starts with `if`, `switch`, `let`, `#if`).
    package var rootView: SwiftRootView?
    /// The qualified name of the type or extension it is built in.
    package var enclosingType: String?
    /// The property or function it is built in: `body`, `appScene`.
    package var member: String?
    /// The `#if` branches it is in, outermost first, written `#if os(iOS)`, `#elseif os(macOS)`,
    /// `#else (not os(iOS))`.
    package var conditions: [String]

    /// A scene with these parts.
    package init(
        kind: Kind, line: Int, range: Range<Int>, arguments: String?, rootView: SwiftRootView?,
        enclosingType: String?, member: String?, conditions: [String]
    ) {
        self.kind = kind
        self.line = line
        self.range = range
        self.arguments = arguments
        self.rootView = rootView
        self.enclosingType = enclosingType
        self.member = member
        self.conditions = conditions
    }
}
