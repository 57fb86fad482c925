/// The limits ``FeedDecoder`` enforces, so that a hostile or broken feed costs bounded time and memory
/// and cannot put unreadable text on screen.
///
/// | what | limit | when exceeded |
/// |---|---|---|
/// | feed size | ``maximumFeedBytes`` (8 MiB) | the feed is rejected (``FeedDecodingError/Kind/tooLarge``) |
/// | JSON nesting | 256 levels | the feed is rejected as invalid JSON |
/// | announcements | ``maximumAnnouncements`` (10,000) | the items after it are dropped, with one error |
/// | `id` | ``maximumIDLength`` (128 characters), no control or invisible characters | the item is dropped |
/// | title, action label | ``maximumTitleLength`` (300 characters), no control characters | the item is dropped |
/// | message | ``maximumMessageLength`` (5,000 characters), no control characters but newline and tab | the item is dropped |
/// | `audience.requires` | ``maximumRequiredFeatures`` (64 names) | the item is dropped |
/// | targeting rule | ``maximumRuleDepth`` (64 levels), ``maximumRuleNodes`` (2,000 values) | the item is dropped |
/// | durations (`dismissFor`, …) | ``maximumSeconds`` (10 years) | the item is dropped |
/// | action URL | `ActionPolicy.maximumLength` (2,048 characters) | the item is dropped |
///
/// The remote provider also stops reading a body after
/// ``RemoteProviderConfiguration/maximumBodySize`` (1 MiB by default), well under the feed size limit.
package enum FeedLimits {
    /// The largest feed read, in bytes; larger ones are rejected before parsing.
    package static let maximumFeedBytes = 8 * 1024 * 1024
    /// The most announcements read from one feed; the rest are dropped with one diagnostic.
    package static let maximumAnnouncements = 10_000
    /// The longest `id`, in characters.
    package static let maximumIDLength = 128
    /// The longest title or action label, in characters (per language).
    package static let maximumTitleLength = 300
    /// The longest message, in characters (per language).
    package static let maximumMessageLength = 5000
    /// The deepest nesting of arrays and objects inside a targeting rule.
    package static let maximumRuleDepth = 64
    /// The most JSON values (operators, arguments, literals) in one targeting rule.
    package static let maximumRuleNodes = 2000
    /// The most variants one announcement may have.
    package static let maximumVariants = 100
    /// The most entries of one item's `audience.requires`; a longer list is an error and the item is dropped.
    /// The features a version knows are a handful, so 64 leaves room for every later one.
    package static let maximumRequiredFeatures = 64
    /// The largest weight of one variant; with ``maximumVariants`` the weights sum to less than 2^32.
    package static let maximumVariantWeight = 1_000_000
    /// The longest duration a feed may give (`dismissFor`, `autoDismissAfter`, `minimumInterval`), in seconds.
    package static let maximumSeconds: Double = 10 * 366 * 24 * 60 * 60

    /// The first character of `text` that a title-like text may not hold, with its index: C0 and C1
    /// controls (a message may hold newline and tab), and in ids also invisible format characters such as
    /// U+200B ZERO WIDTH SPACE and U+202E RIGHT-TO-LEFT OVERRIDE.
    static func forbiddenScalar(in text: String, allowLineBreaks: Bool, forbidInvisible: Bool)
        -> (index: Int, scalar: Unicode.Scalar)?
    {
        let scan = text.utf8.withContiguousStorageIfAvailable { bytes in
            forbiddenControl(inUTF8: bytes, allowLineBreaks: allowLineBreaks, stopAtNonASCII: forbidInvisible)
        }
        switch scan {
        case .clean?: return nil
        case .found(let index, let scalar)?: return (index, scalar)
        case .needsScalars?, nil:
            return forbiddenScalarByScalars(
                in: text, allowLineBreaks: allowLineBreaks, forbidInvisible: forbidInvisible)
        }
    }

    /// What a scan of the UTF-8 bytes found.
    enum ControlScan: Equatable {
        case clean
        case found(index: Int, scalar: Unicode.Scalar)
        /// A non-ASCII scalar came before any control character, and only its properties can tell.
        case needsScalars
    }

    /// The first control character in well-formed UTF-8 `bytes`, with its index in scalars, found without
    /// decoding: C0 controls and DEL are single bytes, and a C1 control U+0080–U+009F is the byte 0xC2
    /// followed by 0x80–0x9F (the second byte is then the scalar's value). When `stopAtNonASCII` is set the
    /// scan gives up at the first non-ASCII scalar, which the invisible-character check must look up.
    static func forbiddenControl(inUTF8 bytes: UnsafeBufferPointer<UInt8>, allowLineBreaks: Bool, stopAtNonASCII: Bool)
        -> ControlScan
    {
        var scalars = 0
        var offset = 0
        var afterC2 = false
        while offset < bytes.count {
            // Printable ASCII needs no look: step over it sixteen bytes at a time.
            let next = ByteScan.first(
                in: bytes, from: offset,
                flags: { ByteScan.below($0, 0x20) .| ByteScan.equal($0, 0x7F) .| ByteScan.nonASCII($0) },
                matches: { $0 < 0x20 || $0 >= 0x7F })
            if next > offset {
                scalars += next - offset
                afterC2 = false
                offset = next
                guard offset < bytes.count else { break }
            }
            let byte = bytes[offset]
            offset += 1
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F,
                    !(allowLineBreaks && (byte == 0x0A || byte == 0x09))
                {
                    return .found(index: scalars, scalar: Unicode.Scalar(byte))
                }
                scalars += 1
                afterC2 = false
            } else if byte < 0xC0 {
                // A continuation byte: the scalar was counted at its lead byte.
                if afterC2, byte <= 0x9F { return .found(index: scalars - 1, scalar: Unicode.Scalar(byte)) }
                afterC2 = false
            } else {
                if stopAtNonASCII { return .needsScalars }
                scalars += 1
                afterC2 = byte == 0xC2
            }
        }
        return .clean
    }

    /// ``forbiddenScalar(in:allowLineBreaks:forbidInvisible:)`` scalar by scalar, with Unicode property
    /// look-ups: what the byte scan falls back to when an id holds non-ASCII text.
    static func forbiddenScalarByScalars(in text: String, allowLineBreaks: Bool, forbidInvisible: Bool)
        -> (index: Int, scalar: Unicode.Scalar)?
    {
        // Control characters (Cc) are exactly U+0000–U+001F and U+007F–U+009F, so they need no
        // property look-up; only the invisible check asks for the general category, and only of
        // non-ASCII scalars (ASCII has no format characters).
        for (index, scalar) in text.unicodeScalars.enumerated() {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) {
                if allowLineBreaks, scalar == "\n" || scalar == "\t" { continue }
                return (index, scalar)
            }
            if forbidInvisible, value >= 0x80, isInvisible(scalar) {
                return (index, scalar)
            }
        }
        return nil
    }

    /// Whether `scalar` draws nothing, so it can hide in an id or a link: a format character (U+200B,
    /// U+202E, …), or any other default-ignorable code point (Hangul fillers U+115F, U+1160, U+3164,
    /// U+FFA0; variation selectors; U+034F), or U+2800 BRAILLE PATTERN BLANK.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x80 else { return false }
        let properties = scalar.properties
        return properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint || scalar.value == 0x2800
    }

    /// `U+200B` for a scalar.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
