// The presentation formats and the inline card as README.md ("Formats and inline cards") and
// docs/presentation.md write them: announcements in the modal and sheet formats, one with an image,
// shown by `.announcementBanner()`, and `AnnouncementCard(placement:)` in a feed and in a settings
// screen, with and without an action handler, and previews of a modal and a sheet drawn as cards.
// Not the template's: the 0.2 call forms.
// scripts/typecheck-swiftui type-checks this folder against the SwiftUI stub and AnnouncementKitUI.

import AnnouncementKit
import AnnouncementKitUI
import SwiftUI

/// Announcements defined in code, in the two formats that are not a banner.
enum FormatExamples {
    /// A "what's new" sheet with an image across its top; the image is drawn from the provider's
    /// cache, so a provider without one shows the sheet with text only.
    static let whatsNew = Announcement(
        id: "whats-new-3",
        title: "What's new in 3.0",
        message: "Widgets for your home screen, a darker dark mode and faster sync.",
        style: .promotion,
        action: .deepLink("app://whats-new"),
        actionLabel: "Take the tour",
        format: .sheet,
        image: Announcement.Image(
            url: URL(string: "https://example.com/images/whats-new.png")!,
            alt: "Three widgets on a home screen",
            aspectRatio: 16.0 / 9.0)
    )

    /// A modal that cannot be dismissed: it keeps its action button and stays until it ends.
    static let updateRequired = Announcement(
        id: "update-required",
        title: "Update required",
        message: "This version can no longer sync. Update to keep your notes in step.",
        style: .critical,
        action: .url(URL(string: "https://apps.apple.com/app/id000000000")!),
        actionLabel: "Update",
        isDismissible: false,
        format: .modal
    )
}

/// The app's root: the formats need nothing new; `.announcementBanner()` shows a modal over the
/// content and a sheet from the bottom.
struct FormatsRootView: View {
    @State private var manager = AnnouncementManager(
        provider: LocalAnnouncementProvider(announcements: [FormatExamples.whatsNew, FormatExamples.updateRequired]))

    var body: some View {
        HomeFeedScreen()
            .announcementBanner()
            .environment(\.announcementManager, manager)
    }
}

/// `AnnouncementCard(placement:)` in a home feed: nothing when the placement has no announcement.
struct HomeFeedScreen: View {
    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                AnnouncementCard(placement: "home-feed")
                Text("Recent notes")
            }
            .padding()
        }
    }
}

/// `AnnouncementCard(placement:actionHandler:)`: the app routes deep links itself.
struct SettingsScreen: View {
    let router = Router()

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            AnnouncementCard(placement: "settings") { action in
                if case .deepLink(let destination) = action {
                    router.navigate(to: destination)
                }
            }
            Text("Settings")
        }
    }
}

#Preview("Modal as a card") {
    AnnouncementBannerView(
        appearance: BannerAppearance(
            announcement: FormatExamples.updateRequired, locale: "en", defaultLocale: "en"),
        onAction: {}
    )
    .padding()
}

#Preview("Sheet as a card") {
    AnnouncementCard(placement: nil)
        .environment(
            \.announcementManager,
            AnnouncementManager(
                provider: LocalAnnouncementProvider(announcements: [FormatExamples.whatsNew]),
                store: InMemoryAnnouncementStateStore())
        )
        .padding()
}
