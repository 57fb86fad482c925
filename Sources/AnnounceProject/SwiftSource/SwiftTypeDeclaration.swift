/// A type declaration or an extension found in a Swift file.
package struct SwiftTypeDeclaration: Hashable, Sendable {
    /// What kind of declaration.
    package enum Kind: String, Hashable, Sendable {
        /// `struct`
        case `struct`
        /// `class`
        case `class`
        /// `enum`
        case `enum`
        /// `actor`
        case actor
        /// `protocol`
        case `protocol`
        /// `extension`
        case `extension`
    }

    /// What kind of declaration.
    package var kind: Kind
    /// The name as written after the keyword (for an extension, the extended type: `Foo.Bar`),
    /// without backticks.
    package var name: String
    /// The name with the types it is nested in: `Outer.Inner`.
    package var qualifiedName: String
    /// The inheritance clause's entries as written: `["App"]`, `["UIResponder", "UIApplicationDelegate"]`.
    package var inheritance: [String]
    /// The attributes before the declaration, in order.
    package var attributes: [SwiftAttribute]
    /// The 1-based line of the keyword (`struct`, `extension`, …).
    package var line: Int
    /// The bytes of the body, from `{` to `}`; nil when it was not found.
    package var bodyRange: Range<Int>?
    /// The `#if` branches the declaration is in, outermost first (see ``SwiftScene/conditions``).
    package var conditions: [String]

    /// The line of the first attribute, else of the keyword: where the declaration starts.
    package var startLine: Int { attributes.first?.line ?? line }

    /// Whether it carries `@main`, `@UIApplicationMain` or `@NSApplicationMain`.
    package var isEntryPoint: Bool {
        attributes.contains { ["main", "UIApplicationMain", "NSApplicationMain"].contains($0.name) }
    }

    /// The attribute named `name` (without `@`), if it has one.
    package func attribute(named name: String) -> SwiftAttribute? {
        attributes.first { $0.name == name }
    }

    /// A declaration with these parts.
    package init(
        kind: Kind, name: String, qualifiedName: String, inheritance: [String], attributes: [SwiftAttribute],
        line: Int, bodyRange: Range<Int>?, conditions: [String]
    ) {
        self.kind = kind
        self.name = name
        self.qualifiedName = qualifiedName
        self.inheritance = inheritance
        self.attributes = attributes
        self.line = line
        self.bodyRange = bodyRange
        self.conditions = conditions
    }
}
