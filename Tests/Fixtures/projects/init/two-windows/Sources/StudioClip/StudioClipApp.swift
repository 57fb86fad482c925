import SwiftUI

@main
struct StudioClipApp: App {
    var body: some Scene {
        WindowGroup {
            Text("StudioClipApp")
        }
    }
}
