import AnnouncementKit
import Foundation
import Testing

@Suite("BannerAppearance: the package's words in the reader's language")
struct BannerAppearanceWordsTests {
    static let link = Announcement(
        id: "a", title: "Wartung", message: "Heute Nacht", style: .warning,
        action: .url(URL(string: "https://example.com")!))

    @Test(
        "without strings, the words follow the locale",
        arguments: [
            ("de-AT", "Mehr erfahren", "Warnung: Wartung. Heute Nacht", "Hinweis schließen", "Öffnet den Link."),
            ("ja", "詳しく見る", "警告: Wartung. Heute Nacht", "お知らせを閉じる", "リンクを開きます。"),
            ("pt-PT", "Saiba mais", "Atenção: Wartung. Heute Nacht", "Fechar aviso", "Abre o link."),
            ("xx", "Learn More", "Warning: Wartung. Heute Nacht", "Dismiss announcement", "Opens the link."),
            (nil, "Learn More", "Warning: Wartung. Heute Nacht", "Dismiss announcement", "Opens the link."),
        ])
    func followsLocale(locale: String?, action: String, spoken: String, dismissLabel: String, hint: String) {
        let appearance = BannerAppearance(announcement: Self.link, locale: locale, defaultLocale: "en")
        #expect(appearance.actionTitle == action)
        #expect(appearance.accessibilityAnnouncement == spoken)
        #expect(appearance.dismissAccessibilityLabel == dismissLabel)
        #expect(appearance.actionAccessibilityHint == hint)
        #expect(appearance.dismissAccessibilityHint == BannerStrings(locale: locale).dismissHint)
        #expect(appearance.containerAccessibilityLabel == BannerStrings(locale: locale).announcement)
    }

    @Test("strings given replace the locale's words, hints included")
    func givenStrings() {
        let french = BannerStrings(locale: "fr")
        let appearance = BannerAppearance(announcement: Self.link, locale: "de", defaultLocale: "en", strings: french)
        #expect(appearance.actionTitle == "En savoir plus")
        #expect(appearance.actionAccessibilityHint == "Ouvre le lien.")
        #expect(appearance.dismissAccessibilityHint == "Supprime l’annonce.")
        #expect(appearance.containerAccessibilityLabel == french.announcement)
        #expect(french.announcement != BannerStrings.english.announcement)
        // The feed's own text still follows the locale.
        #expect(appearance.title == "Wartung")
    }

    @Test(
        "the action's hint: opening for links, removing for a dismiss action, none without a button",
        arguments: [
            (Announcement.Action.url(URL(string: "https://example.com")!), nil, "Opens the link."),
            (.deepLink("app://settings"), nil, "Opens the link."),
            (.dismiss, "Got it", "Removes the announcement."),
            (.dismiss, nil, nil),
        ] as [(Announcement.Action, LocalizedText?, String?)])
    func actionHint(action: Announcement.Action, label: LocalizedText?, hint: String?) {
        let announcement = Announcement(id: "a", title: "T", message: "M", action: action, actionLabel: label)
        let appearance = BannerAppearance(announcement: announcement, locale: "en", defaultLocale: "en")
        #expect(appearance.actionAccessibilityHint == hint)
        #expect(appearance.dismissAccessibilityHint == "Removes the announcement.")
    }
}
