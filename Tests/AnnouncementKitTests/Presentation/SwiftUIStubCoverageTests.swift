import AnnouncementTestSupport
import Foundation
import Testing

/// Keeps the SwiftUI declaration stub (Tests/SwiftUIStub, used by scripts/typecheck-swiftui) in
/// step with the SwiftUI layer: every SwiftUI name the layer uses is declared in the stub, every stub
/// declaration names its Apple documentation page, and no stub declaration is unused.
///
/// The check works on names, read from the source: member names after a dot, capitalised type names,
/// attributes, key paths and free function calls, less the names AnnouncementKit and the layer
/// declare themselves and a short list of Swift and Foundation names.
@Suite struct SwiftUIStubCoverageTests {
    static let layerFolder = "Sources/AnnouncementKitUI"
    static let coreFolder = "Sources/AnnouncementKit"
    static let stubFolder = "Tests/SwiftUIStub"
    /// The setup file `announce init` writes, as a template (scripts/typecheck-swiftui checks it
    /// against the stub too).
    static let initTemplates = "Sources/AnnounceCLI/Init/InitTemplates.swift"
    /// The README, whose app code (the `App` declarations) scripts/typecheck-swiftui checks against the stub.
    static let readme = "README.md"

    /// Swift keywords and standard library and Foundation names the layer uses.
    static let swiftNames: Set<String> = [
        "if", "let", "var", "guard", "else", "return", "switch", "case", "break", "do", "try", "catch", "await",
        "func", "private", "public", "import", "extension", "struct", "static", "init", "get", "set", "some",
        "self", "Self", "nil", "true", "false", "in", "endif", "canImport", "_exported", "MainActor",
        "escaping", "newValue", "Bool", "String", "Double", "UInt64", "Void", "Task", "sleep", "nanoseconds",
        "URL", "CGFloat", "infinity", "id", "ObjectIdentifier", "Data", "detached", "isCancelled", "utility",
        "Int", "Any", "Sendable", "Hashable", "Equatable", "min", "max", "userInitiated",
        // Modules.
        "SwiftUI", "Accessibility", "AnnouncementKit", "UIKit", "AppKit", "Foundation", "ImageIO",
    ]

    /// Stub names used without being written: the compiler calls result-builder methods for
    /// `@ViewBuilder` closures (and `SceneBuilder`'s for an `App`'s body) (and builds `_ConditionalContent` for their `if`-`else`), property
    /// wrappers read `wrappedValue`, `openURL(url)` calls `callAsFunction`, and protocol requirements
    /// are met by the layer's own declarations.
    static let implicitlyUsed: Set<String> = [
        "buildBlock", "buildIf", "buildEither", "_ConditionalContent", "wrappedValue", "callAsFunction", "body",
        "Body", "Content", "Value", "SceneBuilder",
    ]

