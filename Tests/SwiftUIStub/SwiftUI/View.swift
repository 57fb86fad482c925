// A declaration stub of exactly the SwiftUI API that AnnouncementKitUI uses, so that
// scripts/typecheck-swiftui can type-check the SwiftUI layer on Linux against Apple's documented
// signatures. Never shipped, never linked: bodies trap. Each declaration names the Apple
// documentation page it mirrors; SwiftUIStubCoverageTests keeps it in step with the layer.
//
// Isolation follows the Xcode 16 SDK, the stricter one: View and ViewModifier are
// `@MainActor @preconcurrency` protocols, so their extension methods are main-actor isolated.

// SwiftUI re-exports Foundation (URL, CGFloat, TimeInterval) on Apple platforms.
@_exported import Foundation

// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency
public protocol View {
    // https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View

    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swift/never
extension Never: View {
    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { fatalError() }

    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { fatalError() }

    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        fatalError()
    }
}

// https://developer.apple.com/documentation/swiftui/_conditionalcontent
public struct _ConditionalContent<TrueContent, FalseContent> {}

// https://developer.apple.com/documentation/swiftui/_conditionalcontent
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/tupleview
public struct TupleView<T>: View {
    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swift/optional
extension Optional: View where Wrapped: View {
    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/viewmodifier
@MainActor @preconcurrency
public protocol ViewModifier {
    // https://developer.apple.com/documentation/swiftui/viewmodifier/body-swift.associatedtype
    associatedtype Body: View

    // https://developer.apple.com/documentation/swiftui/viewmodifier/content
    typealias Content = _ViewModifier_Content<Self>

    // https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

// https://developer.apple.com/documentation/swiftui/viewmodifier/content
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/modifiedcontent
public struct ModifiedContent<Content, Modifier> {}

// https://developer.apple.com/documentation/swiftui/modifiedcontent
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/modifier(_:)
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }
}
