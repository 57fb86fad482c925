import SwiftUI

/// The App Clip's entry point: one window group, the invocation URL from the user activity.
@main
struct ReaderClip: App {
    var body: some Scene {
        WindowGroup {
            ClipRootView()
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    ClipState.shared.open(activity.webpageURL)
                }
        }
    }
}
