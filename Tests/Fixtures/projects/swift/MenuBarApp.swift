import AppKit
import SwiftUI

@main
struct StatusApp: App {
    @NSApplicationDelegateAdaptor var appDelegate: StatusAppDelegate

    var body: some Scene {
        MenuBarExtra("Status", systemImage: "bolt") {
            StatusMenu()
        }
        .menuBarExtraStyle(.window)
        Settings {
            StatusSettings()
        }
    }
}

final class StatusAppDelegate: NSObject, NSApplicationDelegate {
    func applicationDidFinishLaunching(_ notification: Notification) {
        NSApp.setActivationPolicy(.accessory)
    }

    func application(_ application: NSApplication, open urls: [URL]) {
        urls.forEach(StatusLinks.open)
    }
}
