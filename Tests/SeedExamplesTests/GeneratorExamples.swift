// The Swift examples of the announcement generator's instructions ("Integration Steps", "Common
// Patterns"), copied as written. Only the names they take from their surroundings (`maintenanceStart`,
// `promoEnd`, …) are declared around them. The SwiftUI examples are type-checked by
// scripts/typecheck-swiftui (Tests/SeedExamplesUI).
import AnnouncementKit
import Foundation

/// The values the examples read from the app around them.
enum GeneratorExampleInputs {
    static let maintenanceStart = Date(timeIntervalSince1970: 1_796_364_000)
    static let maintenanceEnd = maintenanceStart.addingTimeInterval(2 * 3600)
    static let maintenanceDate = maintenanceStart
    static let maintenanceEndDate = maintenanceEnd
    static let date = "2026-12-05"
    static let promoStart = Date(timeIntervalSince1970: 1_796_000_000)
    static let promoEnd = promoStart.addingTimeInterval(14 * 86_400)
}

/// "Define local announcements".
func generatorLocalProvider() -> LocalAnnouncementProvider {
    let maintenanceStart = GeneratorExampleInputs.maintenanceStart
    let maintenanceEnd = GeneratorExampleInputs.maintenanceEnd
    let provider = LocalAnnouncementProvider(announcements: [
        Announcement(
            id: "maintenance-2024",
            title: "Scheduled Maintenance",
            message: "We'll be performing maintenance on Saturday 9-11 AM EST.",
            style: .warning,
            action: .dismiss,
            priority: 10,
            startDate: maintenanceStart,
            endDate: maintenanceEnd
        ),
        Announcement(
            id: "new-feature-photos",
            title: "New: Photo Library",
            message: "Check out our new photo library with AI-powered search!",
            style: .promotion,
            action: .deepLink("app://features/photos"),
            priority: 5,
            isDismissible: true
        ),
    ])
    return provider
}

/// "Fetch from remote config".
func generatorRemoteProvider() -> RemoteAnnouncementProvider {
    let provider = RemoteAnnouncementProvider(
        url: URL(string: "https://api.example.com/announcements")!,
        cacheDuration: 3600  // 1 hour
    )
    return provider
}

/// "Show Maintenance Banner".
func generatorMaintenanceBanner() -> Announcement {
    let date = GeneratorExampleInputs.date
    let maintenanceDate = GeneratorExampleInputs.maintenanceDate
    let maintenanceEndDate = GeneratorExampleInputs.maintenanceEndDate
    return Announcement(
        id: "maintenance-\(date)",
        title: "Scheduled Maintenance",
        message: "Service will be unavailable Saturday 2-4 AM EST.",
        style: .warning,
        action: .url(URL(string: "https://status.example.com")!),
        priority: 100,  // High priority overrides other banners
        startDate: Calendar.current.date(byAdding: .day, value: -1, to: maintenanceDate)!,
        endDate: maintenanceEndDate,
        isDismissible: false  // Can't dismiss maintenance warnings
    )
}

/// "Promote New Feature".
func generatorFeatureBanner() -> Announcement {
    Announcement(
        id: "feature-v2.5-darkmode",
        title: "Dark Mode is Here!",
        message: "Try our new dark mode in Settings.",
        style: .promotion,
        action: .deepLink("app://settings/appearance"),
        priority: 5,
        isDismissible: true
    )
}

/// "Time-Limited Promotion".
func generatorPromotion() -> Announcement {
    let promoStart = GeneratorExampleInputs.promoStart
    let promoEnd = GeneratorExampleInputs.promoEnd
    return Announcement(
        id: "promo-summer-2024",
        title: "Summer Sale - 40% Off!",
        message: "Upgrade to Pro at our lowest price ever.",
        style: .promotion,
        action: .deepLink("app://subscription/upgrade"),
        priority: 8,
        startDate: promoStart,
        endDate: promoEnd,
        isDismissible: true,
        targetAudience: .freeUsers
    )
}
