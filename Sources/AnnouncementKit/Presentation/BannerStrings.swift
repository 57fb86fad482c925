/// The words a banner adds to the feed's text: default action titles (a `dismiss` action without a
/// label has no button, so no title), the dismiss button's
/// accessibility label and the spoken style names.
///
/// The feed localizes its own text; these words come from the app. ``english`` is the default; an
/// app that ships other languages passes its own:
///
/// ```swift
/// var german = BannerStrings.english
/// german.learnMore = "Mehr erfahren"
/// german.dismissAnnouncement = "Mitteilung schließen"
/// ```
public struct BannerStrings: Sendable, Hashable {
    /// The title of a `url` action without a label.
    public var learnMore: String
    /// The title of a `deepLink` action without a label.
    public var open: String
    /// The accessibility label of the close button.
    public var dismissAnnouncement: String
    /// The word spoken before an urgent banner's text, such as "Warning".
    public var warning: String
    /// The word spoken before a critical banner's text, such as "Critical".
    public var critical: String

    /// Creates a set of strings.
    public init(
        learnMore: String, open: String, dismissAnnouncement: String, warning: String, critical: String
    ) {
        self.learnMore = learnMore
        self.open = open
        self.dismissAnnouncement = dismissAnnouncement
        self.warning = warning
        self.critical = critical
    }

    /// The English strings: "Learn More", "Open", "Dismiss announcement", "Warning", "Critical".
    public static let english = BannerStrings(
        learnMore: "Learn More", open: "Open", dismissAnnouncement: "Dismiss announcement",
        warning: "Warning", critical: "Critical")
}