    @Test func everySwiftUINameTheLayerUsesIsDeclaredInTheStub() throws {
        let stub = try Self.stubDeclarations()
        let declaredByProject = try Self.declaredNames(in: Self.layerFolder)
            .union(Self.declaredNames(in: Self.coreFolder))
        let used = try Self.swiftUINamesUsed()
        let missing = used.subtracting(declaredByProject).subtracting(Self.swiftNames)
            .subtracting(stub.map(\.name))
        #expect(
            missing.isEmpty,
            """
            AnnouncementKitUI uses \(missing.sorted().joined(separator: ", ")), which the SwiftUI stub does not \
            declare: add each to \(Self.stubFolder) with its documented signature and the link of its Apple \
            documentation page, then run scripts/typecheck-swiftui.
            """)
    }

    @Test func noStubDeclarationIsUnused() throws {
        let stub = try Self.stubDeclarations()
        let templates = try String(contentsOf: Fixtures.url(Self.initTemplates), encoding: .utf8)
        let readme = try String(contentsOf: Fixtures.url(Self.readme), encoding: .utf8)
        let layerTokens = try Self.identifiers(in: Self.code(in: Self.layerFolder))
            .union(Self.identifiers(in: templates)).union(Self.identifiers(in: readme))
        let unused = stub.filter { declaration in
            if declaration.isEnumCase || Self.implicitlyUsed.contains(declaration.name) { return false }
            if layerTokens.contains(declaration.name) { return false }
            // A support declaration: named in another stub declaration's signature or conformances.
            let elsewhere = stub.filter { $0.line != declaration.line || $0.file != declaration.file }
                .flatMap { Self.identifiers(in: $0.signature) }
            return !elsewhere.contains(declaration.name)
        }
        #expect(
            unused.isEmpty,
            """
            The SwiftUI stub declares what AnnouncementKitUI does not use; remove it: \
            \(unused.map { "\($0.file):\($0.line) \($0.name)" }.joined(separator: "; "))
            """)
        #expect(stub.count > 50, "found only \(stub.count) stub declarations in \(Self.stubFolder)")
    }

    @Test func everyStubDeclarationLinksItsAppleDocumentationPage() throws {
        let undocumented = try Self.stubDeclarations().filter { !$0.documentation.hasPrefix(Self.documentationURL) }
        #expect(
            undocumented.isEmpty,
            """
            Give each stub declaration a one-line comment with its Apple documentation page \
            (\(Self.documentationURL)…): \(undocumented.map { "\($0.file):\($0.line)" }.joined(separator: ", "))
            """)
    }

    // MARK: - Reading the sources

    static let documentationURL = "// https://developer.apple.com/documentation/"

    struct StubDeclaration {
        var file: String
        var line: Int
        var name: String
        var signature: String
        var documentation: String
        var isEnumCase: Bool
    }

    /// Every declaration in the stub with the comment line above it (attribute lines skipped).
    static func stubDeclarations() throws -> [StubDeclaration] {
        let keyword = try Regex(
            #"^\s*(?:(?:public|nonisolated|mutating|static|final)\s+)*"#
                + #"(func|var|let|case|struct|enum|protocol|typealias|associatedtype|class|init|subscript|extension)"#
                + #"\b\s*`?(\w*)`?(.*)$"#)
        var declarations: [StubDeclaration] = []
        for file in try swiftFiles(in: stubFolder) {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                guard let match = line.firstMatch(of: keyword) else { continue }
                guard let kind = match.output[1].substring.map(String.init),
                    let nameMatch = match.output[2].substring, let rest = match.output[3].substring
                else { continue }
                // An extension without conformances only adds members; the members are checked.
                if kind == "extension", !line.contains(":") { continue }
                var above = index - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
                var comment = above >= 0 ? lines[above].trimmingCharacters(in: .whitespaces) : ""
                // A parenthesised note may follow the link.
                if comment.hasPrefix("// ("), above > 0 {
                    comment = lines[above - 1].trimmingCharacters(in: .whitespaces)
                }
                let name = ["init", "subscript", "extension"].contains(kind) ? kind : String(nameMatch)
                declarations.append(
                    StubDeclaration(
                        file: "\(stubFolder)/\(file.deletingLastPathComponent().lastPathComponent)/"
                            + file.lastPathComponent,
                        line: index + 1, name: name, signature: kind == "case" ? "" : String(rest),
                        documentation: comment, isEnumCase: kind == "case"))
            }
        }
        return declarations.filter { !["init", "subscript", "extension"].contains($0.name) }
            + declarations.filter { ["init", "subscript", "extension"].contains($0.name) }.map {
                var declaration = $0
                declaration.isEnumCase = true  // nameless: checked for a link only
                return declaration
            }
    }

    /// The SwiftUI names the layer refers to: members after a dot, capitalised names, attributes,
    /// key-path components and free function calls.
    static func swiftUINamesUsed() throws -> Set<String> {
        let code = try Self.code(in: layerFolder)
        let patterns = [
            #"(?:^|[^\w.])\.([A-Za-z_]\w*)"#,  // .member, .modifier(…)
            #"\w\.([A-Za-z_]\w*)"#,  // value.member
            #"\b([A-Z]\w*)"#,  // types
            #"@(\w+)"#,  // attributes and property wrappers
            #"\\\.(\w+)"#,  // key paths
            #"(?:^|[^\w.])([a-z]\w*)\("#,  // free functions and implicit-self methods
        ]
        return try Set(patterns.flatMap { try captures($0, in: code) })
    }

    /// The names a folder's Swift files declare (types, functions, properties, cases, parameters).
    static func declaredNames(in folder: String) throws -> Set<String> {
        let code = try Self.code(in: folder)
        let patterns = [
            #"\b(?:func|var|let|case|struct|enum|class|protocol|typealias|actor)\s+`?(\w+)"#,
            #"\bcase\s+\w+\s*,\s*(\w+)"#,  // the second case of `case a, b`
            #"[(,]\s*(?:\w+\s+)?(\w+)\s*:\s*(?:@escaping\s+)?[\[(@A-Z]"#,  // parameter names
            #"\{\s*(\w+)\s+in\b"#,  // closure parameters
        ]
        return try Set(patterns.flatMap { try captures($0, in: code) })
    }

    /// The first capture group of every match of `pattern`.
    static func captures(_ pattern: String, in text: String) throws -> [String] {
        let regex = try Regex(pattern).anchorsMatchLineEndings()
        return text.matches(of: regex).compactMap { $0.output[1].substring.map(String.init) }
    }

    static func identifiers(in code: String) -> Set<String> {
        Set(code.matches(of: #/\w+/#).map { String($0.output) })
    }

    /// The Swift code of a folder's files, without comments and string literals.
    static func code(in folder: String) throws -> String {
        try swiftFiles(in: folder).map { file in
            try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
                .map { line in
                    let code = line.replacing(#/"[^"]*"/#, with: "\"\"")
                    guard let comment = code.firstRange(of: "//") else { return code }
                    return String(code[..<comment.lowerBound])
                }
                .joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static func swiftFiles(in folder: String) throws -> [URL] {
        let root = Fixtures.url(folder)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
        }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }
}
