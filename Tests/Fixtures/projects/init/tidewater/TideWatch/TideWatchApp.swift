import SwiftUI

@main
struct TideWatchApp: App {
    var body: some Scene {
        WindowGroup { Text("Tides") }
    }
}
