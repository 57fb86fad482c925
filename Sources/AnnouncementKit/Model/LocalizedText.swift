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
    /// One translation. Translations are kept as pairs sorted by tag rather than as a dictionary:
    /// a feed of 10,000 announcements holds tens of thousands of them, and a small array takes a
    /// fraction of a dictionary's memory.
    private struct Pair: Sendable, Hashable {
        let tag: String
        let text: String
    }

    private let plainText: String?
    private let pairs: [Pair]

    /// The plain string, when the text is not localized.
    public var plain: String? { plainText }

    /// The translations, keyed by language tag as written, when the text is localized.
    public var translations: [String: String]? {
        guard plainText == nil else { return nil }
        return Dictionary(pairs.map { ($0.tag, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    /// Creates text that is the same in every language.
    public init(_ text: String) {
        plainText = text
        pairs = []
    }

    /// Creates localized text; keys are language tags such as `en`, `de-AT` or `pt_BR`.
    public init(_ translations: [String: String]) {
        plainText = nil
        pairs = translations.map { Pair(tag: $0.key, text: $0.value) }.sorted { $0.tag < $1.tag }
    }

    /// Creates text that is the same in every language.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text for `locale`: the most specific translation whose tag is a prefix of the locale,
    /// by whole subtags, else the `defaultLocale` entry, else the first translation by tag.
    public func resolved(for locale: String?, defaultLocale: String = "en") -> String {
        if let plainText { return plainText }
        guard let first = pairs.first else { return "" }
        if let locale, let match = bestMatch(for: LanguageTag.normalized(locale)) { return match }
        if let match = translation(forNormalizedTag: LanguageTag.normalized(defaultLocale)) { return match }
        return first.text
    }

    /// Whether the text has an entry for `locale` (compared case-insensitively, `_` as `-`).
    public func hasTranslation(for locale: String) -> Bool {
        if plainText != nil { return true }
        return translation(forNormalizedTag: LanguageTag.normalized(locale)) != nil
    }

    /// The plain text, or the translations as `tag: text` pairs sorted by tag.
    public var description: String {
        if let plainText { return plainText }
        return pairs.map { "\($0.tag): \($0.text)" }.joined(separator: "; ")
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
        if let exact = pairs.first(where: { $0.tag == tag }) { return exact.text }
        return pairs.first { LanguageTag.normalized($0.tag) == tag }?.text
    }
}
