/// The platform's default state store.
public enum AnnouncementStateStores {
    /// `UserDefaults` on Apple platforms, a file in the user's data directory elsewhere.
    public static func makeDefault() -> any AnnouncementStateStore {
        #if canImport(Darwin)
            UserDefaultsAnnouncementStateStore()
        #else
            FileAnnouncementStateStore(directory: FileAnnouncementStateStore.defaultDirectory)
        #endif
    }
}
