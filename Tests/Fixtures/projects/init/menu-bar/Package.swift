// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Meter",
    platforms: [.macOS(.v14)],
    targets: [
        .executableTarget(name: "Meter")
    ]
)
