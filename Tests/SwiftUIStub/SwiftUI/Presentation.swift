// https://developer.apple.com/documentation/swiftui/state
@propertyWrapper
public struct State<Value>: DynamicProperty {
    // https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
}

// https://developer.apple.com/documentation/swiftui/binding
// (A property wrapper with dynamic member lookup in the SDK; the stub declares only what the layer uses.)
public struct Binding<Value> {
    // https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-6g3d5
    // (Xcode 16 SDK form without `@isolated(any)`: the closures must be Sendable, which accepts less.)
    @preconcurrency
    public init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/presentationdetent
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct PresentationDetent: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/presentationdetent/medium
    public static var medium: PresentationDetent { fatalError() }

    // https://developer.apple.com/documentation/swiftui/presentationdetent/large
    public static var large: PresentationDetent { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/visibility
public enum Visibility: Hashable, CaseIterable, Sendable {
    // https://developer.apple.com/documentation/swiftui/visibility/automatic
    case automatic
    // https://developer.apple.com/documentation/swiftui/visibility/visible
    case visible
    // https://developer.apple.com/documentation/swiftui/visibility/hidden
    case hidden
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/presentationdetents(_:)
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/presentationdragindicator(_:)
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    public func presentationDragIndicator(_ visibility: Visibility) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/presentationbackground(_:)
    @available(iOS 16.4, macOS 13.3, tvOS 16.4, watchOS 9.4, *)
    public func presentationBackground<S: ShapeStyle>(_ style: S) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/interactivedismissdisabled(_:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { fatalError() }
}
