extension View {
    // https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/background(alignment:content:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/padding(_:_:)
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/padding(_:)
    public func padding(_ length: CGFloat) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/ignoressafearea(_:edges:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/fixedsize(horizontal:vertical:)
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/shadow(color:radius:x:y:)
    public func shadow(
        color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
    ) -> some View {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/contentshape(_:eofill:)
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/id(_:)
    public func id<ID: Hashable>(_ id: ID) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/task(id:priority:_:)
    // (Xcode 16 SDK form; the action inherits the caller's actor, here the main actor.)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/font(_:)
    public func font(_ font: Font?) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/tint(_:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func tint(_ tint: Color?) -> some View { fatalError() }

    // https://developer.apple.com/documentation/swiftui/view/accessibilityhidden(_:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/accessibilityaddtraits(_:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public func accessibilityAddTraits(_ traits: AccessibilityTraits)
        -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/accessibilitylabel(_:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/accessibilityhint(_:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public func accessibilityHint(_ hint: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/accessibilityaction(_:_:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public func accessibilityAction(
        _ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        fatalError()
    }

    // https://developer.apple.com/documentation/swiftui/view/accessibilityelement(children:)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { fatalError() }
}
