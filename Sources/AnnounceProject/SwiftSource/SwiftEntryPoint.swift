/// A type marked `@main`, `@UIApplicationMain` or `@NSApplicationMain`, and what kind of app
/// entry it is from its conformances.
package struct SwiftEntryPoint: Hashable, Sendable {
    /// What kind of entry point; the raw values are those of `announce init --format json`.
    package enum Kind: String, Hashable, Sendable {
        /// A SwiftUI `App`.
        case swiftUI = "swiftui"
        /// A `UIApplicationDelegate` (or `@UIApplicationMain`).
        case uiKit = "uikit"
        /// An `NSApplicationDelegate` (or `@NSApplicationMain`).
        case appKit = "appkit"
    }

    /// The declaration.
    package var declaration: SwiftTypeDeclaration
    /// What it conforms to, as ``SwiftFileSummary/conformances(of:)`` found.
    package var conformances: [String]

    /// The kind: `App` first, then the delegate protocols or the old attributes; nil when none
    /// of them is seen (a command-line `@main`, or conformances declared in another file: pass
    /// them all to ``kind(conformances:attributes:)``).
    package var kind: Kind? {
        SwiftEntryPoint.kind(conformances: conformances, attributes: declaration.attributes.map(\.name))
    }

    /// The kind for conformances (without module prefixes) and attribute names gathered from any
    /// number of files.
    package static func kind(conformances: [String], attributes: [String]) -> Kind? {
        if conformances.contains("App") { return .swiftUI }
        if conformances.contains("UIApplicationDelegate") || attributes.contains("UIApplicationMain") {
            return .uiKit
        }
        if conformances.contains("NSApplicationDelegate") || attributes.contains("NSApplicationMain") {
            return .appKit
        }
        return nil
    }

    /// An inheritance entry without its module prefix, generic arguments or attributes:
    /// `SwiftUI.App` → `App`, `@unchecked Sendable` → `Sendable`.
    package static func plainName(_ entry: String) -> String {
        var name = Substring(entry)
        if let space = name.lastIndex(of: " ") { name = name[name.index(after: space)...] }
        if let angle = name.firstIndex(of: "<") { name = name[..<angle] }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return String(name)
    }

    /// An entry point for `declaration`.
    package init(declaration: SwiftTypeDeclaration, conformances: [String]) {
        self.declaration = declaration
        self.conformances = conformances
    }
}
