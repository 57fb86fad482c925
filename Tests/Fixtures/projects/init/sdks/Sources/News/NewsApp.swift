import SwiftUI

@main
struct NewsApp: App {
    var body: some Scene {
        WindowGroup {
            Text("NewsApp")
        }
    }
}
