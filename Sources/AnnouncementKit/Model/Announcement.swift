public import Foundation

/// One announcement: a banner with a title, a message, a style and an optional action, plus the
/// rules that say when, where and to whom it shows.
///
/// Announcements come from a feed (see ``FeedDecoder``) or are written in code:
///
/// ```swift
/// let maintenance = Announcement(
///     id: "maintenance-2026-12-05",
///     title: "Scheduled Maintenance",
///     message: "We'll be down Saturday 2-4 AM UTC.",
///     style: .warning,
///     action: .url("https://status.example.com", label: "Status"),
///     priority: 100,
///     isDismissible: false
/// )
/// ```
public struct Announcement: Sendable, Hashable, Identifiable {
    /// The stored fields, shared between copies until one of them changes (copy-on-write).
    ///
    /// Announcements are copied into queues, selections, events and explanations; sharing one
    /// allocation makes each copy a single reference instead of some 560 bytes and a dozen
    /// reference-count operations.
    private var storage: Storage

    /// Identity for dismissal, impressions and de-duplication; never empty.
    public var id: String {
        get { storage.fields.id }
        set { uniqueStorage().fields.id = newValue }
    }
    /// Bump it to show a changed announcement again to people who dismissed an earlier revision.
    public var revision: Int {
        get { storage.fields.revision }
        set { uniqueStorage().fields.revision = newValue }
    }
    /// The banner's title, plain or localized.
    public var title: LocalizedText {
        get { storage.fields.title }
        set { uniqueStorage().fields.title = newValue }
    }
    /// The banner's message, plain or localized.
    public var message: LocalizedText {
        get { storage.fields.message }
        set { uniqueStorage().fields.message = newValue }
    }
    /// How the banner looks and how urgent it is.
    public var style: Style {
        get { storage.fields.style }
        set { uniqueStorage().fields.style = newValue }
    }
    /// What tapping the banner's button does; `nil` shows no action button.
    public var action: Action? {
        get { storage.fields.action }
        set { uniqueStorage().fields.action = newValue }
    }
    /// Higher shows first; equal priorities keep feed order.
    public var priority: Int {
        get { storage.fields.priority }
        set { uniqueStorage().fields.priority = newValue }
    }
    /// The first instant at which the announcement may show; `nil` means it already may.
    public var startDate: Date? {
        get { storage.fields.startDate }
        set { uniqueStorage().fields.startDate = newValue }
    }
    /// The instant from which the announcement no longer shows (exclusive); `nil` means never ends.
    public var endDate: Date? {
        get { storage.fields.endDate }
        set { uniqueStorage().fields.endDate = newValue }
    }
    /// A recurring window inside `[startDate, endDate)`, such as weekdays 09:00–17:00 in Berlin.
    public var schedule: Schedule? {
        get { storage.fields.schedule }
        set { uniqueStorage().fields.schedule = newValue }
    }
    /// `false` shows no close button and makes dismissal refuse.
    public var isDismissible: Bool {
        get { storage.fields.isDismissible }
        set { uniqueStorage().fields.isDismissible = newValue }
    }
    /// How many seconds a dismissal lasts; `nil` means for good (for this ``revision``).
    public var dismissFor: TimeInterval? {
        get { storage.fields.dismissFor }
        set { uniqueStorage().fields.dismissFor = newValue }
    }
    /// A segment name; `"all"` matches everyone.
    public var targetAudience: String {
        get { storage.fields.targetAudience }
        set { uniqueStorage().fields.targetAudience = newValue }
    }
    /// Targeting by platform, versions, locale, segments, rollout and rules.
    public var audience: Audience? {
        get { storage.fields.audience }
        set { uniqueStorage().fields.audience = newValue }
    }
    /// Impression caps.
    public var frequency: Frequency? {
        get { storage.fields.frequency }
        set { uniqueStorage().fields.frequency = newValue }
    }
    /// Names of the screens where it may show; `nil` means every placement.
    public var placements: [String]? {
        get { storage.fields.placements }
        set { uniqueStorage().fields.placements = newValue }
    }
    /// A presentation hint: hide (not dismiss) the banner after this many seconds.
    public var autoDismissAfter: TimeInterval? {
        get { storage.fields.autoDismissAfter }
        set { uniqueStorage().fields.autoDismissAfter = newValue }
    }

    /// Every field of an announcement, stored once.
    private struct Fields: Sendable, Hashable {
        var id: String
        var revision: Int
        var title: LocalizedText
        var message: LocalizedText
        var style: Style
        var action: Action?
        var priority: Int
        var startDate: Date? {
            get { packedStartDate.value.map(Date.init(timeIntervalSinceReferenceDate:)) }
            set { packedStartDate = OptionalSeconds(newValue?.timeIntervalSinceReferenceDate) }
        }
        var endDate: Date? {
            get { packedEndDate.value.map(Date.init(timeIntervalSinceReferenceDate:)) }
            set { packedEndDate = OptionalSeconds(newValue?.timeIntervalSinceReferenceDate) }
        }
        var schedule: Schedule? {
            get { boxedSchedule?.value }
            set { boxedSchedule = newValue.map(Box.init) }
        }
        var isDismissible: Bool
        var dismissFor: TimeInterval? {
            get { packedDismissFor.value }
            set { packedDismissFor = OptionalSeconds(newValue) }
        }
        var targetAudience: String
        var audience: Audience?
        var frequency: Frequency?
        var placements: [String]?
        var autoDismissAfter: TimeInterval? {
            get { packedAutoDismissAfter.value }
            set { packedAutoDismissAfter = OptionalSeconds(newValue) }
        }

