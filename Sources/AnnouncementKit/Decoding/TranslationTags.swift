/// The language tags that key a feed's translations, each made into a string and checked once.
///
/// A feed writes the same few tags (`en`, `de`, …) in every localized text, so the string of a tag,
/// whether it is well formed and whether it is the feed's default locale are kept by the tag's bytes
/// and reused. A tag is remembered by its exact bytes, which give exactly one string, so what the
/// cache answers is what checking the string again would.
final class TranslationTags {
    /// A tag and what the checks found.
    struct Tag {
        let text: String
        /// Whether `LanguageTag/isWellFormed(_:)` accepts it.
        let isWellFormed: Bool
        /// Whether it is equal, as a string, to the feed's default locale.
        let isDefaultLocale: Bool
    }

    /// The bytes of a short tag, zero-padded, and their count.
    private struct Spelling: Equatable {
        static let capacity = 16
        var count = 0
        var low: UInt64 = 0
        var high: UInt64 = 0

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count <= Self.capacity else { return nil }
            count = bytes.count
            for (offset, byte) in bytes.enumerated() {
                if offset < 8 {
                    low |= UInt64(byte) << (offset * 8)
                } else {
                    high |= UInt64(byte) << ((offset - 8) * 8)
                }
            }
        }
    }

    /// At most this many tags are remembered, so a feed of many different tags costs no more per look-up.
    private static let capacity = 16

    private let defaultLocale: String
    /// Only ``tag(_:)`` reads or writes it, and never re-entrantly, so the run-time exclusivity check
    /// is left out.
    @exclusivity(unchecked) private var known: [(spelling: Spelling, tag: Tag)] = []

    init(defaultLocale: String) {
        self.defaultLocale = defaultLocale
    }

    /// The tag that the string node `key` holds.
    func tag(_ key: JSONTape.Node) -> Tag {
        guard let bytes = key.unescapedText, let spelling = Spelling(bytes) else { return tag(key.stringValue!) }
        if let known = known.first(where: { $0.spelling == spelling }) { return known.tag }
        let tag = tag(String(decoding: bytes, as: UTF8.self))
        if known.count < Self.capacity { known.append((spelling, tag)) }
        return tag
    }

    private func tag(_ text: String) -> Tag {
        Tag(text: text, isWellFormed: LanguageTag.isWellFormed(text), isDefaultLocale: text == defaultLocale)
    }
}
