extension Announcement {
    /// The segment an announcement is for: ``all``, one of the template's segments, or any name the
    /// app uses.
    ///
    /// ```swift
    /// Announcement(id: "promo", title: "40% off", message: "This week only.", targetAudience: .freeUsers)
    /// Announcement(id: "beta", title: "Try the beta", message: "…", targetAudience: "beta-testers")
    /// ```
    ///
    /// ``all`` matches everyone. Any other name matches when it is one of the context's
    /// ``AnnouncementContext/segments`` or when the manager's ``AudienceResolver`` says so. The
    /// template's names are ordinary segment names: nobody is a free user until the app says so.
    public struct Audience: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
        CustomStringConvertible
    {
        /// The segment name.
        public let rawValue: String

        /// The audience named `rawValue`; `nil` for an empty name, which names no segment.
        public init?(rawValue: String) {
            guard !rawValue.isEmpty else { return nil }
            self.rawValue = rawValue
        }

        /// The audience named by a string literal, such as `"beta-testers"`.
        public init(stringLiteral value: String) {
            rawValue = value
        }

        /// Decodes a segment name; an empty one is an error.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let name = try container.decode(String.self)
            guard !name.isEmpty else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a segment name is not empty")
            }
            rawValue = name
        }

        /// Encodes the segment name.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// The segment name.
        public var description: String { rawValue }

        /// Everyone.
        public static let all: Audience = "all"
        /// Users without a subscription: the segment `freeUsers`.
        public static let freeUsers: Audience = "freeUsers"
        /// Subscribers: the segment `proUsers`.
        public static let proUsers: Audience = "proUsers"
        /// Users who installed the app recently: the segment `newUsers`.
        public static let newUsers: Audience = "newUsers"
    }
}
