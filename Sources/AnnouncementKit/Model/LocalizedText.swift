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
    /// What the text holds. Translations are packed into one byte array rather than kept as a
    /// dictionary or an array of string pairs: a feed of 10,000 announcements holds tens of thousands
    /// of them, and one allocation per text takes a fraction of the memory of a dictionary or of a
    /// pair array plus a string allocation per translation.
    private enum Content: Sendable {
        case plain(String)
        /// Entries sorted by tag, each as the tag's and then the text's UTF-8 bytes, both prefixed
        /// by their length. See ``TranslationTable``.
        case translations([UInt8])
    }

    private let content: Content

    /// The plain string, when the text is not localized.
    public var plain: String? {
        if case .plain(let text) = content { return text }
        return nil
    }

    /// The translations, keyed by language tag as written, when the text is localized.
    public var translations: [String: String]? {
        guard case .translations(let table) = content else { return nil }
        var result: [String: String] = [:]
        TranslationTable.forEach(in: table) { tag, text in
            if result[tag] == nil { result[tag] = text }
            return true
        }
        return result
    }

    /// Creates text that is the same in every language.
    public init(_ text: String) {
        content = .plain(text)
    }

    /// Creates localized text; keys are language tags such as `en`, `de-AT` or `pt_BR`.
    ///
    /// `defaultLocale` names the translation read when none matches the reader's language (the
    /// feed's `defaultLocale`); without an entry for it, the first translation by tag is read.
    public init(_ translations: [String: String], defaultLocale: String = "en") {
        self.init(uniqueTranslations: translations.map { (tag: $0.key, text: $0.value) }, defaultLocale: defaultLocale)
    }

    /// Localized text from translations whose tags are all different (as strings), in any order:
    /// what the dictionary initializer makes of the same pairs, without building the dictionary.
    /// The entry for `defaultLocale` (compared as ``hasTranslation(for:)`` does) goes first, the rest
    /// follow by tag, so the first entry is the fallback.
    init(uniqueTranslations translations: [(tag: String, text: String)], defaultLocale: String) {
        let fallback = LanguageTag.normalized(defaultLocale)
        var sorted = translations.sorted { $0.tag < $1.tag }
        if let index = sorted.firstIndex(where: { $0.tag == defaultLocale })
            ?? sorted.firstIndex(where: { LanguageTag.normalized($0.tag) == fallback }), index > 0
        {
            sorted.insert(sorted.remove(at: index), at: 0)
        }
        content = .translations(TranslationTable.encode(sorted.lazy.map { ($0.tag, $0.text) }))
    }

    /// Creates text that is the same in every language.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text for `locale`: the most specific translation whose tag is a prefix of the locale,
    /// by whole subtags, else the text's default (the entry for the `defaultLocale` it was made with).
    public func resolved(for locale: String?) -> String {
        let table: [UInt8]
        switch content {
        case .plain(let text): return text
        case .translations(let bytes): table = bytes
        }
        if let locale, let match = bestMatch(in: table, for: LanguageTag.normalized(locale)) { return match }
        return firstTranslation(in: table)
    }

    /// The text for `locale`: the most specific translation whose tag is a prefix of the locale,
    /// by whole subtags, else the `defaultLocale` entry, else the text's own default.
    public func resolved(for locale: String?, defaultLocale: String) -> String {
        let table: [UInt8]
        switch content {
        case .plain(let text): return text
        case .translations(let bytes): table = bytes
        }
        if let locale, let match = bestMatch(in: table, for: LanguageTag.normalized(locale)) { return match }
        if let match = translation(in: table, forNormalizedTag: LanguageTag.normalized(defaultLocale)) {
            return match
        }
        return firstTranslation(in: table)
    }

    private func firstTranslation(in table: [UInt8]) -> String {
        var first = ""
        TranslationTable.forEach(in: table) { _, text in
            first = text
            return false
        }
        return first
    }

    /// Whether the text has an entry for `locale` (compared case-insensitively, `_` as `-`).
    package func hasTranslation(for locale: String) -> Bool {
        guard case .translations(let table) = content else { return true }
        return translation(in: table, forNormalizedTag: LanguageTag.normalized(locale)) != nil
    }

    /// The plain text, or the translations as `tag: text` pairs, the default first and the rest by tag.
    public var description: String {
        switch content {
        case .plain(let text):
            return text
        case .translations(let table):
            var parts: [String] = []
            TranslationTable.forEach(in: table) { tag, text in
                parts.append("\(tag): \(text)")
                return true
            }
            return parts.joined(separator: "; ")
        }
    }

    /// Whether two texts read the same: both plain and equal, or the same tags with equal texts and
    /// the same default (compared as strings, so canonically equivalent texts are equal).
    public static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
        switch (lhs.content, rhs.content) {
        case (.plain(let left), .plain(let right)):
            return left == right
        case (.translations(let left), .translations(let right)):
            return left == right
                || TranslationTable.entries(left).elementsEqual(TranslationTable.entries(right)) {
                    $0.tag == $1.tag && $0.text == $1.text
                }
        default:
            return false
        }
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        switch content {
        case .plain(let text):
            hasher.combine(0)
            hasher.combine(text)
        case .translations(let table):
            hasher.combine(1)
            TranslationTable.forEach(in: table) { tag, text in
                hasher.combine(tag)
                hasher.combine(text)
                return true
            }
        }
    }

    private func bestMatch(in table: [UInt8], for normalizedLocale: String) -> String? {
        var candidate = Substring(normalizedLocale)
        while !candidate.isEmpty {
            if let match = translation(in: table, forNormalizedTag: String(candidate)) { return match }
            guard let dash = candidate.lastIndex(of: "-") else { break }
            candidate = candidate[..<dash]
        }
        return nil
    }

    private func translation(in table: [UInt8], forNormalizedTag tag: String) -> String? {
        var exact: String?
        TranslationTable.forEach(in: table) { entryTag, text in
            if entryTag == tag { exact = text }
            return exact == nil
        }
        if let exact { return exact }
        var normalized: String?
        TranslationTable.forEach(in: table) { entryTag, text in
            if LanguageTag.normalized(entryTag) == tag { normalized = text }
            return normalized == nil
        }
        return normalized
    }
}

