extension Announcement {
    /// How an announcement is presented: a banner at the app's chosen position, a modal card or a sheet.
    ///
    /// A feed may name a format this version does not know; the decoder then uses ``banner`` and reports a
    /// warning, so a feed written for a newer app still shows. Inline cards
    /// (`AnnouncementCard(placement:)` in AnnouncementKitUI) show an announcement of any format in a layout.
    public enum Format: String, Sendable, Hashable, CaseIterable, Codable {
        /// A bar at the top or bottom of the screen, or a floating card: the app chooses the position.
        case banner
        /// A centred card over a dimmed background that takes the user's attention until it is answered.
        case modal
        /// A full-width sheet with room for an image at the top, for "what's new" announcements.
        case sheet
    }
}

extension Announcement.Format {
    /// What a format means for every view and renderer, decided in one place: the layout
    /// (``BannerLayout``), the image's fallback shape, the SwiftUI modifier, the terminal renderer, the
    /// HTML preview and the decoder's warnings read these traits and never test the format itself, so a
    /// new format is a case of ``Announcement/Format`` and its entry in ``traits``.
    package struct Traits: Sendable, Hashable {
        /// Where an announcement of the format appears.
        package enum Placement: String, Sendable, Hashable {
            /// At the app's banner position (top, bottom or floating), over the content.
            case atPosition
            /// In the middle of the screen, over the content.
            case centred
            /// In a sheet rising from the bottom edge, presented by the system.
            case sheet
        }

        /// Where it appears.
        package var placement: Placement
        /// Whether it takes the screen until it is answered: the app behind is dimmed, takes no taps and
        /// is hidden from VoiceOver. One that cannot be dismissed and has no link then blocks the app, which
        /// the decoder warns of.
        package var takesScreen: Bool
        /// Whether its image stands full width above the title at ordinary text sizes (otherwise it is a
        /// small square beside the text, or in the terminal a line below it).
        package var imageAboveText: Bool
        /// Whether its buttons stand one above the other at ordinary text sizes.
        package var stacksButtons: Bool
        /// Whether its text scrolls at ordinary text sizes (at accessibility sizes every format's does).
        package var scrollsText: Bool
        /// The widest its content grows, in points; `nil` for the full width available.
        package var maximumContentWidth: Double?
        /// The image's width ÷ height when the feed gives none.
        package var imageAspectRatio: Double
    }

    /// This format's traits: the one place that says how it is presented.
    package var traits: Traits {
        switch self {
        case .banner:
            Traits(
                placement: .atPosition, takesScreen: false, imageAboveText: false, stacksButtons: false,
                scrollsText: false, maximumContentWidth: nil, imageAspectRatio: 1)
        case .modal:
            Traits(
                placement: .centred, takesScreen: true, imageAboveText: true, stacksButtons: true,
                scrollsText: false, maximumContentWidth: 400, imageAspectRatio: 16.0 / 9.0)
        case .sheet:
            Traits(
                placement: .sheet, takesScreen: true, imageAboveText: true, stacksButtons: true,
                scrollsText: true, maximumContentWidth: 600, imageAspectRatio: 16.0 / 9.0)
        }
    }
}
