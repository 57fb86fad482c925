public import Foundation

/// Everything a banner shows and says, decided once for every platform: the SwiftUI view, the
/// terminal renderer and the HTML preview only draw it.
///
/// ```swift
/// let appearance = BannerAppearance(announcement: maintenance, locale: "de-AT", defaultLocale: "en")
/// appearance.title                      // "Geplante Wartung"
/// appearance.iconName                   // "exclamationmark.triangle.fill"
/// appearance.accessibilityAnnouncement  // "Warnung: Geplante Wartung. Wegen eines …"
/// ```
///
/// Text is kept exactly as the feed gives it; the view decides how to fit it.
public struct BannerAppearance: Sendable, Hashable {
    /// The announcement's id.
    public var id: String
    /// The announcement's style.
    public var style: Announcement.Style
    /// The SF Symbol name of the banner's icon.
    public var iconName: String
    /// The colour token; ``BannerTint/colors(for:)`` gives concrete colours.
    public var tint: BannerTint
    /// The title in the user's language.
    public var title: String
    /// The message in the user's language.
    public var message: String
    /// The action button's title: the announcement's action label, else a default for its type; `nil`
    /// (no action button) for a `dismiss` action without a label.
    public var actionTitle: String?
    /// The action's type; `nil` when there is no action button.
    public var actionType: Announcement.Action.ActionType?
    /// The action's URL as written in the feed (`url` and `deepLink` actions); `nil` otherwise.
    public var actionDestination: String?
    /// Whether the banner has a close button (the announcement's `isDismissible`).
    public var showsDismissButton: Bool
    /// The close button's accessibility label, such as "Dismiss announcement".
    public var dismissAccessibilityLabel: String
    /// What VoiceOver says when the banner appears: for warning and critical banners the style word
    /// first ("Warning: Scheduled Maintenance. We'll be down …"), otherwise the title and the message.
    public var accessibilityAnnouncement: String
    /// Whether the banner is urgent (warning and critical): the view announces it at high priority
    /// and, on platforms that have it, marks it as an alert.
    public var isUrgent: Bool
    /// Seconds after which the view hides the banner (hiding is not dismissing: it shows again
    /// next time it is selected).
    ///
    /// `nil` when the feed gives none, when it is not positive, and always for a banner that cannot
    /// be dismissed: a message the user cannot close is one they must be able to read, so it never
    /// disappears on a timer. The view should also ignore it while VoiceOver or Switch Control runs,
    /// so that the time to read it is not limited (WCAG 2.2.1).
    public var autoDismissAfter: TimeInterval?
    /// Where the banner appears (for the ``Announcement/Format/banner`` format; modals are centred and
    /// sheets rise from the bottom).
    public var position: AnnouncementBannerPosition
    /// How the announcement is presented: a banner, a modal card or a sheet.
    public var format: Announcement.Format
    /// The announcement's image, with its alt text in the reader's language; `nil` for text only.
    public var image: BannerImage?
    /// The VoiceOver hint of the action button: `BannerStrings` for a `dismiss` action,
    /// else `BannerStrings`; `nil` when there is no action button.
    public var actionAccessibilityHint: String?
    /// The VoiceOver hint of the close button, such as "Removes the announcement.".
    public var dismissAccessibilityHint: String
    /// The VoiceOver name of an inline card's container (`BannerStrings`, such as
    /// "Announcement").
    public var containerAccessibilityLabel: String

    /// Resolves the announcement's text for `locale` (falling back to `defaultLocale`) and decides
    /// the banner's icon, colours, button titles and accessibility text; the words the banner adds
    /// (default button titles, labels, hints) are the package's words for `locale`.
    ///
    /// An app rarely needs it (``AnnouncementManager/appearance(of:position:)`` gives the appearance in
    /// the manager's language); a SwiftUI preview of `AnnouncementBannerView` uses it:
    ///
    /// ```swift
    /// AnnouncementBannerView(
    ///     appearance: BannerAppearance(announcement: maintenance, locale: "en", defaultLocale: "en"),
    ///     onAction: {})
    /// ```
    public init(
        announcement: Announcement, locale: String?, defaultLocale: String, position: AnnouncementBannerPosition = .top
    ) {
        self.init(
            announcement: announcement, locale: locale, defaultLocale: defaultLocale, position: position,
            strings: BannerStrings(locale: locale))
    }

    /// The same, with the words the banner adds given as `strings`.
    package init(
        announcement: Announcement, locale: String?, defaultLocale: String, position: AnnouncementBannerPosition = .top,
        strings: BannerStrings
    ) {
        id = announcement.id
        style = announcement.style
        iconName = Self.iconName(for: announcement.style)
        tint = BannerTint(style: announcement.style)
        title = announcement.localizedTitle.resolved(for: locale, defaultLocale: defaultLocale)
        message = announcement.localizedMessage.resolved(for: locale, defaultLocale: defaultLocale)
        let action = announcement.action
        let label = announcement.actionLabel?.resolved(for: locale, defaultLocale: defaultLocale)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if let label, !label.isEmpty {
            actionTitle = label
        } else {
            switch action {
            case .url: actionTitle = strings.learnMore
            case .deepLink: actionTitle = strings.open
            // Informational: the close button, when there is one, is the only control.
            case .dismiss: actionTitle = nil
            }
        }
        actionType = actionTitle == nil ? nil : action.type
        actionDestination = action.value
        showsDismissButton = announcement.isDismissible
        dismissAccessibilityLabel = strings.dismissAnnouncement
        isUrgent = announcement.style == .warning || announcement.style == .critical
        let spoken = Self.sentence(title, message)
        switch announcement.style {
        case .warning: accessibilityAnnouncement = "\(strings.warning): \(spoken)"
        case .critical: accessibilityAnnouncement = "\(strings.critical): \(spoken)"
        case .info, .success, .promotion: accessibilityAnnouncement = spoken
        }
        if announcement.isDismissible, let seconds = announcement.autoDismissAfter, seconds > 0 {
            autoDismissAfter = seconds
        } else {
            autoDismissAfter = nil
        }
        self.position = position
        format = announcement.format
        image = BannerImage.resolving(announcement, format: format, locale: locale, defaultLocale: defaultLocale)
        actionAccessibilityHint =
            actionTitle == nil ? nil : action.type == .dismiss ? strings.dismissHint : strings.actionHint
        dismissAccessibilityHint = strings.dismissHint
        containerAccessibilityLabel = strings.announcement
    }

    /// The SF Symbol for a style.
    package static func iconName(for style: Announcement.Style) -> String {
        switch style {
        case .info: "info.circle.fill"
        case .warning: "exclamationmark.triangle.fill"
        case .success: "checkmark.circle.fill"
        case .promotion: "megaphone.fill"
        case .critical: "xmark.octagon.fill"
        }
    }

    /// The title and the message as one spoken text: a full stop between them unless the title
    /// already ends with punctuation (an ideographic full stop after CJK text).
    private static func sentence(_ title: String, _ message: String) -> String {
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        let message = message.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = title.last else { return message }
        guard !message.isEmpty else { return title }
        if last.isPunctuation { return title + (DisplayWidth.of(last) == 2 ? "" : " ") + message }
        return DisplayWidth.of(last) == 2 ? title + "。" + message : title + ". " + message
    }
}
