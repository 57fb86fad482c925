// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "AnnouncementKit",
    platforms: [
        .iOS(.v17),
        .macOS(.v14),
        .tvOS(.v17),
        .watchOS(.v10),
        .visionOS(.v1),
    ],
    products: [
        .library(name: "AnnouncementKit", targets: ["AnnouncementKit"]),
        .library(name: "AnnouncementKitUI", targets: ["AnnouncementKitUI"]),
        // Test doubles and conformance checks for apps that test their own code against the package.
        .library(name: "AnnouncementKitTesting", targets: ["AnnouncementKitTesting"]),
        // Banners drawn as text, for command-line and server apps (TerminalBannerRenderer).
        .library(name: "AnnouncementKitPreview", targets: ["AnnouncementKitPreview"]),
        // Ed25519 verification of signed feeds (CryptoKit on Apple platforms, libcrypto on Linux), for
        // apps that insist on signed feeds; apps that do not verify do not link libcrypto.
        .library(name: "AnnouncementKitSignatures", targets: ["AnnouncementKitSignatures"]),
        // The feed author's tool, for `swift run announce` in a package that depends on this one.
        .executable(name: "announce", targets: ["announce"]),
        // The validate-feeds command plugin, for `swift package validate-feeds` in such a package.
        .plugin(name: "ValidateFeeds", targets: ["ValidateFeeds"]),
    ],
    targets: [
        // The package's own words, one JSON file per language (see BannerStrings).
        // On Linux the downloads go over libcurl directly (CurlTransfer): FoundationNetworking runs every
        // URLSession of a process on one queue, where libcurl inflates any Content-Encoding it knows.
        .target(
            name: "AnnouncementKit",
            dependencies: [.target(name: "CCurlShim", condition: .when(platforms: [.linux]))],
            resources: [.copy("Resources/BannerStrings")]),
        // libcurl's headers and library (Linux only), and typed wrappers of its variadic calls.
        .systemLibrary(
            name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CCurlShim", dependencies: ["CCurl"]),
        // OpenSSL 3's libcrypto (Linux only): Ed25519 and SHA-256 for AnnouncementKitSignatures.
        .systemLibrary(
            name: "CLibCrypto", path: "Sources/CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // The verifier a FeedSignaturePolicy takes, and the signing key `announce` uses; no hand-written crypto.
        .target(
            name: "AnnouncementKitSignatures",
            dependencies: ["AnnouncementKit", .target(name: "CLibCrypto", condition: .when(platforms: [.linux]))]),
        .target(name: "AnnouncementKitUI", dependencies: ["AnnouncementKit"]),
        .target(name: "AnnouncementKitTesting", dependencies: ["AnnouncementKit"]),
        // The terminal renderer (public) and the HTML preview (package), for `announce`, the demo and
        // command-line apps; kept out of the library every app links.
        .target(name: "AnnouncementKitPreview", dependencies: ["AnnouncementKit"]),
        .target(
            name: "AnnounceCLI",
            dependencies: ["AnnouncementKit", "AnnouncementKitPreview", "AnnouncementKitSignatures", "AnnounceProject"]),
        // Reading and editing app projects for `announce init` (project files, Swift sources,
        // manifests); no dependency on the library, not a product.
        .target(name: "AnnounceProject"),
        .executableTarget(name: "announce", dependencies: ["AnnounceCLI"]),
        // `swift package validate-feeds`: announce validate on the given feeds, or on the package's.
        .plugin(
            name: "ValidateFeeds",
            capability: .command(
                intent: .custom(
                    verb: "validate-feeds",
                    description: "Validate announcement feeds: the given files, or every feed in the package's targets")
            ),
            dependencies: ["announce"]),
        // Builds `announce` too, so the benchmark can time the CLI as a whole process next to itself.
        .executableTarget(
            name: "announce-bench",
            dependencies: ["AnnouncementKit", "AnnouncementKitSignatures", "AnnouncementTestSupport", "announce"]),
        // The demo's clock is AnnouncementKitTesting's ManualTimeSource: keys move time, as a test does.
        .executableTarget(
            name: "announce-demo",
            dependencies: ["AnnouncementKit", "AnnouncementKitPreview", "AnnouncementKitTesting"],
            path: "Examples/AnnounceDemo"),
        // Loopback servers for the HTTP tests (nginx, scripts/fault-server.py); not a product.
        .target(name: "AnnouncementTestSupport", dependencies: ["AnnouncementKit"], path: "Tests/TestSupport"),
        // A child process for the multi-process and crash-safety tests of the state store; not a product.
        .executableTarget(name: "state-child", dependencies: ["AnnouncementKit"], path: "Tests/StateChild"),
        // libFuzzer harnesses (scripts/fuzz); not products. A plain build makes programs that replay inputs.
        .executableTarget(
            name: "FuzzFeedDecoder", dependencies: ["AnnouncementKit"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzRules", dependencies: ["AnnouncementKit"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzStateFile", dependencies: ["AnnouncementKit"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzProjectFiles", dependencies: ["AnnounceProject"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .testTarget(
            name: "AnnouncementKitTests",
            dependencies: ["AnnouncementKit", "AnnouncementKitTesting", "AnnouncementTestSupport", "state-child"]
        ),
        .testTarget(
            name: "AnnouncementKitPreviewTests",
            dependencies: ["AnnouncementKitPreview", "AnnouncementKit", "AnnouncementTestSupport"]),
        .testTarget(
            name: "AnnounceCLITests",
            dependencies: [
                "AnnounceCLI", "AnnouncementKit", "AnnouncementKitPreview", "AnnouncementKitSignatures",
                "AnnouncementKitTesting", "announce",
                "announce-demo",
                "AnnouncementTestSupport",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "AnnouncementKitSignaturesTests",
            dependencies: ["AnnouncementKitSignatures", "AnnouncementKit", "AnnouncementTestSupport"]),
        .testTarget(name: "AnnounceProjectTests", dependencies: ["AnnounceProject", "AnnouncementTestSupport"]),
        // The Swift examples of the announcement template, copied as written, and what its comments
        // promise; like an app's test target, nonisolated by default.
        .testTarget(
            name: "SeedExamplesTests",
            dependencies: ["AnnouncementKit", "AnnouncementKitTesting"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The same upcoming language features for every Swift target, as the model packages do.
for target in package.targets where target.type != .system && target.type != .plugin && target.name != "CCurlShim" {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ])
    target.swiftSettings = settings
}
