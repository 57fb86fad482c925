import Foundation

/// The in-app messaging and banner SDKs `announce init` looks for, and the names that are evidence
/// of each: product names (SwiftPM and project files), pod names, and repositories that are that
/// SDK alone. A repository that holds many SDKs (`firebase-ios-sdk`) is no evidence by itself.
package struct MessagingSDK: Sendable, Equatable {
    /// The SDK's name, as the report writes it.
    package var name: String
    /// Product names that are evidence, compared without case.
    package var products: [String]
    /// Pod names (subspecs with `/`) that are evidence, compared without case.
    package var pods: [String]
    /// Repository paths (`owner/name`) that are this SDK alone, compared without case and without
    /// a `.git` ending.
    package var repositories: [String]

    /// Every SDK the report can name.
    package static let all: [MessagingSDK] = [
        MessagingSDK(
            name: "Firebase In-App Messaging",
            products: ["FirebaseInAppMessaging", "FirebaseInAppMessaging-Beta", "FirebaseInAppMessagingSwift-Beta"],
            pods: ["Firebase/InAppMessaging", "FirebaseInAppMessaging", "FirebaseInAppMessagingSwift"],
            repositories: []),
        MessagingSDK(
            name: "Braze", products: ["BrazeKit", "BrazeUI", "BrazeKitCompat", "BrazeLocation"],
            pods: ["BrazeKit", "BrazeUI", "Appboy-iOS-SDK"],
            repositories: [
                "braze-inc/braze-swift-sdk", "braze-inc/braze-swift-sdk-prebuilt-static",
                "braze-inc/braze-swift-sdk-prebuilt-dynamic", "Appboy/appboy-ios-sdk",
            ]),
        MessagingSDK(
            name: "Intercom", products: ["Intercom"], pods: ["Intercom"],
            repositories: ["intercom/intercom-ios-sp", "intercom/intercom-ios"]),
        MessagingSDK(
            name: "Airship", products: ["AirshipCore", "AirshipMessageCenter", "AirshipAutomation", "AirshipKit"],
            pods: ["Airship", "AirshipKit", "UrbanAirship-iOS-SDK"], repositories: ["urbanairship/ios-library"]),
        MessagingSDK(
            name: "OneSignal", products: ["OneSignalFramework", "OneSignalInAppMessages", "OneSignal"],
            pods: ["OneSignal", "OneSignalXCFramework"],
            repositories: ["OneSignal/OneSignal-XCFramework", "OneSignal/OneSignal-iOS-SDK"]),
        MessagingSDK(
            name: "Customer.io", products: ["CioMessagingInApp", "CioDataPipelines", "CioTracking"],
            pods: ["CustomerIO/MessagingInApp", "CustomerIOMessagingInApp", "CustomerIO"],
            repositories: ["customerio/customerio-ios"]),
        MessagingSDK(
            name: "SwiftMessages", products: ["SwiftMessages"], pods: ["SwiftMessages"],
            repositories: ["SwiftKickMobile/SwiftMessages"]),
        MessagingSDK(
            name: "Appcues", products: ["AppcuesKit"], pods: ["Appcues"], repositories: ["appcues/appcues-ios-sdk"]),
        MessagingSDK(
            name: "Iterable", products: ["IterableSDK", "IterableAppExtensions"], pods: ["Iterable-iOS-SDK"],
            repositories: ["Iterable/swift-sdk", "Iterable/iterable-swift-sdk"]),
        MessagingSDK(
            name: "CleverTap", products: ["CleverTapSDK"], pods: ["CleverTap-iOS-SDK"],
            repositories: ["CleverTap/clevertap-ios-sdk"]),
    ]

    /// The SDK a product name is evidence of.
    package static func forProduct(_ name: String) -> MessagingSDK? {
        all.first { $0.products.contains { $0.caseInsensitiveCompare(name) == .orderedSame } }
    }

    /// The SDK a pod name (or subspec) is evidence of.
    package static func forPod(_ name: String) -> MessagingSDK? {
        all.first { $0.pods.contains { $0.caseInsensitiveCompare(name) == .orderedSame } }
    }

    /// The SDK a repository URL, `owner/name` path or Carthage name is evidence of.
    package static func forRepository(_ location: String) -> MessagingSDK? {
        guard let path = repositoryPath(location) else { return nil }
        return all.first { $0.repositories.contains { $0.caseInsensitiveCompare(path) == .orderedSame } }
    }

    /// `owner/name` of a repository URL (`https://host/owner/name.git`, `git@host:owner/name`) or of
    /// an `owner/name` string.
    static func repositoryPath(_ location: String) -> String? {
        var text = Substring(location.trimmingCharacters(in: .whitespaces))
        if let scheme = text.range(of: "://") { text = text[scheme.upperBound...].drop { $0 != "/" }.dropFirst() }
        if let colon = text.firstIndex(of: ":"), text.hasPrefix("git@") { text = text[text.index(after: colon)...] }
        while text.hasSuffix("/") { text = text.dropLast() }
        if text.lowercased().hasSuffix(".git") { text = text.dropLast(4) }
        let parts = text.split(separator: "/")
        guard parts.count >= 2 else { return nil }
        return parts.suffix(2).joined(separator: "/")
    }
}
