/// The root view of a scene: the first expression of its content closure, with the modifiers
/// that follow it (`ContentView().environment(model)`).
package struct SwiftRootView: Hashable, Sendable {
    /// The bytes of the whole expression, modifiers and their closures included.
    package var range: Range<Int>
    /// The 1-based line the expression starts on.
    package var line: Int
    /// The name before the first call or closure: `ContentView`, `RootView`, `Module.ContentView`.
    package var typeName: String
    /// The names of the modifiers that follow, in order: `["environment", "onOpenURL"]`.
    package var modifiers: [String]
    /// The bytes of the content closure, from `{` to `}`.
    package var closureRange: Range<Int>

    /// Whether the expression already ends in, or has among its modifiers, `.name`.
    package func hasModifier(_ name: String) -> Bool {
        modifiers.contains(name)
    }

    /// A root view with these parts.
    package init(range: Range<Int>, line: Int, typeName: String, modifiers: [String], closureRange: Range<Int>) {
        self.range = range
        self.line = line
        self.typeName = typeName
        self.modifiers = modifiers
        self.closureRange = closureRange
    }
}
