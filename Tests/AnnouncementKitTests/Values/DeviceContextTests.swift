import AnnouncementKit
import Foundation
import Testing

@Suite("The device's context")
struct DeviceContextTests {
    @Test("the app version, the OS version and the first preferred language become the context")
    func facts() {
        let context = AnnouncementContext.device(
            appVersion: "3.4.1",
            operatingSystem: OperatingSystemVersion(majorVersion: 17, minorVersion: 5, patchVersion: 0),
            preferredLanguages: ["de_AT", "en"])
        #expect(context.platform == AnnouncementContext.currentPlatform)
        #expect(context.appVersion == SemanticVersion("3.4.1"))
        #expect(context.osVersion == SemanticVersion("17.5.0"))
        #expect(context.locale == "de-AT")
        #expect(context.userID == nil && context.segments.isEmpty)
    }

    @Test("what the system does not know, or not as a version, is left out")
    func unknowns() {
        let context = AnnouncementContext.device(
            appVersion: "build 7",
            operatingSystem: OperatingSystemVersion(majorVersion: 0, minorVersion: 0, patchVersion: 0),
            preferredLanguages: [])
        #expect(context.appVersion == nil)
        #expect(context.osVersion == nil)
        #expect(context.locale == nil)
    }

    @Test("on this machine the current context knows the platform and the OS version")
    func current() {
        let context = AnnouncementContext.current
        #expect(context.platform == AnnouncementContext.currentPlatform)
        #if os(Linux)
            // Linux: the distribution's version (the kernel's says nothing about the system an app runs on).
            #expect(context.osVersion == LinuxRelease.version(osRelease: LinuxRelease.read()))
            #expect(context.locale == LanguageTag.fromEnvironment(ProcessInfo.processInfo.environment))
        #else
            let system = ProcessInfo.processInfo.operatingSystemVersion
            #expect(context.osVersion?.major == UInt64(system.majorVersion))
        #endif
    }

    @MainActor @Test("a manager made from a provider alone uses the device's context")
    func managerFromProviderAlone() {
        let manager = AnnouncementManager(provider: LocalAnnouncementProvider(announcements: []))
        #expect(manager.context == AnnouncementContext.current)
    }
}
