// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Toolkit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        .target(name: "Toolkit")
    ]
)
