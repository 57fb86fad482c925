/// What `announce init` needs to know of one Swift file: its imports, types, entry points,
/// scenes, delegate adaptors, deep-link handlers and whether the package is already used.
///
/// ```swift
/// let summary = SwiftFileSummary(bytes: Array(text.utf8))
/// if let entry = summary.entryPoints.first, entry.kind == .swiftUI,
///    let root = summary.scenes.first(where: { $0.kind == .windowGroup })?.rootView { … }
/// ```
/// Only code counts: nothing in a comment or a string literal is a finding. Both branches of
/// an `#if` are read; each finding says which branches it is in.
package struct SwiftFileSummary: Sendable {
    /// The imports, in order.
    package var imports: [SwiftImport] = []
    /// The type declarations and extensions, in order (nested ones after their parent).
    package var types: [SwiftTypeDeclaration] = []
    /// The scenes, in order.
    package var scenes: [SwiftScene] = []
    /// The `@UIApplicationDelegateAdaptor` and `@NSApplicationDelegateAdaptor` properties.
    package var delegateAdaptors: [SwiftDelegateAdaptor] = []
    /// The deep-link handlers, in order.
    package var deepLinkHandlers: [SwiftDeepLinkHandler] = []
    /// The lines of each `.announcementBanner` in code.
    package var announcementBannerLines: [Int] = []
    /// What the tokenizer and the scanner found wrong.
    package var diagnostics: [SwiftSourceDiagnostic] = []
    /// Why the file was not read (too large), or nil.
    package var skipReason: String?

    /// Reads the tokens of one file.
    package init(scanning stream: SwiftTokenStream) {
        var scanner = SwiftFileScanner(stream: stream)
        scanner.run()
        self = scanner.summary
        diagnostics = stream.diagnostics + diagnostics
        skipReason = stream.skipReason
    }

    /// Tokenizes and reads `bytes` within `limits`.
    package init(bytes: [UInt8], limits: SwiftSourceLimits = .standard) {
        self.init(scanning: SwiftTokenStream(bytes: bytes, limits: limits))
    }

    /// An empty summary, filled by the scanner.
    init() {}

    /// Whether the file uses `.announcementBanner` in code.
    package var usesAnnouncementBanner: Bool { !announcementBannerLines.isEmpty }

    /// Whether the file imports `module`, in any `#if` branch.
    package func imports(_ module: String) -> Bool {
        imports.contains { $0.module == module }
    }

    /// The types marked `@main`, `@UIApplicationMain` or `@NSApplicationMain`, with what they
    /// conform to in this file (their own clause and this file's extensions of them).
    package var entryPoints: [SwiftEntryPoint] {
        types.filter(\.isEntryPoint).map { type in
            let conformances = conformances(of: type.qualifiedName)
            return SwiftEntryPoint(declaration: type, conformances: conformances)
        }
    }

    /// Every inheritance entry of the type named `qualifiedName` and of this file's extensions
    /// of it, without module prefixes (`SwiftUI.App` is `App`), in order, without repeats.
    package func conformances(of qualifiedName: String) -> [String] {
        var found: [String] = []
        for type in types where type.qualifiedName == qualifiedName {
            for entry in type.inheritance {
                let name = SwiftEntryPoint.plainName(entry)
                if !found.contains(name) { found.append(name) }
            }
        }
        return found
    }
}
