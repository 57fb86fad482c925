import SwiftUI

@main
struct LegacyApp: App {
    var body: some Scene {
        WindowGroup {
            Text("LegacyApp")
        }
    }
}
