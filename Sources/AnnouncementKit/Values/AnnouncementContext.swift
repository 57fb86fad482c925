public import Foundation

/// Who is looking and on what: the facts audience rules and targeting rules are matched against.
///
/// ```swift
/// let context = AnnouncementContext(
///     platform: "iOS", appVersion: SemanticVersion("3.4.1"), osVersion: SemanticVersion("17.5"), locale: "de-AT",
///     userID: account.id, segments: ["proUsers"], attributes: ["hasActiveTrial": false])
/// ```
public struct AnnouncementContext: Sendable, Hashable {
    /// The platform name: `iOS`, `iPadOS`, `macOS`, `tvOS`, `watchOS`, `visionOS` or `linux`.
    public var platform: String
    /// The app's version, such as `3.4.1`; `nil` fails every app-version rule.
    public var appVersion: SemanticVersion?
    /// The operating system's version, such as `17.5`; `nil` fails every OS-version rule.
    public var osVersion: SemanticVersion?
    /// The user's language tag, such as `de-AT`; `nil` fails every locale rule.
    public var locale: String?
    /// The signed-in user's id; rollouts use it, else ``installationID``.
    public var userID: String?
    /// A random id of this installation, kept by the state store; the rollout key without a user id.
    public var installationID: String?
    /// The segments the user belongs to, such as `proUsers`.
    public var segments: Set<String>
    /// App-supplied facts for targeting rules (strings, numbers, booleans).
    public var attributes: [String: JSONValue]
    /// When the app was first installed; gives `daysSinceInstall`.
    public var installDate: Date?
    /// Whether this is the first launch after installing.
    public var isFirstLaunch: Bool
    /// Whether this is the first launch after an update.
    public var isUpgrade: Bool
    /// Whether this device is one the team tests on: draft announcements show only there.
    public var isTestDevice: Bool

    /// Creates a context.
    public init(
        platform: String = AnnouncementContext.currentPlatform,
        appVersion: SemanticVersion? = nil,
        osVersion: SemanticVersion? = nil,
        locale: String? = nil,
        userID: String? = nil,
        installationID: String? = nil,
        segments: Set<String> = [],
        attributes: [String: JSONValue] = [:],
        installDate: Date? = nil,
        isFirstLaunch: Bool = false,
        isUpgrade: Bool = false,
        isTestDevice: Bool = false
    ) {
        self.platform = platform
        self.appVersion = appVersion
        self.osVersion = osVersion
        self.locale = locale
        self.userID = userID
        self.installationID = installationID
        self.segments = segments
        self.attributes = attributes
        self.installDate = installDate
        self.isFirstLaunch = isFirstLaunch
        self.isUpgrade = isUpgrade
        self.isTestDevice = isTestDevice
    }

    /// The platform this code was compiled for (`iOS` on iPhone and iPad alike).
    public static var currentPlatform: String {
        #if os(visionOS)
            "visionOS"
        #elseif os(iOS)
            "iOS"
        #elseif os(macOS)
            "macOS"
        #elseif os(tvOS)
            "tvOS"
        #elseif os(watchOS)
            "watchOS"
        #elseif os(Linux)
            "linux"
        #else
            "unknown"
        #endif
    }

    /// The id rollouts are keyed by: the user id, else the installation id, else the empty string.
    package var rolloutKey: String { userID ?? installationID ?? "" }

    /// Whole days since ``installDate`` at `date`, or `nil` without an install date; an install date too far
    /// away for an `Int` of days counts as `Int.min` or `Int.max` days.
    package func daysSinceInstall(at date: Date) -> Int? {
        installDate.map { Int(saturating: (date.timeIntervalSince($0) / 86_400).rounded(.down)) }
    }

    /// The data a targeting rule reads for `announcementID` at `date`: `appVersion`, `osVersion`,
    /// `platform`, `locale`, `language`, `region`, `userId`, `segments`, `attributes`, `now`,
    /// `daysSinceInstall`, `isFirstLaunch`, `isUpgrade`, `isTestDevice`, `events` (from `events`), and flagd's
    /// `targetingKey` and `$flagd`.
    package func ruleData(
        announcementID: String, at date: Date, events: [String: AnnouncementState.EventRecord] = [:]
    ) -> JSONValue {
        Self.ruleData(base: ruleDataBase(at: date, events: events), announcementID: announcementID)
    }

    /// The rule data without `$flagd`: what is the same for every announcement at `date`, with `events`
    /// (`{NAME: {"count": N, "last": Unix seconds}}`) from `events`.
    func ruleDataBase(at date: Date, events: [String: AnnouncementState.EventRecord] = [:]) -> [String: JSONValue] {
        let now = JSONValue.number(date.timeIntervalSince1970.rounded(.down))
        var data: [String: JSONValue] = [
            "platform": .string(platform),
            "segments": .array(segments.sorted().map(JSONValue.string)),
            "attributes": .object(attributes),
            "now": now,
            "isFirstLaunch": .bool(isFirstLaunch),
            "isUpgrade": .bool(isUpgrade),
            "isTestDevice": .bool(isTestDevice),
            "targetingKey": .string(rolloutKey),
        ]
        // Room for `$flagd` too, so that completing a copy does not grow and rehash it.
        data.reserveCapacity(16)
        data["events"] = Self.ruleData(events: events)
        data["appVersion"] = appVersion.map { .string($0.description) } ?? .null
        data["osVersion"] = osVersion.map { .string($0.description) } ?? .null
        data["userId"] = userID.map(JSONValue.string) ?? .null
        data["daysSinceInstall"] = daysSinceInstall(at: date).map { .number(Double($0)) } ?? .null
        if let locale {
            let subtags = LanguageTag.normalized(locale).split(separator: "-").map(String.init)
            data["locale"] = .string(locale)
            data["language"] = subtags.first.map(JSONValue.string) ?? .null
            let region = subtags.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
            data["region"] = region.map { .string($0.uppercased()) } ?? .null
        } else {
            data["locale"] = .null
            data["language"] = .null
            data["region"] = .null
        }
        return data
    }

    /// The `events` member of the rule data: each event's count and last occurrence (Unix seconds,
    /// rounded down as `now` is).
    static func ruleData(events: [String: AnnouncementState.EventRecord]) -> JSONValue {
        guard !events.isEmpty else { return .object([:]) }
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(events.count)
        for (name, record) in events {
            members[name] = .object([
                "count": .number(Double(record.count)),
                "last": .number(record.last.timeIntervalSince1970.rounded(.down)),
            ])
        }
        return .object(members)
    }

    /// `base` completed with `$flagd` for `announcementID`.
    static func ruleData(base: [String: JSONValue], announcementID: String) -> JSONValue {
        var data = base
        data["$flagd"] = ["flagKey": .string(announcementID), "timestamp": base["now"] ?? .null]
        return .object(data)
    }
}
