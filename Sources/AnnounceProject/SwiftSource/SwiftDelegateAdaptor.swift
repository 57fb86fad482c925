/// An `@UIApplicationDelegateAdaptor` or `@NSApplicationDelegateAdaptor` property of a SwiftUI app.
package struct SwiftDelegateAdaptor: Hashable, Sendable {
    /// The attribute's name: `UIApplicationDelegateAdaptor` or `NSApplicationDelegateAdaptor`.
    package var attribute: String
    /// The property's name.
    package var property: String
    /// The delegate type: from the type annotation, else from the attribute's `X.self`.
    package var typeName: String?
    /// The 1-based line of the attribute.
    package var line: Int
    /// The qualified name of the type or extension it is in.
    package var enclosingType: String?

    /// An adaptor with these parts.
    package init(attribute: String, property: String, typeName: String?, line: Int, enclosingType: String?) {
        self.attribute = attribute
        self.property = property
        self.typeName = typeName
        self.line = line
        self.enclosingType = enclosingType
    }
}
