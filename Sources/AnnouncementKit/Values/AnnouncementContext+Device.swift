package import Foundation

extension AnnouncementContext {
    /// This device and app as far as the system tells: the platform, the app's version from the main
    /// bundle (`CFBundleShortVersionString`), the operating system's version and the user's first
    /// preferred language. Who the user is (id, segments, attributes) is the app's to add:
    ///
    /// ```swift
    /// var context = AnnouncementContext.current
    /// context.segments = account.isPro ? ["proUsers"] : ["freeUsers"]
    /// ```
    ///
    /// A manager made from a provider alone, `AnnouncementManager(provider:)`, uses it.
    public static var current: AnnouncementContext {
        device(
            appVersion: Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String,
            operatingSystem: ProcessInfo.processInfo.operatingSystemVersion,
            preferredLanguages: Locale.preferredLanguages)
    }

    /// The context of a device with these facts; an app version that is not a version is left out.
    package static func device(
        appVersion: String?, operatingSystem: OperatingSystemVersion, preferredLanguages: [String]
    ) -> AnnouncementContext {
        let system = operatingSystem
        let known = system.majorVersion > 0 && system.minorVersion >= 0 && system.patchVersion >= 0
        return AnnouncementContext(
            appVersion: appVersion.flatMap { SemanticVersion($0) },
            osVersion: known
                ? SemanticVersion(
                    major: UInt64(system.majorVersion), minor: UInt64(system.minorVersion),
                    patch: UInt64(system.patchVersion))
                : nil,
            locale: preferredLanguages.first.map { $0.replacingOccurrences(of: "_", with: "-") })
    }
}
