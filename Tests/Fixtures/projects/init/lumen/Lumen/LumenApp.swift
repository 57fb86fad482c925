import SwiftUI

@main
struct LumenApp: App {
    @State private var router = LibraryRouter()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environment(router)
                .onOpenURL { url in router.open(url) }
        }
    }
}