/// The packed form of a text's translations: for each entry in order, the tag's UTF-8 length, the
/// tag's bytes, then the same for the text. A length is written seven bits a byte, low bits first,
/// with the high bit set on every byte but the last (so a tag takes one byte of length, a message of
/// up to 16,383 bytes two).
enum TranslationTable {
    /// Packs `entries` in the order given.
    static func encode(_ entries: some Sequence<(String, String)>) -> [UInt8] {
        var bytes: [UInt8] = []
        var size = 0
        for (tag, text) in entries { size += encodedSize(tag) + encodedSize(text) }
        bytes.reserveCapacity(size)
        for (tag, text) in entries {
            append(tag, to: &bytes)
            append(text, to: &bytes)
        }
        return bytes
    }

    /// Calls `body` with each entry in order until it returns `false`.
    static func forEach(in table: [UInt8], _ body: (_ tag: String, _ text: String) -> Bool) {
        table.withUnsafeBufferPointer { buffer in
            var position = 0
            while position < buffer.count {
                let tag = string(in: buffer, at: &position)
                let text = string(in: buffer, at: &position)
                if !body(tag, text) { return }
            }
        }
    }

    /// The entries in order.
    static func entries(_ table: [UInt8]) -> [(tag: String, text: String)] {
        var result: [(tag: String, text: String)] = []
        forEach(in: table) { tag, text in
            result.append((tag, text))
            return true
        }
        return result
    }

    private static func encodedSize(_ string: String) -> Int {
        let count = string.utf8.count
        var lengthBytes = 1
        while count >> (7 * lengthBytes) != 0 { lengthBytes += 1 }
        return lengthBytes + count
    }

    private static func append(_ string: String, to bytes: inout [UInt8]) {
        let utf8 = string.utf8
        var length = UInt(utf8.count)
        while length >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        bytes.append(UInt8(length))
        // One copy of the contiguous bytes (native and small strings have them) rather than a
        // byte-at-a-time walk of the view.
        if utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: utf8)
        }
    }

    private static func string(in buffer: UnsafeBufferPointer<UInt8>, at position: inout Int) -> String {
        var length = 0
        var shift = 0
        while true {
            let byte = buffer[position]
            position += 1
            length |= Int(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[position..<position + length]), as: UTF8.self)
        position += length
        return text
    }
}
