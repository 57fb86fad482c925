public import Foundation

/// One announcement: a banner with a title, a message, a style and an optional action, plus the
/// rules that say when, where and to whom it shows.
///
/// Announcements come from a feed (see ``FeedDecoder``), from `JSONDecoder` (one feed item), or are
/// written in code:
///
/// ```swift
/// let maintenance = Announcement(
///     id: "maintenance-2026-12-05",
///     title: "Scheduled Maintenance",
///     message: "We'll be down Saturday 2-4 AM UTC.",
///     style: .warning,
///     action: .url(URL(string: "https://status.example.com")!),
///     actionLabel: "Status",
///     priority: 100,
///     isDismissible: false
/// )
/// ```
public struct Announcement: Sendable, Hashable, Identifiable {
    /// The fields below, kept in one compact allocation that copies share until one of them
    /// changes (see `Announcement+Storage.swift`).
    private var storage: Storage

    /// Identity for dismissal, impressions and de-duplication; never empty.
    public var id: String {
        get { storage.fields.id }
        set { storage.fields.id = newValue }
    }
    /// Bump it to show a changed announcement again to people who dismissed an earlier revision.
    public var revision: Int {
        get { storage.fields.revision }
        set { storage.fields.revision = newValue }
    }
    /// The banner's title in the reader's language: the device's preferred language, else the text's
    /// default (see ``localizedTitle``). Setting it makes the title the same in every language.
    public var title: String {
        get { storage.fields.title.resolved(for: Announcement.readerLocale) }
        set { storage.fields.title = LocalizedText(newValue) }
    }
    /// The banner's message in the reader's language, as ``title`` is (see ``localizedMessage``).
    public var message: String {
        get { storage.fields.message.resolved(for: Announcement.readerLocale) }
        set { storage.fields.message = LocalizedText(newValue) }
    }
    /// The banner's title, plain or with its translations.
    public var localizedTitle: LocalizedText {
        get { storage.fields.title }
        set { storage.fields.title = newValue }
    }
    /// The banner's message, plain or with its translations.
    public var localizedMessage: LocalizedText {
        get { storage.fields.message }
        set { storage.fields.message = newValue }
    }
    /// How the banner looks and how urgent it is.
    public var style: Style {
        get { storage.fields.style }
        set { storage.fields.style = newValue }
    }
    /// What tapping the banner's action button does; ``Action/dismiss`` without an ``actionLabel``
    /// shows no action button.
    public var action: Action {
        get { storage.fields.action }
        set { storage.fields.action = newValue }
    }
    /// The action button's title, plain or localized; `nil` lets the presentation choose one for the
    /// kind of action.
    public var actionLabel: LocalizedText? {
        get { storage.fields.actionLabel }
        set { storage.fields.actionLabel = newValue }
    }
    /// Higher shows first; equal priorities keep feed order.
    public var priority: Int {
        get { storage.fields.priority }
        set { storage.fields.priority = newValue }
    }
    /// The first instant at which the announcement may show; `nil` means it already may.
    public var startDate: Date? {
        get { storage.fields.startDate }
        set { storage.fields.startDate = newValue }
    }
    /// The instant from which the announcement no longer shows (exclusive); `nil` means never ends.
    public var endDate: Date? {
        get { storage.fields.endDate }
        set { storage.fields.endDate = newValue }
    }
    /// A recurring window inside `[startDate, endDate)`, such as weekdays 09:00–17:00 in Berlin.
    public var schedule: Schedule? {
        get { storage.fields.schedule }
        set { storage.fields.schedule = newValue }
    }
    /// `false` shows no close button and makes dismissal refuse.
    public var isDismissible: Bool {
        get { storage.fields.isDismissible }
        set { storage.fields.isDismissible = newValue }
    }
    /// How many seconds a dismissal lasts; `nil` means for good (for this ``revision``).
    public var dismissFor: TimeInterval? {
        get { storage.fields.dismissFor }
        set { storage.fields.dismissFor = newValue }
    }
    /// The segment it is for; ``Audience/all`` matches everyone.
    public var targetAudience: Audience {
        get { storage.fields.targetAudience }
        set { storage.fields.targetAudience = newValue }
    }
    /// Targeting by platform, versions, locale, segments, rollout and rules.
    public var audience: AudienceRules? {
        get { storage.fields.audience }
        set { storage.fields.audience = newValue }
    }
    /// Impression caps.
    public var frequency: Frequency? {
        get { storage.fields.frequency }
        set { storage.fields.frequency = newValue }
    }
    /// Names of the screens where it may show; `nil` means every placement.
    public var placements: [String]? {
        get { storage.fields.placements }
        set { storage.fields.placements = newValue }
    }
    /// A presentation hint: hide (not dismiss) the banner after this many seconds.
    public var autoDismissAfter: TimeInterval? {
        get { storage.fields.autoDismissAfter }
        set { storage.fields.autoDismissAfter = newValue }
    }
    /// A draft shows only on test devices (``AnnouncementContext/isTestDevice``); elsewhere it is
    /// excluded as an audience mismatch. The feed's `draft`.
    public var isDraft: Bool {
        get { storage.fields.isDraft }
        set { storage.fields.isDraft = newValue }
    }
    /// The event that must have happened for it to show; `nil` shows it without one.
    public var trigger: Trigger? {
        get { storage.fields.extras?.trigger }
        set { storage.fields.updateExtras { $0.trigger = newValue } }
    }
    /// The wordings of an A/B test, one per user (see ``variant(for:)``); empty when there is no test.
    public var variants: [Variant] {
        get { storage.fields.extras?.variants ?? [] }
        set { storage.fields.updateExtras { $0.variants = newValue } }
    }
    /// The event that counts as a conversion after an impression; `nil` when none does.
    public var goal: Goal? {
        get { storage.fields.extras?.goal }
        set { storage.fields.updateExtras { $0.goal = newValue } }
    }
    /// How the announcement is presented: a banner (the default), a modal card or a sheet.
    public var format: Format {
        get { storage.fields.format }
        set { storage.fields.format = newValue }
    }
    /// An image shown with the announcement; `nil` for text only.
    public var image: Image? {
        get { storage.fields.extras?.image }
        set { storage.fields.updateExtras { $0.image = newValue } }
    }
    /// The id of the variant whose fields this announcement shows: set on the announcements of a
    /// selection (see ``applyingVariant(for:)``), and so on every event about them; `nil` for an
    /// announcement without variants and for one as the feed holds it.
    public internal(set) var variantID: String? {
        get { storage.fields.extras?.variantID }
        set { storage.fields.updateExtras { $0.variantID = newValue } }
    }

