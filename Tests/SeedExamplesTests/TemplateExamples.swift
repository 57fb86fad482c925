// The usage examples in the doc comments of the template's files, copied as written. Where an example
// leaves a placeholder (`{ ... }`) or takes a name from its surroundings (`configURL`,
// `localAnnouncements`, `announcement`), the smallest stand-in is written around it.
import AnnouncementKit
import Foundation

/// The names the examples take from the app around them.
enum TemplateExampleInputs {
    static let configURL = URL(string: "https://api.example.com/announcements")!
    static let localAnnouncements = [
        Announcement(id: "welcome", title: "Welcome!", message: "Thanks for downloading.", style: .info)
    ]
}

/// AnnouncementManager.swift: "Usage". The example's `{ ... }` is the app's own code; here it
/// returns the banner.
func templateManagerUsage() async -> Announcement? {
    let configURL = TemplateExampleInputs.configURL
    let manager = AnnouncementManager(provider: RemoteAnnouncementProvider(url: configURL))
    await manager.loadAnnouncements()
    if let banner = manager.activeAnnouncement { return banner }
    return nil
}

/// AnnouncementProvider.swift, `LocalAnnouncementProvider`: "Usage".
func templateLocalProviderUsage() -> LocalAnnouncementProvider {
    let provider = LocalAnnouncementProvider(announcements: [
        Announcement(id: "welcome", title: "Welcome!", message: "Thanks for downloading.", style: .info)
    ])
    return provider
}

/// AnnouncementProvider.swift, `CombinedAnnouncementProvider`: "Usage".
func templateCombinedProviderUsage() -> CombinedAnnouncementProvider {
    let configURL = TemplateExampleInputs.configURL
    let localAnnouncements = TemplateExampleInputs.localAnnouncements
    let provider = CombinedAnnouncementProvider(providers: [
        RemoteAnnouncementProvider(url: configURL),
        LocalAnnouncementProvider(announcements: localAnnouncements),
    ])
    return provider
}

/// AnnouncementScheduler.swift: "Usage".
func templateSchedulerUsage(_ announcement: Announcement) -> Bool {
    let scheduler = AnnouncementScheduler()
    let isActive = scheduler.isActive(announcement, at: Date())
    return isActive
}

/// The remote provider's JSON example, as the template documents it.
let templateFeedJSON = """
    {
      "announcements": [
        {
          "id": "maintenance-2024",
          "title": "Scheduled Maintenance",
          "message": "We'll be down Saturday 2-4 AM EST.",
          "style": "warning",
          "action": { "type": "url", "value": "https://status.example.com" },
          "priority": 100,
          "startDate": "2024-06-14T06:00:00Z",
          "endDate": "2024-06-15T08:00:00Z",
          "isDismissible": false,
          "targetAudience": "all"
        }
      ]
    }
    """
