import SwiftUI

/// The shop. A `WindowGroup` in this comment is not a scene.
@main
struct ShopApp: App {
    @StateObject private var router = Router()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(router)
                .onOpenURL { url in router.handle(url) }
        }
    }
}
