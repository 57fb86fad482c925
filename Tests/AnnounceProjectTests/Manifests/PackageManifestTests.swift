import Foundation
import Testing

@testable import AnnounceProject

@Suite struct PackageManifestTests {
    /// A package folder holding `manifest` as its Package.swift.
    static func package(_ manifest: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try manifest.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func readsWhatSwiftPMEvaluates() throws {
        // Platforms and targets made by code: only SwiftPM's evaluation sees them.
        let root = try Self.package(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let apps = ["Shop"]
            let package = Package(
                name: "Shop",
                platforms: [.iOS(.v17), .macOS("14.0")],
                dependencies: [
                    .package(url: "https://github.com/braze-inc/braze-swift-sdk.git", from: "9.0.0"),
                    .package(path: "../Design"),
                ],
                targets: apps.map { name in
                    .executableTarget(
                        name: name, dependencies: [.product(name: "BrazeKit", package: "braze-swift-sdk"), "Core"],
                        path: "App/\\(name)", resources: [.process("Assets")])
                } + [.target(name: "Core"), .testTarget(name: "ShopTests", dependencies: ["Core"])]
            )
            """)
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try PackageManifest.load(packageAt: root, environment: ProcessInfo.processInfo.environment)
        #expect(manifest.name == "Shop")
        #expect(manifest.toolsVersion == "5.9.0")
        #expect(manifest.platforms == ["ios": "17.0", "macos": "14.0"])
        #expect(manifest.dependencies.map(\.identity) == ["braze-swift-sdk", "design"])
        #expect(manifest.dependencies[0].url == "https://github.com/braze-inc/braze-swift-sdk.git")
        #expect(manifest.dependencies[1].path?.hasSuffix("/Design") == true)
        let shop = try #require(manifest.target(named: "Shop"))
        #expect(shop.type == "executable")
        #expect(shop.folder == "App/Shop")
        #expect(shop.resources == ["Assets"])
        #expect(shop.dependencies == [.init(name: "BrazeKit", package: "braze-swift-sdk"), .init(name: "Core")])
        #expect(manifest.target(named: "Core")?.folder == "Sources/Core")
        #expect(manifest.target(named: "ShopTests")?.folder == "Tests/ShopTests")
    }

    @Test func aManifestThatDoesNotEvaluateIsAnErrorWithSwiftPMsWords() throws {
        let root = try Self.package("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let error = #expect(throws: ManifestError.self) {
            try PackageManifest.load(packageAt: root, environment: ProcessInfo.processInfo.environment)
        }
        #expect(error?.message.hasPrefix("Package.swift does not evaluate:\n") == true)
        #expect(error?.message.contains("Package.swift:") == true)
        #expect(error?.message.contains("compiled with") == false)
    }

    @Test func aMissingSwiftIsAClearError() throws {
        let root = try Self.package("// swift-tools-version: 5.9\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let error = #expect(throws: ManifestError.self) {
            try PackageManifest.load(packageAt: root, environment: ["PATH": "/nonexistent"])
        }
        #expect(
            error?.message == "cannot evaluate Package.swift: 'swift' was not found in PATH; install Swift 5.9 or later"
        )
    }

    @Test func refusesDescriptionsThatAreNotAPackage() {
        #expect(throws: ManifestError("'swift package dump-package' printed something that is not JSON")) {
            try PackageManifest.decode(dumpPackageJSON: Data("warning: x".utf8))
        }
        #expect(throws: ManifestError("'swift package dump-package' printed no package name")) {
            try PackageManifest.decode(dumpPackageJSON: Data("[1]".utf8))
        }
        #expect(throws: ManifestError.self) {
            try PackageManifest.decode(dumpPackageJSON: Data(count: PackageManifest.maximumDescriptionBytes + 1))
        }
    }

    @Test func readsTheOlderURLForm() throws {
        let json = """
            {"name": "A", "dependencies": [{"sourceControl": [{"identity": "x", "location": {"remote": ["https://h/o/x"]}}]}],
             "targets": [{"name": "A", "type": "executable", "dependencies": [{"target": ["B", null]}]}]}
            """
        let manifest = try PackageManifest.decode(dumpPackageJSON: Data(json.utf8))
        #expect(manifest.dependencies == [.init(identity: "x", url: "https://h/o/x", path: nil)])
        #expect(manifest.targets[0].dependencies == [.init(name: "B")])
        #expect(manifest.toolsVersion == nil)
    }
}
