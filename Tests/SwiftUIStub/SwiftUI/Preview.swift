// https://developer.apple.com/documentation/swiftui/preview(_:body:)
// (The SDK's `body` is a content-builder closure; the stub's is a plain closure, which accepts less.
// Xcode's PreviewsMacros plugin does not exist on Linux: scripts/typecheck-swiftui builds
// Tests/SwiftUIStubMacros/PreviewsMacros.swift in its place, which expands a preview to nothing
// after the compiler has type-checked its name and body.)
@freestanding(declaration)
public macro Preview(_ name: String? = nil, body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "PreviewsMacros", type: "SwiftUIView")
