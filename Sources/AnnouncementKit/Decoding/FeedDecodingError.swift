/// Why a whole feed was rejected: it is not UTF-8, not JSON, not shaped like a feed, of a
/// newer schema version, or too large. A rejected feed never replaces one that was already in use.
public struct FeedDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of whole-feed failure.
    public enum Kind: String, Sendable, Hashable {
        /// No bytes, or only whitespace.
        case empty
        /// The bytes are not well-formed UTF-8.
        case invalidUTF8
        /// The text is not JSON.
        case invalidJSON
        /// The JSON is not an object with an `announcements` array, or a feed-level field is wrong.
        case invalidShape
        /// `schemaVersion` is newer than this version of the package reads.
        case unsupportedSchemaVersion
        /// The feed is larger than `FeedLimits.maximumFeedBytes`.
        case tooLarge
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// The failure as a diagnostic: message, JSON path, line and column.
    public var diagnostic: Diagnostic

    /// Creates an error.
    package init(kind: Kind, diagnostic: Diagnostic) {
        self.kind = kind
        self.diagnostic = diagnostic
    }

    /// The diagnostic's text.
    public var description: String { diagnostic.description }
}
