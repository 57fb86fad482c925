import SwiftUI

@main
struct StudioPreviewsApp: App {
    var body: some Scene {
        WindowGroup {
            Text("StudioPreviewsApp")
        }
    }
}
