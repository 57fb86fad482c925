import SwiftUI

@main
struct MeterApp: App {
    var body: some Scene {
        MenuBarExtra("Meter", systemImage: "gauge") {
            Text("42%")
        }
        Settings {
            Text("Settings")
        }
    }
}
