import Foundation
import Testing

@testable import AnnounceProject

/// Manifests read from their literals when SwiftPM cannot evaluate them here.
@Suite struct PackageManifestTextTests {
    @Test func readsTheLiteralFormsOfAManifest() {
        let manifest = PackageManifestText.read(
            """
            // swift-tools-version: 5.10
            import PackageDescription

            // .target(name: "Commented") is not a target.
            let package = Package(
                name: "Shop",
                platforms: [.iOS(.v17), .macOS(.v10_15), .watchOS("10.2"), .custom("x", versionString: "1")],
                products: [.executable(name: "Shop", targets: ["Shop"])],
                dependencies: [.package(url: "https://github.com/braze-inc/braze-swift-sdk", from: "9.0.0")],
                targets: [
                    .executableTarget(
                        name: "Shop",
                        dependencies: ["ShopCore", .product(name: "BrazeKit", package: "braze-swift-sdk")],
                        path: "App/Sources",
                        resources: [.process("Feed/announcements.json"), .copy("Fonts")]),
                    .target(name: "ShopCore", dependencies: []),
                    .testTarget(name: "ShopTests", dependencies: [.target(name: "Shop")]),
                ]
            )
            """)
        #expect(manifest.name == "Shop")
        #expect(manifest.toolsVersion == "5.10")
        #expect(manifest.platforms == ["ios": "17.0", "macos": "10.15", "watchos": "10.2"])
        #expect(manifest.targets.map(\.name) == ["Shop", "ShopCore", "ShopTests"])
        #expect(manifest.targets.map(\.type) == ["executable", "regular", "test"])
        let shop = manifest.targets[0]
        #expect(shop.folder == "App/Sources")
        #expect(shop.dependencies.map(\.name) == ["ShopCore", "BrazeKit", "braze-swift-sdk"])
        #expect(shop.resources == ["Feed/announcements.json", "Fonts"])
        #expect(manifest.targets[1].folder == "Sources/ShopCore")
    }

    @Test func anAppPlaygroundsTargetIsThePackagesRoot() {
        let manifest = PackageManifestText.read(
            """
            // swift-tools-version: 5.9
            import AppleProductTypes
            import PackageDescription
            let package = Package(
                name: "Garden", platforms: [.iOS("17.0")],
                products: [.iOSApplication(name: "Garden", targets: ["AppModule"])],
                targets: [.executableTarget(name: "AppModule", path: ".")])
            """)
        #expect(manifest.targets.first?.folder == "")
        #expect(manifest.platforms == ["ios": "17.0"])
    }

    @Test func hostileManifestsAreReadInLinearTime() {
        // 200,000 nested calls, 50,000 targets, unclosed brackets: each ends at once with what it could read.
        let nested = String(repeating: ".target(", count: 200_000)
        #expect(PackageManifestText.read(nested).targets.isEmpty)
        let many = (0..<50_000).map { ".target(name: \"T\($0)\")" }.joined(separator: ",")
        #expect(PackageManifestText.read("let p = Package(targets: [\(many)])").targets.count == 1_000)
        #expect(PackageManifestText.read("let p = Package(name: \"A\", platforms: [.iOS(").platforms.isEmpty)
        #expect(PackageManifestText.read("").name == "")
    }
}
