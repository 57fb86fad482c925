// https://developer.apple.com/documentation/swiftui/shape
// (The SDK's Shape also requires `path(in:)` and Animatable; the layer defines no shape of its own.)
public protocol Shape: Sendable, View {}

extension Shape {
    // https://developer.apple.com/documentation/swiftui/shape/body
    public var body: Never { fatalError() }

    // https://developer.apple.com/documentation/swiftui/shape/fill(_:style:)
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/insettableshape
public protocol InsettableShape: Shape {}

extension InsettableShape {
    // https://developer.apple.com/documentation/swiftui/insettableshape/strokeborder(_:linewidth:antialiased:)
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> some View
    {
        fatalError()
    }
}

// https://developer.apple.com/documentation/swiftui/fillstyle
public struct FillStyle: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/fillstyle/init(eofill:antialiased:)
    public init(eoFill: Bool = false, antialiased: Bool = true) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/rectangle
public struct Rectangle: Shape {
    // https://developer.apple.com/documentation/swiftui/rectangle/init()
    public init() { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/circle
public struct Circle: Shape {
    // https://developer.apple.com/documentation/swiftui/circle/init()
    public init() { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/roundedrectangle
public struct RoundedRectangle: InsettableShape {
    // https://developer.apple.com/documentation/swiftui/roundedrectangle/init(cornerradius:style:)
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/roundedcornerstyle
public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/roundedcornerstyle/circular
    case circular
    // https://developer.apple.com/documentation/swiftui/roundedcornerstyle/continuous
    case continuous
}

// https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {}
