import AnnouncementKit
import Foundation
import Testing

@Suite("BannerAppearance")
struct BannerAppearanceTests {
    static let maintenance = Announcement(
        id: "maintenance",
        title: LocalizedText(["en": "Scheduled Maintenance", "de": "Geplante Wartung"]),
        message: LocalizedText(["en": "We'll be down Saturday 2-4 AM UTC.", "de": "Samstag 2-4 Uhr UTC."]),
        style: .warning,
        action: .url(URL(string: "https://status.example.com")!),
        actionLabel: LocalizedText(["en": "Status", "de": "Statusseite"]),
        isDismissible: false, autoDismissAfter: 10)

    @Test(
        "icon, tint, urgency and the spoken style word per style",
        arguments: [
            (Announcement.Style.info, "info.circle.fill", BannerTint.blue, false, "Title. Message"),
            (.warning, "exclamationmark.triangle.fill", .amber, true, "Warning: Title. Message"),
            (.success, "checkmark.circle.fill", .green, false, "Title. Message"),
            (.promotion, "megaphone.fill", .purple, false, "Title. Message"),
            (.critical, "xmark.octagon.fill", .red, true, "Critical: Title. Message"),
        ])
    func perStyle(
        style: Announcement.Style, icon: String, tint: BannerTint, isUrgent: Bool, spoken: String
    ) {
        let announcement = Announcement(id: "a", title: "Title", message: "Message", style: style)
        let appearance = BannerAppearance(announcement: announcement, locale: "en", defaultLocale: "en")
        #expect(appearance.iconName == icon)
        #expect(appearance.tint == tint)
        #expect(appearance.isUrgent == isUrgent)
        #expect(appearance.accessibilityAnnouncement == spoken)
        #expect(appearance.position == .top)
    }

    @Test(
        "the action title: the label when there is one, else a default per type; no button for a bare dismiss",
        arguments: [
            (Announcement.Action.url(URL(string: "https://example.com")!), nil, "Learn More", "https://example.com"),
            (.url(URL(string: "https://example.com")!), "Read the post", "Read the post", "https://example.com"),
            (.deepLink("app://settings"), nil, "Open", "app://settings"),
            (.deepLink("app://settings"), "Settings", "Settings", "app://settings"),
            (.dismiss, nil, nil, nil),
            (.dismiss, "Got it", "Got it", nil),
            (.dismiss, " ", nil, nil),
            (.url(URL(string: "https://example.com")!), "  ", "Learn More", "https://example.com"),
        ] as [(Announcement.Action, LocalizedText?, String?, String?)])
    func actionTitle(action: Announcement.Action, label: LocalizedText?, title: String?, destination: String?) {
        let announcement = Announcement(
            id: "a", title: LocalizedText("T"), message: "M", action: action, actionLabel: label)
        let appearance = BannerAppearance(announcement: announcement, locale: "en", defaultLocale: "en")
        #expect(appearance.actionTitle == title)
        #expect(appearance.actionType == (title == nil ? nil : action.type))
        #expect(appearance.actionDestination == destination)
    }

    @Test("no action: no button")
    func noAction() {
        let appearance = BannerAppearance(
            announcement: Announcement(id: "a", title: "T", message: "M"), locale: nil, defaultLocale: "en")
        #expect(appearance.actionTitle == nil)
        #expect(appearance.actionType == nil)
        #expect(appearance.actionDestination == nil)
    }

    @Test(
        "text and the action label follow the locale, falling back to the default locale; the style word is the package's",
        arguments: [
            ("de-AT", "Geplante Wartung", "Samstag 2-4 Uhr UTC.", "Statusseite", "Warnung"),
            ("de", "Geplante Wartung", "Samstag 2-4 Uhr UTC.", "Statusseite", "Warnung"),
            ("en-GB", "Scheduled Maintenance", "We'll be down Saturday 2-4 AM UTC.", "Status", "Warning"),
            ("ja", "Scheduled Maintenance", "We'll be down Saturday 2-4 AM UTC.", "Status", "警告"),
        ])
    func localized(locale: String, title: String, message: String, action: String, styleWord: String) {
        let appearance = BannerAppearance(announcement: Self.maintenance, locale: locale, defaultLocale: "en")
        #expect(appearance.title == title)
        #expect(appearance.message == message)
        #expect(appearance.actionTitle == action)
        #expect(appearance.accessibilityAnnouncement == "\(styleWord): \(title). \(message)")
    }

    @Test("a non-dismissible banner has no close button and never hides on a timer")
    func nonDismissible() {
        let appearance = BannerAppearance(announcement: Self.maintenance, locale: "en", defaultLocale: "en")
        #expect(!appearance.showsDismissButton)
        #expect(appearance.autoDismissAfter == nil)
    }

    @Test(
        "autoDismissAfter passes through for a dismissible banner when positive",
        arguments: [(12.0, 12.0), (0.5, 0.5), (0, nil), (-3, nil), (nil, nil)] as [(TimeInterval?, TimeInterval?)])
    func autoDismiss(seconds: TimeInterval?, expected: TimeInterval?) {
        var announcement = Announcement(id: "a", title: "T", message: "M", style: .critical)
        announcement.autoDismissAfter = seconds
        let appearance = BannerAppearance(announcement: announcement, locale: "en", defaultLocale: "en")
        #expect(appearance.showsDismissButton)
        #expect(appearance.dismissAccessibilityLabel == "Dismiss announcement")
        #expect(appearance.autoDismissAfter == expected)
    }

    @Test(
        "the spoken text joins title and message without doubling punctuation",
        arguments: [
            ("Welcome aboard!", "Take the tour.", "Welcome aboard! Take the tour."),
            ("New: Dark Mode", "Easier on the eyes.", "New: Dark Mode. Easier on the eyes."),
            ("新機能：ダークモード", "夜でも目に優しい表示です。", "新機能：ダークモード。夜でも目に優しい表示です。"),
            ("Title", "", "Title"),
        ])
    func spokenText(title: String, message: String, expected: String) {
        let announcement = Announcement(id: "a", title: title, message: message, style: .success)
        let appearance = BannerAppearance(announcement: announcement, locale: "en", defaultLocale: "en")
        #expect(appearance.accessibilityAnnouncement == expected)
    }

    @Test("text is kept as given, however long, and the position is passed through")
    func keepsText() {
        let long = String(repeating: "very long text ", count: 100)
        let appearance = BannerAppearance(
            announcement: Announcement(id: "a", title: "T", message: long), locale: "en", defaultLocale: "en",
            position: .floating)
        #expect(appearance.message == long)
        #expect(appearance.position == .floating)
    }

    @Test("an app's own strings replace the English defaults")
    func strings() {
        var german = BannerStrings.english
        german.learnMore = "Mehr erfahren"
        german.warning = "Warnung"
        german.dismissAnnouncement = "Mitteilung schließen"
        let announcement = Announcement(
            id: "a", title: "Wartung", message: "Heute Nacht", style: .warning,
            action: .url(URL(string: "https://example.com")!))
        let appearance = BannerAppearance(
            announcement: announcement, locale: "de", defaultLocale: "en", strings: german)
        #expect(appearance.actionTitle == "Mehr erfahren")
        #expect(appearance.accessibilityAnnouncement == "Warnung: Wartung. Heute Nacht")
        #expect(appearance.dismissAccessibilityLabel == "Mitteilung schließen")
    }
}
