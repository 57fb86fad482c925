import SwiftUI

@main
struct TidewaterApp: App {
    @NSApplicationDelegateAdaptor(AppDelegate.self) var appDelegate
    @State private var store = TideStore()

    var body: some Scene {
        WindowGroup("Tides", id: "main") {
            RootView(store: store)
                .onOpenURL(perform: store.open)
        }
        .commands { SidebarCommands() }
    }
}
