// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "News",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/braze-inc/braze-swift-sdk", from: "9.0.0")
    ],
    targets: [
        .executableTarget(
            name: "News",
            dependencies: [.product(name: "BrazeKit", package: "braze-swift-sdk")]
        )
    ]
)
