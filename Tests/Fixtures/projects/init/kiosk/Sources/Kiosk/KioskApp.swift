#if canImport(SwiftUI)
    import SwiftUI

    @main
    struct KioskApp: App {
        var body: some Scene {
            WindowGroup {
                KioskView()
            }
        }
    }

    struct KioskView: View {
        var body: some View { Text("Kiosk") }
    }
#else
    /// Where SwiftUI does not exist (Linux), the app is a program that says so; it still builds with
    /// AnnouncementKit and AnnouncementKitUI linked, which is what scripts/check-init-build checks.
    @main
    enum KioskMain {
        static func main() {
            print("Kiosk shows its banners with SwiftUI; this build links AnnouncementKit")
        }
    }
#endif
