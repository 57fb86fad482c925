/// An attribute written before a declaration: `@main`, `@MainActor`, `@available(iOS 17, *)`.
package struct SwiftAttribute: Hashable, Sendable {
    /// The name without the `@`: `main`, `MainActor`, `UIApplicationDelegateAdaptor`.
    package var name: String
    /// The text between the parentheses right after the name, or nil when there are none.
    package var arguments: String?
    /// The 1-based line of the `@`.
    package var line: Int
    /// The bytes from the `@` to the closing parenthesis of the arguments.
    package var range: Range<Int>

    /// An attribute named `name`.
    package init(name: String, arguments: String? = nil, line: Int, range: Range<Int>) {
        self.name = name
        self.arguments = arguments
        self.line = line
        self.range = range
    }
}
