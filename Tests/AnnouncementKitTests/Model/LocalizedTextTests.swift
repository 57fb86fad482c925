import AnnouncementKit
import Foundation
import Testing

@Suite("Localized text and language tags")
struct LocalizedTextTests {
    let text = LocalizedText(["en": "Hello", "de": "Hallo", "de-AT": "Servus", "pt_BR": "Olá", "zh-Hant": "你好"])

    @Test(
        "look-up goes from the most specific tag to the default locale",
        arguments: [
            ("de-AT", "Servus"), ("de_at", "Servus"), ("DE-at-x-vienna", "Servus"), ("de-CH", "Hallo"), ("de", "Hallo"),
            ("pt-BR", "Olá"), ("pt", "Hello"), ("zh-Hant-TW", "你好"), ("fr", "Hello"), ("", "Hello"),
        ])
    func lookup(locale: String, expected: String) {
        #expect(text.resolved(for: locale, defaultLocale: "en") == expected)
    }

    @Test("plain text is the same everywhere; a missing default falls back to the first tag")
    func fallbacks() {
        #expect(LocalizedText("Hi").resolved(for: "ja") == "Hi")
        #expect(LocalizedText(["fr": "Salut", "de": "Hallo"]).resolved(for: "ja", defaultLocale: "en") == "Hallo")
        #expect(text.resolved(for: nil, defaultLocale: "de") == "Hallo")
        let literal: LocalizedText = "Literal \(1 + 1)"
        #expect(literal.plain == "Literal 2")
    }

    @Test(
        "well-formed tags",
        arguments: [
            ("en", true), ("de-AT", true), ("pt_BR", true), ("zh-Hant-TW", true), ("es-419", true), ("x", false),
            ("not a tag", false), ("en-", false), ("-en", false), ("e1", false), ("", false),
            ("toolonglanguage", false),
        ])
    func wellFormed(tag: String, expected: Bool) {
        #expect(LanguageTag.isWellFormed(tag) == expected)
    }

    @Test(
        "prefix matching is by whole subtags",
        arguments: [
            ("de", "de-AT", true), ("de", "de", true), ("DE", "de_at", true), ("fr-CA", "fr-CA", true),
            ("fr-CA", "fr", false), ("fr-CA", "fr-FR", false), ("de", "deu", false), ("fr-CA", "fr-CA-x-q", true),
        ])
    func prefix(prefix: String, tag: String, expected: Bool) {
        #expect(LanguageTag.isPrefix(prefix, of: tag) == expected)
    }

    @Test("translations come back exactly as given: long, non-ASCII, empty and odd tags")
    func packedTranslationsRoundTrip() {
        let long = String(repeating: "Wartungsfenster → ", count: 400)
        let translations = [
            "en": "Hello", "de": long, "ja": "こんにちは 👋🏽", "x-empty": "", "": "no tag", "emoji-🏳️‍🌈": "tag",
        ]
        let text = LocalizedText(translations)
        #expect(text.translations == translations)
        #expect(text.plain == nil)
        #expect(text.resolved(for: "de-AT") == long)
        #expect(text.resolved(for: "ja-JP") == "こんにちは 👋🏽")
        #expect(text.hasTranslation(for: "x-empty"))
        #expect(!text.hasTranslation(for: "fr"))
        #expect(LocalizedText([:]).translations == [:])
        #expect(LocalizedText([:]).resolved(for: "en") == "")
        #expect(LocalizedText([:]).description == "")
        #expect(LocalizedText(["en": "A", "de": "B"]).description == "en: A; de: B")
        #expect(
            LocalizedText(["fr": "C", "en": "A", "de": "B"], defaultLocale: "de").description == "de: B; en: A; fr: C")
    }

    @Test("the text's default is the fallback: the feed's defaultLocale, not the first tag")
    func defaultIsTheFallback() throws {
        let text = LocalizedText(["fr": "Bonjour", "de": "Hallo"], defaultLocale: "fr")
        #expect(text.resolved(for: "ja-JP") == "Bonjour")
        #expect(text.resolved(for: nil) == "Bonjour")
        #expect(text.resolved(for: "de-AT") == "Hallo")
        // An explicit default still wins over the text's own.
        #expect(text.resolved(for: "ja", defaultLocale: "de") == "Hallo")
        // Same translations, different fallback: they read differently, so they are not equal.
        #expect(text != LocalizedText(["fr": "Bonjour", "de": "Hallo"], defaultLocale: "de"))
        let feed = """
            {"defaultLocale": "fr", "announcements": [{"id": "a", "title": {"de": "Hallo", "fr": "Bonjour"},
              "message": {"de": "Na", "FR": "Salut"}}]}
            """
        let decoded = try #require(try FeedDecoder().decode(Data(feed.utf8)).announcements.first)
        #expect(decoded.localizedTitle == text)
        #expect(decoded.localizedTitle.resolved(for: "ja") == "Bonjour")
        #expect(decoded.localizedMessage.resolved(for: "ja") == "Salut")
    }

    @Test("equality and hashing compare texts as strings, so canonically equivalent texts are equal")
    func equalityIsCanonical() {
        let composed = LocalizedText(["fr": "Caf\u{E9}", "en": "Cafe"])
        let decomposed = LocalizedText(["en": "Cafe", "fr": "Cafe\u{301}"])
        #expect(composed == decomposed)
        #expect(composed.hashValue == decomposed.hashValue)
        #expect(composed != LocalizedText(["fr": "Café", "en": "Coffee"]))
        #expect(composed != LocalizedText(["fr": "Café"]))
        #expect(LocalizedText("Café") != LocalizedText(["en": "Café"]))
        #expect(LocalizedText("Caf\u{E9}") == LocalizedText("Cafe\u{301}"))
        #expect(Set([composed, decomposed, LocalizedText("Café")]).count == 2)
    }
}
