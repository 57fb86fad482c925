// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Legacy",
    platforms: [.iOS(.v15), .macOS(.v14)],
    targets: [
        .executableTarget(name: "Legacy")
    ]
)
