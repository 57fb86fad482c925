// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "HarborKit",
    platforms: [.iOS(.v17)],
    products: [.library(name: "AppFeature", targets: ["AppFeature"])],
    targets: [.target(name: "AppFeature")]
)
