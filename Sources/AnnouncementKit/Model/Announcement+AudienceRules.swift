extension Announcement {
    /// Who an announcement is for, beyond its ``Announcement/targetAudience``: the feed's `audience`
    /// object. Every key that is set must match.
    ///
    /// Keys this version does not know are kept in ``unknownKeys``; an announcement with any of them
    /// never matches, so an old app stays safe against rules written for newer ones.
    public struct AudienceRules: Sendable, Hashable {
        /// Platforms it shows on, compared case-insensitively (`iOS`, `macOS`, `linux`, …).
        public var platforms: [String]?
        /// Lowest app version it shows on, inclusive.
        public var minAppVersion: SemanticVersion?
        /// Highest app version it shows on, inclusive.
        public var maxAppVersion: SemanticVersion?
        /// Lowest OS version it shows on, inclusive.
        public var minOSVersion: SemanticVersion?
        /// Highest OS version it shows on, inclusive.
        public var maxOSVersion: SemanticVersion?
        /// Language tags; any one that is a whole-subtag prefix of the user's locale matches.
        public var locales: [String]?
        /// Segment names; the user must be in at least one.
        public var segments: [String]?
        /// The share of users, 0–100, that see it; the choice is sticky per user and announcement.
        public var rolloutPercentage: Double?
        /// A JSON Logic rule over the context that must be truthy; parsed once, when the feed is decoded.
        public var targeting: TargetingRule?
        /// Keys found in the feed that this version does not understand, with their values.
        public var unknownKeys: [String: JSONValue]
        /// Features the app must support to show the announcement; a name not in
        /// `supportedCapabilities` makes it never match. The feed's `requires`.
        public var requires: [String]?

        /// Creates an audience; keys left `nil` do not restrict.
        public init(
            platforms: [String]? = nil,
            minAppVersion: SemanticVersion? = nil,
            maxAppVersion: SemanticVersion? = nil,
            minOSVersion: SemanticVersion? = nil,
            maxOSVersion: SemanticVersion? = nil,
            locales: [String]? = nil,
            segments: [String]? = nil,
            rolloutPercentage: Double? = nil,
            targeting: TargetingRule? = nil,
            unknownKeys: [String: JSONValue] = [:],
            requires: [String]? = nil
        ) {
            self.platforms = platforms
            self.minAppVersion = minAppVersion
            self.maxAppVersion = maxAppVersion
            self.minOSVersion = minOSVersion
            self.maxOSVersion = maxOSVersion
            self.locales = locales
            self.segments = segments
            self.rolloutPercentage = rolloutPercentage
            self.targeting = targeting
            self.unknownKeys = unknownKeys
            self.requires = requires
        }

        /// The feature names this version supports in ``requires``: `triggers`, `variants`, `formats`,
        /// `images`, `drafts`.
        package static let supportedCapabilities: [String] = ["triggers", "variants", "formats", "images", "drafts"]

        /// The platform names the feed format defines.
        package static let knownPlatforms = ["iOS", "iPadOS", "macOS", "tvOS", "watchOS", "visionOS", "linux"]
    }
}
