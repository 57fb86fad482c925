// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

// https://developer.apple.com/documentation/swiftui/environment
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    // https://developer.apple.com/documentation/swiftui/environment/init(_:)
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    public var wrappedValue: Value { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/environmentkey
public protocol EnvironmentKey {
    // https://developer.apple.com/documentation/swiftui/environmentkey/value
    associatedtype Value

    // https://developer.apple.com/documentation/swiftui/environmentkey/defaultvalue
    static var defaultValue: Self.Value { get }
}

// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
    // https://developer.apple.com/documentation/swiftui/environmentvalues/subscript(_:)
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { fatalError() }
        set { fatalError() }
    }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/accessibilityreducemotion
    public var accessibilityReduceMotion: Bool { fatalError() }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/accessibilityreducetransparency
    public var accessibilityReduceTransparency: Bool { fatalError() }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/displayscale
    public var displayScale: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/accessibilityvoiceoverenabled
    public var accessibilityVoiceOverEnabled: Bool { fatalError() }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/dynamictypesize
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public var dynamicTypeSize: DynamicTypeSize {
        get { fatalError() }
        set { fatalError() }
    }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/colorscheme
    public var colorScheme: ColorScheme {
        get { fatalError() }
        set { fatalError() }
    }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/openurl
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public var openURL: OpenURLAction {
        get { fatalError() }
        set { fatalError() }
    }
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        fatalError()
    }
}

// https://developer.apple.com/documentation/swiftui/colorscheme
public enum ColorScheme: CaseIterable, Sendable {
    // https://developer.apple.com/documentation/swiftui/colorscheme/light
    case light
    // https://developer.apple.com/documentation/swiftui/colorscheme/dark
    case dark
}

// https://developer.apple.com/documentation/swiftui/dynamictypesize
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/xsmall
    case xSmall
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/small
    case small
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/medium
    case medium
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/large
    case large
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/xlarge
    case xLarge
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/xxlarge
    case xxLarge
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/xxxlarge
    case xxxLarge
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/accessibility1
    case accessibility1
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/accessibility2
    case accessibility2
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/accessibility3
    case accessibility3
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/accessibility4
    case accessibility4
    // https://developer.apple.com/documentation/swiftui/dynamictypesize/accessibility5
    case accessibility5

    // https://developer.apple.com/documentation/swiftui/dynamictypesize/isaccessibilitysize
    public var isAccessibilitySize: Bool { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/openurlaction
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public struct OpenURLAction {
    // https://developer.apple.com/documentation/swiftui/openurlaction/init(handler:)
    public init(handler: @escaping (URL) -> OpenURLAction.Result) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/openurlaction/callasfunction(_:)
    public func callAsFunction(_ url: URL) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/openurlaction/result
    public struct Result: Sendable {
        // https://developer.apple.com/documentation/swiftui/openurlaction/result/handled
        public static var handled: Result { fatalError() }
        // https://developer.apple.com/documentation/swiftui/openurlaction/result/systemaction
        public static var systemAction: Result { fatalError() }
    }
}

// https://developer.apple.com/documentation/swiftui/scaledmetric
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    // https://developer.apple.com/documentation/swiftui/scaledmetric/init(wrappedvalue:relativeto:)
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { fatalError() }

    // https://developer.apple.com/documentation/swiftui/scaledmetric/wrappedvalue
    public var wrappedValue: Value { fatalError() }
}
