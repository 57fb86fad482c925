/// The words a banner adds to the feed's text: default action titles (a `dismiss` action without a
/// label has no button, so no title), the close buttons' labels, VoiceOver hints and the spoken
/// style names.
///
/// The feed localizes its own text; these words come with the package, in English, German, French,
/// Spanish, Italian, Brazilian Portuguese, Japanese and Simplified Chinese. ``init(locale:)`` picks
/// them for a language tag with the look-up feed text uses (``LocalizedText/resolved(for:defaultLocale:)``,
/// with English as the default): `de-AT` reads German, `pt-PT` and `zh-Hant-TW` read English, since
/// the look-up only drops subtags from the end. A word missing in a language is read in English.
/// `BannerAppearance` uses the words for its `locale` unless it is given others:
///
/// ```swift
/// BannerStrings(locale: "de-AT").learnMore  // "Mehr erfahren"
/// BannerStrings(locale: "ja").close         // "閉じる"
///
/// var custom = BannerStrings(locale: "de")
/// custom.dismissAnnouncement = "Meldung schließen"
/// ```
///
/// The words are the package's resources, one JSON file per language
/// (`Resources/BannerStrings/TAG.json`, keys as the property names), read once on first use. A
/// language whose file is missing or cannot be read falls back to the English compiled into the
/// package, so the banner never shows without words. The files are JSON rather than a `.strings`
/// table or a String Catalog because the language is the app's context locale, not the process's:
/// `Bundle`'s localized strings are chosen by the process's preferred languages, and a String
/// Catalog (`.xcstrings`) is only compiled by Xcode (the open-source toolchain copies it as it is).
package struct BannerStrings: Sendable, Hashable {
    /// The title of a `url` action without a label, such as "Learn More".
    package var learnMore: String
    /// The title of a `deepLink` action without a label, such as "Open".
    package var open: String
    /// The accessibility label of a banner's close button, such as "Dismiss announcement".
    package var dismissAnnouncement: String
    /// The word spoken before an urgent banner's text, such as "Warning".
    package var warning: String
    /// The word spoken before a critical banner's text, such as "Critical".
    package var critical: String
    /// The title of the button that closes a modal or a sheet, such as "Close".
    package var close: String
    /// The VoiceOver hint of an action button that opens a link, such as "Opens the link.": what
    /// the button does, as a verb phrase without a subject.
    package var actionHint: String
    /// The VoiceOver hint of a close button and of an action that dismisses, such as "Removes the
    /// announcement.".
    package var dismissHint: String
    /// The accessibility label of an inline card's container, such as "Announcement".
    package var announcement: String
    /// The word spoken before an image's alternative text, such as "Image".
    package var image: String

    /// Creates a set of strings; the words not given are the English ones.
    package init(
        learnMore: String, open: String, dismissAnnouncement: String, warning: String, critical: String,
        close: String = "Close", actionHint: String = "Opens the link.",
        dismissHint: String = "Removes the announcement.", announcement: String = "Announcement",
        image: String = "Image"
    ) {
        self.learnMore = learnMore
        self.open = open
        self.dismissAnnouncement = dismissAnnouncement
        self.warning = warning
        self.critical = critical
        self.close = close
        self.actionHint = actionHint
        self.dismissHint = dismissHint
        self.announcement = announcement
        self.image = image
    }

    /// The package's words for `locale`, a language tag such as `de-AT` or `pt_BR`: the most specific
    /// language whose tag is a prefix of it by whole subtags, else English; word by word, a word the
    /// language lacks is the English one. `nil` gives English.
    ///
    /// The resources are read once, on the first call from any thread; later calls only look up.
    package init(locale: String?) {
        self = BannerStringsCatalog.bundled.strings(for: locale)
    }

    /// The English strings: "Learn More", "Open", "Dismiss announcement", "Warning", "Critical",
    /// "Close", "Opens the link.", "Removes the announcement.", "Announcement", "Image". Compiled in:
    /// the fallback when a language or its resource file is missing.
    package static let english = BannerStrings(
        learnMore: "Learn More", open: "Open", dismissAnnouncement: "Dismiss announcement",
        warning: "Warning", critical: "Critical")
}
