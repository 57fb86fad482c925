import AnnouncementKit
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
}
