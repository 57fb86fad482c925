// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Studio",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        .executableTarget(name: "Studio"),
        .executableTarget(name: "StudioClip"),
        .executableTarget(name: "StudioPreviews"),
    ]
)
