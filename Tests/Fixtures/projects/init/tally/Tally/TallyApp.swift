import SwiftUI
import UIKit

final class TallyDelegate: NSObject, UIApplicationDelegate {
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }
}

@main
struct TallyApp: App {
    @UIApplicationDelegateAdaptor(TallyDelegate.self) private var delegate

    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
