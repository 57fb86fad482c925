// The template's integration steps (the generator document's "Integration Steps" and the usage
// comments of AnnouncementBannerModifier.swift and AnnouncementBannerView.swift), written into a
// small app as an app writes them: one manager handed down through the environment, and each of
// the template's call forms of `.announcementBanner` on a screen. The calls are copied unchanged;
// `ContentView`, `router` and `openURL` are the app's, as the template assumes.
// scripts/typecheck-swiftui type-checks this folder against the SwiftUI stub and AnnouncementKitUI.

import AnnouncementKit
import AnnouncementKitUI
import SwiftUI

/// The app's navigation, as the template's handler calls it.
@MainActor
final class Router {
    private(set) var path: [String] = []

    func navigate(to destination: String) {
        path.append(destination)
    }
}

/// A screen of the app.
struct ContentView: View {
    var body: some View {
        Text("Home")
    }
}

/// The app's root view: the app creates the manager once (in its `App`, as `@State`) and hands it
/// down; every `.announcementBanner` below reads it from the environment.
struct RootView: View {
    let manager: AnnouncementManager

    var body: some View {
        VStack {
            DefaultBannerScreen()
            BottomBannerScreen()
            DeepLinkScreen()
            TopBannerScreen()
        }
        .environment(\.announcementManager, manager)
    }
}

/// `.announcementBanner()`: the banner at the top, actions opened with `openURL`.
struct DefaultBannerScreen: View {
    var body: some View {
        // In your root ContentView or NavigationStack
        ContentView()
            .announcementBanner()
    }
}

/// `.announcementBanner(position:)`.
struct BottomBannerScreen: View {
    var body: some View {
        ContentView()
            .announcementBanner(position: .bottom)
    }
}

/// `.announcementBanner { action in … }`: the app routes deep links itself.
struct DeepLinkScreen: View {
    let router = Router()
    @Environment(\.openURL) private var openURL

    var body: some View {
        ContentView()
            .announcementBanner { action in
                switch action {
                case .deepLink(let destination):
                    router.navigate(to: destination)
                case .url(let url):
                    openURL(url)
                case .dismiss:
                    break
                }
            }
    }
}

/// `.announcementBanner(position:) { action in … }`, as the modifier's usage comment writes it.
struct TopBannerScreen: View {
    let router = Router()
    @Environment(\.openURL) private var openURL

    var body: some View {
        ContentView()
            .announcementBanner(position: .top) { action in
                switch action {
                case .deepLink(let path): router.navigate(to: path)
                case .url(let url): openURL(url)
                case .dismiss: break
                }
            }
    }
}

/// `AnnouncementBannerView(announcement:onAction:onDismiss:)` in a custom host, as the view's
/// usage comment writes it, with the manager from the environment.
struct CustomBannerHost: View {
    let announcement: Announcement
    @Environment(\.announcementManager) private var manager
    @Environment(\.openURL) private var openURL

    var body: some View {
        AnnouncementBannerView(
            announcement: announcement,
            onAction: { handleAction($0) },
            onDismiss: { manager.dismiss(announcement) }
        )
    }

    private func handleAction(_ action: Announcement.Action) {
        if case .url(let url) = action {
            openURL(url)
        }
    }
}