    /// Creates an announcement; every parameter after `message` has the feed format's default.
    public init(
        id: String,
        revision: Int = 0,
        title: LocalizedText,
        message: LocalizedText,
        style: Style = .info,
        action: Action = .dismiss,
        actionLabel: LocalizedText? = nil,
        priority: Int = 0,
        startDate: Date? = nil,
        endDate: Date? = nil,
        schedule: Schedule? = nil,
        isDismissible: Bool = true,
        dismissFor: TimeInterval? = nil,
        targetAudience: Audience = .all,
        audience: AudienceRules? = nil,
        frequency: Frequency? = nil,
        placements: [String]? = nil,
        autoDismissAfter: TimeInterval? = nil,
        isDraft: Bool = false,
        trigger: Trigger? = nil,
        variants: [Variant] = [],
        goal: Goal? = nil,
        format: Format = .banner,
        image: Image? = nil
    ) {
        storage = Storage(
            Fields(
                id: id,
                revision: revision,
                title: title,
                isDismissible: isDismissible,
                message: message,
                style: style,
                action: action,
                isDraft: isDraft,
                actionLabel: actionLabel,
                format: format,
                priority: priority,
                startDate: startDate,
                endDate: endDate,
                schedule: schedule,
                dismissFor: dismissFor,
                targetAudience: targetAudience,
                audience: audience,
                frequency: frequency,
                placements: placements,
                autoDismissAfter: autoDismissAfter,
                extras: Extras(trigger: trigger, variants: variants, goal: goal, image: image).nonEmpty
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
        action: Action = .dismiss,
        priority: Int = 0,
        startDate: Date? = nil,
        endDate: Date? = nil,
        isDismissible: Bool = true,
        targetAudience: Audience = .all
    ) {
        self.init(
            id: id, title: LocalizedText(title), message: LocalizedText(message), style: style, action: action,
            priority: priority, startDate: startDate, endDate: endDate, isDismissible: isDismissible,
            targetAudience: targetAudience)
    }

    /// The language ``title`` and ``message`` are read in: the device's preferred language, read once.
    package static let readerLocale: String? = AnnouncementContext.current.locale
}
