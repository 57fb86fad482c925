import Foundation
import Testing

@testable import AnnounceProject

@Suite struct PackageManifestEditorTests {
    static let dependency =
        #".package(url: "https://github.com/example/AnnouncementKit", .upToNextMinor(from: "0.3.0"))"#
    static let products = [
        #".product(name: "AnnouncementKit", package: "AnnouncementKit")"#,
        #".product(name: "AnnouncementKitUI", package: "AnnouncementKit")"#,
    ]

    /// The manifest with the dependency, both products and the resource added to `target`.
    static func edit(_ manifest: String, target: String = "Shop") throws -> String {
        let editor = PackageManifestEditor(text: manifest)
        let edits = [
            try editor.addingPackageDependency(dependency),
            try editor.addingTargetDependencies(products, toTarget: target),
            try editor.addingResource(#".process("Announcements/announcements.json")"#, toTarget: target),
        ]
        return String(decoding: try SwiftTextEdit.apply(edits, to: Array(manifest.utf8)), as: UTF8.self)
    }

    /// What SwiftPM evaluates `manifest` to.
    static func evaluate(_ manifest: String) throws -> PackageManifest {
        let root = try PackageManifestTests.package(manifest)
        defer { try? FileManager.default.removeItem(at: root) }
        return try PackageManifest.load(packageAt: root, environment: ProcessInfo.processInfo.environment)
    }

    static func expectIntegrated(_ manifest: PackageManifest, target: String = "Shop") {
        #expect(manifest.dependencies.contains { $0.url == "https://github.com/example/AnnouncementKit" })
        let app = manifest.target(named: target)
        #expect(app?.dependencies.contains(.init(name: "AnnouncementKit", package: "AnnouncementKit")) == true)
        #expect(app?.dependencies.contains(.init(name: "AnnouncementKitUI", package: "AnnouncementKit")) == true)
        #expect(app?.resources.contains("Announcements/announcements.json") == true)
    }

    @Test func aTypicalManifestKeepsItsLayout() throws {
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Shop",
                platforms: [.iOS(.v17)],
                dependencies: [
                    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0"),
                ],
                targets: [
                    .executableTarget(
                        name: "Shop",
                        dependencies: [
                            .product(name: "Dependencies", package: "swift-dependencies"),
                        ],
                        path: "Sources/Shop"
                    ),
                ]
            )

            """
        let edited = try Self.edit(manifest)
        #expect(
            edited == """
                // swift-tools-version: 5.9
                import PackageDescription

                let package = Package(
                    name: "Shop",
                    platforms: [.iOS(.v17)],
                    dependencies: [
                        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.0.0"),
                        \(Self.dependency),
                    ],
                    targets: [
                        .executableTarget(
                            name: "Shop",
                            dependencies: [
                                .product(name: "Dependencies", package: "swift-dependencies"),
                                \(Self.products[0]),
                                \(Self.products[1]),
                            ],
                            path: "Sources/Shop",
                            resources: [.process("Announcements/announcements.json")]
                        ),
                    ]
                )

                """)
        Self.expectIntegrated(try Self.evaluate(edited))
    }

    @Test func missingArgumentsAreCreatedInSwiftPMsOrder() throws {
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Shop",
                targets: [
                    .executableTarget(name: "Shop"),
                    .testTarget(name: "ShopTests", dependencies: ["Shop"]),
                ]
            )
            """
        let edited = try Self.edit(manifest)
        Self.expectIntegrated(try Self.evaluate(edited))
        #expect(try Self.evaluate(edited).target(named: "ShopTests")?.dependencies == [.init(name: "Shop")])
    }

    @Test func emptyAndOneLineArrays() throws {
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Shop", dependencies: [], targets: [
                .executableTarget(name: "Shop", dependencies: ["Core"], exclude: ["Info.plist"], resources: [.copy("Fonts")]),
                .target(name: "Core"),
            ])
            """
        let edited = try Self.edit(manifest)
        let evaluated = try Self.evaluate(edited)
        Self.expectIntegrated(evaluated)
        #expect(evaluated.target(named: "Shop")?.resources == ["Fonts", "Announcements/announcements.json"])
    }

    @Test func commentsAndStringsAreNotCode() throws {
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription
            // .executableTarget(name: "Shop", dependencies: [])
            let note = ".target(name: \\"Shop\\", dependencies: ["
            let package = Package(
                name: "Shop",
                /* dependencies: [ */
                targets: [
                    .executableTarget(
                        name: "Shop" /* , dependencies: [ */)
                ]
            )
            """
        let edited = try Self.edit(manifest)
        Self.expectIntegrated(try Self.evaluate(edited))
        #expect(edited.hasPrefix(manifest.prefix(upTo: manifest.range(of: "let package")!.lowerBound)))
    }

    @Test func aTargetMadeByCodeIsAnErrorThatSaysWhatToDo() {
        let manifest = """
            let package = Package(name: "Shop", targets: ["Shop"].map { .executableTarget(name: $0) })
            """
        let editor = PackageManifestEditor(text: manifest)
        #expect(throws: PackageManifestEditor.EditError.self) {
            try editor.addingTargetDependencies(Self.products, toTarget: "Shop")
        }
        #expect(
            throws: PackageManifestEditor.EditError("Package.swift has no 'Package(' call; add the dependency by hand")
        ) {
            try PackageManifestEditor(text: "// Package(\n").addingPackageDependency(Self.dependency)
        }
    }

    @Test func mentionsFindsStringLiteralsOnly() {
        let editor = PackageManifestEditor(text: "// \"AnnouncementKit\"\nlet a = \"AnnouncementKitUI\"\n")
        #expect(editor.mentions(stringLiteral: "AnnouncementKitUI"))
        #expect(!editor.mentions(stringLiteral: "AnnouncementKit"))
    }
}
