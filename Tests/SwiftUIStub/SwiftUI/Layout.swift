// https://developer.apple.com/documentation/swiftui/viewthatfits
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct ViewThatFits<Content: View>: View {
    // https://developer.apple.com/documentation/swiftui/viewthatfits/init(in:content:)
    // (The SDK's `axes` defaults to both axes; the stub's has no default, which accepts less.)
    public init(in axes: Axis.Set, @ViewBuilder content: () -> Content) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/scrollview
public struct ScrollView<Content: View>: View {
    // https://developer.apple.com/documentation/swiftui/scrollview/init(_:showsindicators:content:)
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/spacer
public struct Spacer: View {
    // https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
    public init(minLength: CGFloat? = nil) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/axis
public enum Axis: Int8, CaseIterable, Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/axis/horizontal
    case horizontal
    // https://developer.apple.com/documentation/swiftui/axis/vertical
    case vertical

    // https://developer.apple.com/documentation/swiftui/axis/set
    // (An OptionSet in the SDK; the stub declares only what the layer uses.)
    public struct Set: Sendable {
        // https://developer.apple.com/documentation/swiftui/axis/set/vertical
        public static var vertical: Axis.Set { fatalError() }
    }
}

// https://developer.apple.com/documentation/swiftui/contentmode
public enum ContentMode: Hashable, CaseIterable, Sendable {
    // https://developer.apple.com/documentation/swiftui/contentmode/fit
    case fit
    // https://developer.apple.com/documentation/swiftui/contentmode/fill
    case fill
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/aspectratio(_:contentmode:)-771ow
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/scaledtofill()
    public func scaledToFill() -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/clipshape(_:style:)
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { fatalError() }
}
