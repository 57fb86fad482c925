// https://developer.apple.com/documentation/swiftui/color
public struct Color: Hashable, Sendable, ShapeStyle {
    // https://developer.apple.com/documentation/swiftui/color/rgbcolorspace
    public enum RGBColorSpace: Equatable, Hashable, Sendable {
        // https://developer.apple.com/documentation/swiftui/color/rgbcolorspace/srgb
        case sRGB
        // https://developer.apple.com/documentation/swiftui/color/rgbcolorspace/srgblinear
        case sRGBLinear
        // https://developer.apple.com/documentation/swiftui/color/rgbcolorspace/displayp3
        case displayP3
    }

    // https://developer.apple.com/documentation/swiftui/color/init(_:red:green:blue:opacity:)
    public init(
        _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1
    ) {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/color/init(_:white:opacity:)
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/color/clear
    public static var clear: Color { fatalError() }

    // https://developer.apple.com/documentation/swiftui/color/black
    public static var black: Color { fatalError() }

    // https://developer.apple.com/documentation/swiftui/color/opacity(_:)
    public func opacity(_ opacity: Double) -> Color { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/color
extension Color: View {
    // https://developer.apple.com/documentation/swiftui/color/body
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/font
public struct Font: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/font/textstyle
    public enum TextStyle: Hashable, Sendable {
        // https://developer.apple.com/documentation/swiftui/font/textstyle/largetitle
        case largeTitle
        // https://developer.apple.com/documentation/swiftui/font/textstyle/title
        case title
        // https://developer.apple.com/documentation/swiftui/font/textstyle/title2
        @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
        case title2
        // https://developer.apple.com/documentation/swiftui/font/textstyle/title3
        @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
        case title3
        // https://developer.apple.com/documentation/swiftui/font/textstyle/headline
        case headline
        // https://developer.apple.com/documentation/swiftui/font/textstyle/subheadline
        case subheadline
        // https://developer.apple.com/documentation/swiftui/font/textstyle/body
        case body
        // https://developer.apple.com/documentation/swiftui/font/textstyle/callout
        case callout
        // https://developer.apple.com/documentation/swiftui/font/textstyle/footnote
        case footnote
        // https://developer.apple.com/documentation/swiftui/font/textstyle/caption
        case caption
        // https://developer.apple.com/documentation/swiftui/font/textstyle/caption2
        @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
        case caption2
    }

    // https://developer.apple.com/documentation/swiftui/font/weight
    public struct Weight: Hashable, Sendable {
        // https://developer.apple.com/documentation/swiftui/font/weight/semibold
        public static var semibold: Font.Weight { fatalError() }

        // https://developer.apple.com/documentation/swiftui/font/weight/bold
        public static var bold: Font.Weight { fatalError() }
    }

    // https://developer.apple.com/documentation/swiftui/font/design
    public enum Design: Hashable, Sendable {
        // https://developer.apple.com/documentation/swiftui/font/design/default
        case `default`
        // https://developer.apple.com/documentation/swiftui/font/design/serif
        case serif
        // https://developer.apple.com/documentation/swiftui/font/design/rounded
        case rounded
        // https://developer.apple.com/documentation/swiftui/font/design/monospaced
        case monospaced
    }

    // https://developer.apple.com/documentation/swiftui/font/headline
    public static var headline: Font { fatalError() }

    // https://developer.apple.com/documentation/swiftui/font/subheadline
    public static var subheadline: Font { fatalError() }

    // https://developer.apple.com/documentation/swiftui/font/title2
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static var title2: Font { fatalError() }

    // https://developer.apple.com/documentation/swiftui/font/body
    public static var body: Font { fatalError() }

    // https://developer.apple.com/documentation/swiftui/font/footnote
    public static var footnote: Font { fatalError() }

    // https://developer.apple.com/documentation/swiftui/font/system(size:weight:design:)
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/font/weight(_:)
    public func weight(_ weight: Font.Weight) -> Font { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/alignment
public struct Alignment: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/alignment/center
    public static var center: Alignment { fatalError() }

    // https://developer.apple.com/documentation/swiftui/alignment/leading
    public static var leading: Alignment { fatalError() }

    // https://developer.apple.com/documentation/swiftui/alignment/top
    public static var top: Alignment { fatalError() }

    // https://developer.apple.com/documentation/swiftui/alignment/toptrailing
    public static var topTrailing: Alignment { fatalError() }

    // https://developer.apple.com/documentation/swiftui/alignment/bottom
    public static var bottom: Alignment { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/unitpoint
public struct UnitPoint: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/unitpoint/center
    public static var center: UnitPoint { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/safearearegions
// (An OptionSet in the SDK; the stub declares only what the layer uses.)
public struct SafeAreaRegions: Sendable {
    // https://developer.apple.com/documentation/swiftui/safearearegions/all
    public static var all: SafeAreaRegions { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/horizontalalignment
public struct HorizontalAlignment: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/horizontalalignment/center
    public static var center: HorizontalAlignment { fatalError() }

    // https://developer.apple.com/documentation/swiftui/horizontalalignment/leading
    public static var leading: HorizontalAlignment { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/verticalalignment
public struct VerticalAlignment: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/verticalalignment/center
    public static var center: VerticalAlignment { fatalError() }

    // https://developer.apple.com/documentation/swiftui/verticalalignment/top
    public static var top: VerticalAlignment { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/edge
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/edge/top
    case top
    // https://developer.apple.com/documentation/swiftui/edge/leading
    case leading
    // https://developer.apple.com/documentation/swiftui/edge/bottom
    case bottom
    // https://developer.apple.com/documentation/swiftui/edge/trailing
    case trailing

    // https://developer.apple.com/documentation/swiftui/edge/set
    // (An OptionSet in the SDK; the stub declares only what the layer uses.)
    public struct Set: Sendable {
        // https://developer.apple.com/documentation/swiftui/edge/set/top
        public static var top: Edge.Set { fatalError() }

        // https://developer.apple.com/documentation/swiftui/edge/set/all
        public static var all: Edge.Set { fatalError() }

        // https://developer.apple.com/documentation/swiftui/edge/set/horizontal
        public static var horizontal: Edge.Set { fatalError() }

        // https://developer.apple.com/documentation/swiftui/edge/set/vertical
        public static var vertical: Edge.Set { fatalError() }
    }
}

// https://developer.apple.com/documentation/swiftui/accessibilitytraits
// (A SetAlgebra in the SDK; the stub declares only what the layer uses.)
public struct AccessibilityTraits: Sendable {
    // https://developer.apple.com/documentation/swiftui/accessibilitytraits/isheader
    public static var isHeader: AccessibilityTraits { fatalError() }

    // https://developer.apple.com/documentation/swiftui/accessibilitytraits/isimage
    public static var isImage: AccessibilityTraits { fatalError() }

    // https://developer.apple.com/documentation/swiftui/accessibilitytraits/ismodal
    public static var isModal: AccessibilityTraits { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/accessibilityactionkind
public struct AccessibilityActionKind: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/accessibilityactionkind/default
    public static var `default`: AccessibilityActionKind { fatalError() }

    // https://developer.apple.com/documentation/swiftui/accessibilityactionkind/escape
    public static var escape: AccessibilityActionKind { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior
public struct AccessibilityChildBehavior: Hashable {
    // https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior/ignore
    public static var ignore: AccessibilityChildBehavior { fatalError() }

    // https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior/contain
    public static var contain: AccessibilityChildBehavior { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/accessibilityattachmentmodifier
public struct AccessibilityAttachmentModifier: ViewModifier {
    // https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
    public func body(content: Content) -> Never { fatalError() }
}
