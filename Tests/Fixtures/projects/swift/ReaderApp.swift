// The shape of a multi-window SwiftUI reader app: a delegate adaptor, two window groups (one
// with an id and a modifier chain, one per value), a router that handles URLs, and scenes
// that only some platforms build.

import Observation
import SwiftUI

#if canImport(UIKit)
    import UIKit
#endif

@main
struct ReaderApp: App {
    @UIApplicationDelegateAdaptor(ReaderAppDelegate.self) private var appDelegate
    @State private var library = Library()
    @State private var router = Router()

    var body: some Scene {
        WindowGroup(id: "main") {
            LibraryView(library: library)
                .environment(router)
                .onOpenURL { url in router.handle(url) }
        }
        WindowGroup("Article", for: Article.ID.self) { $articleID in
            ArticleView(id: articleID)
        }
        #if os(macOS)
            Settings {
                SettingsView()
            }
            Window("Downloads", id: "downloads") {
                DownloadsView()
            }
        #endif
    }
}

@MainActor
final class ReaderAppDelegate: NSObject, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        false
    }
}

@Observable
final class Router {
    var path: [Article.ID] = []

    func handle(_ url: URL) {
        guard let id = url.pathComponents.last else { return }
        path.append(Article.ID(id))
    }
}
