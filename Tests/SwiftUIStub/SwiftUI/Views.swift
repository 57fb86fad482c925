public import CoreGraphics

#if canImport(UIKit)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

// https://developer.apple.com/documentation/swiftui/hstack
public struct HStack<Content: View>: View {
    // https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/vstack
public struct VStack<Content: View>: View {
    // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/text
public struct Text: View {
    // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/image
public struct Image: View {
    // https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    public init(systemName: String) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/image/init(decorative:scale:orientation:)
    public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/image/orientation
    // (The SDK's has eight cases; the stub declares the one the layer's default uses.)
    public enum Orientation: UInt8, Sendable, Hashable {
        // https://developer.apple.com/documentation/swiftui/image/orientation/up
        case up
    }

    // https://developer.apple.com/documentation/swiftui/image/resizable(capinsets:resizingmode:)
    // (The SDK's takes cap insets and a resizing mode, both with defaults; the stub declares neither.)
    public func resizable() -> Image { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

#if canImport(UIKit)
    extension Image {
        // https://developer.apple.com/documentation/swiftui/image/init(uiimage:)
        public init(uiImage: UIImage) { fatalError() }
    }
#elseif canImport(AppKit)
    extension Image {
        // https://developer.apple.com/documentation/swiftui/image/init(nsimage:)
        public init(nsImage: NSImage) { fatalError() }
    }
#endif

// https://developer.apple.com/documentation/swiftui/button
public struct Button<Label: View>: View {
    // https://developer.apple.com/documentation/swiftui/button/init(action:label:)
    @preconcurrency
    public nonisolated init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
    @preconcurrency
    public nonisolated init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        fatalError()
    }
}

// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle
@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {}

// https://developer.apple.com/documentation/swiftui/borderedbuttonstyle
@available(iOS 15.0, macOS 10.15, tvOS 15.0, watchOS 8.0, *)
public struct BorderedButtonStyle: PrimitiveButtonStyle {}

// https://developer.apple.com/documentation/swiftui/borderedprominentbuttonstyle
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {}

// https://developer.apple.com/documentation/swiftui/plainbuttonstyle
public struct PlainButtonStyle: PrimitiveButtonStyle {}

@available(iOS 15.0, macOS 10.15, tvOS 15.0, watchOS 8.0, *)
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    // https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/bordered
    public static var bordered: BorderedButtonStyle { fatalError() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    // https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/borderedprominent
    public static var borderedProminent: BorderedProminentButtonStyle { fatalError() }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    // https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/plain
    public static var plain: PlainButtonStyle { fatalError() }
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/buttonstyle(_:)-66fbx
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/geometryreader
public struct GeometryReader<Content: View>: View {
    // https://developer.apple.com/documentation/swiftui/geometryreader/init(content:)
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/geometryproxy
public struct GeometryProxy {
    // https://developer.apple.com/documentation/swiftui/geometryproxy/size
    public var size: CGSize { fatalError() }
}
