package import Foundation

extension AnnouncementContext {
    /// This device and app as far as the system tells: the platform, the app's version from the main
    /// bundle (`CFBundleShortVersionString`), the operating system's version and the user's language.
    ///
    /// On Apple platforms the version is the system's (iOS 17.4 → `17.4.0`) and the language the user's
    /// first preferred language. On Linux, where Foundation's locale is always `en-001` and its system
    /// version is the kernel's, the language comes from `LC_ALL`, then `LC_MESSAGES`, then `LANG`, exactly
    /// as `announce` reads them (`de_AT.UTF-8` → `de-AT`; `C`, `POSIX` or none: no locale, so feed texts
    /// fall back to the feed's default), and the version is the distribution's `VERSION_ID` from
    /// `/etc/os-release` (Debian 12 → `12.0.0`, Ubuntu 24.04 → `24.4.0`), `nil` when there is none.
    ///
    /// Who the user is (id, segments, attributes) is the app's to add:
    ///
    /// ```swift
    /// var context = AnnouncementContext.current
    /// context.segments = account.isPro ? ["proUsers"] : ["freeUsers"]
    /// ```
    ///
    /// A manager made from a provider alone, `AnnouncementManager(provider:)`, uses it.
    public static var current: AnnouncementContext {
        let appVersion = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
        #if os(Linux)
            var context = device(
                appVersion: appVersion, operatingSystem: OperatingSystemVersion(),
                preferredLanguages: LanguageTag.fromEnvironment(ProcessInfo.processInfo.environment).map { [$0] } ?? [])
            context.osVersion = LinuxRelease.version(osRelease: LinuxRelease.read())
            return context
        #else
            return device(
                appVersion: appVersion, operatingSystem: ProcessInfo.processInfo.operatingSystemVersion,
                preferredLanguages: Locale.preferredLanguages)
        #endif
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
