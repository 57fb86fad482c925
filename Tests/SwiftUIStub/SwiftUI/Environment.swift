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

    // https://developer.apple.com/documentation/swiftui/environmentvalues/accessibilityvoiceoverenabled
    public var accessibilityVoiceOverEnabled: Bool { fatalError() }

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

// https://developer.apple.com/documentation/swiftui/openurlaction
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public struct OpenURLAction {
    // https://developer.apple.com/documentation/swiftui/openurlaction/callasfunction(_:)
    public func callAsFunction(_ url: URL) { fatalError() }
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
