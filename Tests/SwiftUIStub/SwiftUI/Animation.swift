// https://developer.apple.com/documentation/swiftui/animation
public struct Animation: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/animation/default
    public static var `default`: Animation { fatalError() }

    // https://developer.apple.com/documentation/swiftui/animation/easeinout(duration:)
    public static func easeInOut(duration: TimeInterval) -> Animation { fatalError() }

    // https://developer.apple.com/documentation/swiftui/animation/spring(response:dampingfraction:blendduration:)
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0)
        -> Animation
    {
        fatalError()
    }
}

// https://developer.apple.com/documentation/swiftui/withanimation(_:_:)
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    fatalError()
}

// https://developer.apple.com/documentation/swiftui/anytransition
public struct AnyTransition {
    // https://developer.apple.com/documentation/swiftui/anytransition/opacity
    public static var opacity: AnyTransition { fatalError() }

    // https://developer.apple.com/documentation/swiftui/anytransition/move(edge:)
    public static func move(edge: Edge) -> AnyTransition { fatalError() }

    // https://developer.apple.com/documentation/swiftui/anytransition/scale(scale:anchor:)
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition { fatalError() }

    // https://developer.apple.com/documentation/swiftui/anytransition/combined(with:)
    public func combined(with other: AnyTransition) -> AnyTransition { fatalError() }
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/animation(_:value:)
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/transition(_:)
    public func transition(_ t: AnyTransition) -> some View { fatalError() }
}
