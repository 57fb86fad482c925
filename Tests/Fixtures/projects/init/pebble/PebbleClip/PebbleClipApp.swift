import SwiftUI

@main
struct PebbleClipApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Clip")
        }
    }
}
