/// Text that is either one plain string or translations keyed by language tag.
///
/// Look-up for `de-AT` tries `de-AT`, then `de`, then the feed's default locale:
///
/// ```swift
/// let title = LocalizedText(["en": "New: dark mode", "de": "Neu: Dunkelmodus"])
/// title.resolved(for: "de-AT", defaultLocale: "en")  // "Neu: Dunkelmodus"
/// ```
public struct LocalizedText: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation,
    CustomStringConvertible
{
    /// The plain string, when the text is not localized.
    public let plain: String?
    /// The translations, keyed by language tag as written, when the text is localized.
    public let translations: [String: String]?

    /// Creates text that is the same in every language.
    public init(_ text: String) {
        plain = text
        translations = nil
    }

    /// Creates localized text; keys are language tags such as `en`, `de-AT` or `pt_BR`.
    public init(_ translations: [String: String]) {
        plain = nil
        self.translations = translations
    }

    /// Creates text that is the same in every language.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text for `locale`: the most specific translation whose tag is a prefix of the locale,
    /// by whole subtags, else the `defaultLocale` entry, else the first translation by tag.
    public func resolved(for locale: String?, defaultLocale: String = "en") -> String {
        if let plain { return plain }
        guard let translations, !translations.isEmpty else { return "" }
        if let locale, let match = bestMatch(for: LanguageTag.normalized(locale)) { return match }
        if let match = translation(forNormalizedTag: LanguageTag.normalized(defaultLocale)) { return match }
        let firstKey = translations.keys.min()!
        return translations[firstKey]!
    }

    /// Whether the text has an entry for `locale` (compared case-insensitively, `_` as `-`).
    public func hasTranslation(for locale: String) -> Bool {
        if plain != nil { return true }
        return translation(forNormalizedTag: LanguageTag.normalized(locale)) != nil
    }

    /// The plain text, or the translations as `tag: text` pairs sorted by tag.
    public var description: String {
        if let plain { return plain }
        let pairs = (translations ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return pairs.joined(separator: "; ")
    }

    private func bestMatch(for normalizedLocale: String) -> String? {
        var candidate = Substring(normalizedLocale)
        while !candidate.isEmpty {
            if let match = translation(forNormalizedTag: String(candidate)) { return match }
            guard let dash = candidate.lastIndex(of: "-") else { break }
            candidate = candidate[..<dash]
        }
        return nil
    }

    private func translation(forNormalizedTag tag: String) -> String? {
        guard let translations else { return nil }
        if let exact = translations[tag] { return exact }
        for (key, value) in translations where LanguageTag.normalized(key) == tag {
            return value
        }
        return nil
    }
}
