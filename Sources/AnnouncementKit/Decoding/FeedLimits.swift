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
/// | targeting rule | ``maximumRuleDepth`` (64 levels), ``maximumRuleNodes`` (2,000 values) | the item is dropped |
/// | durations (`dismissFor`, …) | ``maximumSeconds`` (10 years) | the item is dropped |
/// | action URL | ``ActionPolicy/maximumLength`` (2,048 characters) | the item is dropped |
///
/// The remote provider also stops reading a body after
/// ``RemoteProviderConfiguration/maximumBodySize`` (1 MiB by default), well under the feed size limit.
public enum FeedLimits {
    /// The largest feed read, in bytes; larger ones are rejected before parsing.
    public static let maximumFeedBytes = 8 * 1024 * 1024
    /// The most announcements read from one feed; the rest are dropped with one diagnostic.
    public static let maximumAnnouncements = 10_000
    /// The longest `id`, in characters.
    public static let maximumIDLength = 128
    /// The longest title or action label, in characters (per language).
    public static let maximumTitleLength = 300
    /// The longest message, in characters (per language).
    public static let maximumMessageLength = 5000
    /// The deepest nesting of arrays and objects inside a targeting rule.
    public static let maximumRuleDepth = 64
    /// The most JSON values (operators, arguments, literals) in one targeting rule.
    public static let maximumRuleNodes = 2000
    /// The longest duration a feed may give (`dismissFor`, `autoDismissAfter`, `minimumInterval`), in seconds.
    public static let maximumSeconds: Double = 10 * 366 * 24 * 60 * 60

    /// The first character of `text` that a title-like text may not hold, with its index: C0 and C1
    /// controls (a message may hold newline and tab), and in ids also invisible format characters such as
    /// U+200B ZERO WIDTH SPACE and U+202E RIGHT-TO-LEFT OVERRIDE.
    static func forbiddenScalar(in text: String, allowLineBreaks: Bool, forbidInvisible: Bool)
        -> (index: Int, scalar: Unicode.Scalar)?
    {
        // Control characters (Cc) are exactly U+0000–U+001F and U+007F–U+009F, so they need no
        // property look-up; only the invisible check asks for the general category, and only of
        // non-ASCII scalars (ASCII has no format characters).
        for (index, scalar) in text.unicodeScalars.enumerated() {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) {
                if allowLineBreaks, scalar == "\n" || scalar == "\t" || scalar == "\r" { continue }
                return (index, scalar)
            }
            if forbidInvisible, value >= 0x80, scalar.properties.generalCategory == .format {
                return (index, scalar)
            }
        }
        return nil
    }

    /// `U+200B` for a scalar.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
