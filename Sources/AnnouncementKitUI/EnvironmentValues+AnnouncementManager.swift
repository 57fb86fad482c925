#if canImport(SwiftUI)
    public import AnnouncementKit
    public import SwiftUI

    /// The environment key behind ``SwiftUI/EnvironmentValues/announcementManager``.
    ///
    /// `defaultValue` is nonisolated, as SwiftUI's `EnvironmentKey` requires; the manager's
    /// initializer is nonisolated too (it only stores its inputs), so the one default manager can
    /// be made here, on whichever thread first reads it, and is used on the main actor.
    ///
    /// The default manager keeps its state in memory: it has no announcements to remember, and
    /// must never write to the store of the app's own manager.
    private struct AnnouncementManagerKey: EnvironmentKey {
        static let defaultValue = AnnouncementManager(
            provider: LocalAnnouncementProvider(announcements: []), store: InMemoryAnnouncementStateStore())
    }

    extension EnvironmentValues {
        /// The manager that ``SwiftUI/View/announcementBanner(position:placement:actionHandler:)``
        /// shows banners from; by default one over no announcements, so a view without a manager
        /// set shows no banner.
        ///
        /// ```swift
        /// @main struct MyApp: App {
        ///     @State private var manager = AnnouncementManager(provider: RemoteAnnouncementProvider(url: feedURL))
        ///
        ///     var body: some Scene {
        ///         WindowGroup {
        ///             ContentView()
        ///                 .announcementBanner()
        ///                 .environment(\.announcementManager, manager)
        ///         }
        ///     }
        /// }
        /// ```
        public var announcementManager: AnnouncementManager {
            get { self[AnnouncementManagerKey.self] }
            set { self[AnnouncementManagerKey.self] = newValue }
        }
    }
#endif
