// swift-tools-version: 5.9

// WARNING:
// This is generated code. Do not modify it by hand.
// Swift Playgrounds and Xcode write this file again when the app's settings change.

import AppleProductTypes
import PackageDescription

let package = Package(
    name: "Garden",
    platforms: [
        .iOS("17.0")
    ],
    products: [
        .iOSApplication(
            name: "Garden",
            targets: ["AppModule"],
            bundleIdentifier: "com.example.garden",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .leaf),
            accentColor: .presetColor(.green),
            supportedDeviceFamilies: [
                .pad,
                .phone,
            ],
            supportedInterfaceOrientations: [
                .portrait,
                .landscapeRight,
            ]
        )
    ],
    targets: [
        .executableTarget(
            name: "AppModule",
            path: "."
        )
    ]
)