        // An optional `Double` takes 16 bytes in a struct and a `Schedule?` 72, though most
        // announcements have no schedule and few set every time: packing them keeps an announcement
        // about a quarter smaller.
        private var packedStartDate: OptionalSeconds
        private var packedEndDate: OptionalSeconds
        private var packedDismissFor: OptionalSeconds
        private var packedAutoDismissAfter: OptionalSeconds
        private var boxedSchedule: Box<Schedule>?

        init(
            id: String, revision: Int, title: LocalizedText, message: LocalizedText, style: Style, action: Action?,
            priority: Int, startDate: Date?, endDate: Date?, schedule: Schedule?, isDismissible: Bool,
            dismissFor: TimeInterval?, targetAudience: String, audience: Audience?, frequency: Frequency?,
            placements: [String]?, autoDismissAfter: TimeInterval?
        ) {
            self.id = id
            self.revision = revision
            self.title = title
            self.message = message
            self.style = style
            self.action = action
            self.priority = priority
            self.isDismissible = isDismissible
            self.targetAudience = targetAudience
            self.audience = audience
            self.frequency = frequency
            self.placements = placements
            packedStartDate = OptionalSeconds(startDate?.timeIntervalSinceReferenceDate)
            packedEndDate = OptionalSeconds(endDate?.timeIntervalSinceReferenceDate)
            packedDismissFor = OptionalSeconds(dismissFor)
            packedAutoDismissAfter = OptionalSeconds(autoDismissAfter)
            boxedSchedule = schedule.map(Box.init)
        }
    }

    /// A `Double?` in 8 bytes: `nil` is one NaN bit pattern that no arithmetic produces. Equality
    /// and hashing are those of the optional it stands for.
    private struct OptionalSeconds: Sendable, Hashable {
        private static let absent = UInt64(0x7FF4_A11C_E000_0001)
        private let bits: UInt64

        init(_ value: Double?) {
            bits = value?.bitPattern ?? Self.absent
        }

        var value: Double? {
            bits == Self.absent ? nil : Double(bitPattern: bits)
        }

        static func == (lhs: OptionalSeconds, rhs: OptionalSeconds) -> Bool {
            lhs.value == rhs.value
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(value)
        }
    }

    /// A value kept by reference, so that an absent one takes 8 bytes.
    private final class Box<Value: Sendable & Hashable>: Sendable, Hashable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }

        static func == (lhs: Box, rhs: Box) -> Bool {
            lhs === rhs || lhs.value == rhs.value
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(value)
        }
    }

    /// The box that copies share. It is changed only through ``uniqueStorage()``, which copies it
    /// first unless this value holds the only reference, so no two values ever see a change.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    /// The storage, copied first when another value shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.fields)
        }
        return storage
    }

    /// Whether two announcements have equal fields.
    public static func == (lhs: Announcement, rhs: Announcement) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes every field, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        storage.fields.hash(into: &hasher)
    }

    /// Creates an announcement; every parameter after `message` has the feed format's default.
    public init(
        id: String,
        revision: Int = 0,
        title: LocalizedText,
        message: LocalizedText,
        style: Style = .info,
        action: Action? = nil,
        priority: Int = 0,
        startDate: Date? = nil,
        endDate: Date? = nil,
        schedule: Schedule? = nil,
        isDismissible: Bool = true,
        dismissFor: TimeInterval? = nil,
        targetAudience: String = Announcement.everyone,
        audience: Audience? = nil,
        frequency: Frequency? = nil,
        placements: [String]? = nil,
        autoDismissAfter: TimeInterval? = nil
    ) {
        storage = Storage(
            Fields(
                id: id,
                revision: revision,
                title: title,
                message: message,
                style: style,
                action: action,
                priority: priority,
                startDate: startDate,
                endDate: endDate,
                schedule: schedule,
                isDismissible: isDismissible,
                dismissFor: dismissFor,
                targetAudience: targetAudience,
                audience: audience,
                frequency: frequency,
                placements: placements,
                autoDismissAfter: autoDismissAfter
            ))
    }

    /// Creates an announcement from plain strings, with the fields of the original template.
    ///
    /// Code written against the template's initializer compiles unchanged and means the same.
    public init(
        id: String,
        title: String,
        message: String,
        style: Style = .info,
        action: Action? = nil,
        priority: Int = 0,
        startDate: Date? = nil,
        endDate: Date? = nil,
        isDismissible: Bool = true,
        targetAudience: String = Announcement.everyone
    ) {
        self.init(
            id: id, title: LocalizedText(title), message: LocalizedText(message), style: style, action: action,
            priority: priority, startDate: startDate, endDate: endDate, isDismissible: isDismissible,
            targetAudience: targetAudience)
    }

    /// The `targetAudience` that matches everyone.
    public static let everyone = "all"
}
