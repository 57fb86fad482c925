import SwiftUI

@main
struct PebbleApp: App {
    var body: some Scene {
        WindowGroup {
            PebbleRootView()
        }
        #if os(macOS)
            Settings {
                Text("Settings")
            }
        #endif
    }
}
