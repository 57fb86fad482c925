import SwiftUI

@main
struct WriterApp: App {
    var body: some Scene {
        WindowGroup {
            Text("WriterApp")
        }
    }
}
