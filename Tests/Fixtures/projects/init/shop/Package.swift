// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Shop",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        .executableTarget(
            name: "Shop",
            path: "Sources/Shop",
            exclude: ["Info.plist", "Shop.entitlements"]
        ),
        .testTarget(name: "ShopTests", dependencies: ["Shop"]),
    ]
)
