#if canImport(SwiftUI)
    import AnnouncementKit

    extension AnnouncementManager {
        /// What `announcement` shows and says in the manager's language (its context's locale, then
        /// its default locale): the one place the SwiftUI layer makes a ``BannerAppearance``, so every
        /// format and the inline card use the same words.
        func appearance(
            of announcement: Announcement, position: AnnouncementBannerPosition = .top
        ) -> BannerAppearance {
            BannerAppearance(
                announcement: announcement, locale: context.locale, defaultLocale: defaultLocale, position: position)
        }
    }
#endif
