import SwiftUI

/// An app's own banner code, named like the package's.
struct Announcement: Identifiable, Codable {
    var id: String
    var title: String
}

struct BannerView: View {
    var announcement: Announcement

    var body: some View {
        Text(announcement.title)
    }
}

enum Feedback {
    struct ToastView: View {
        var message: String

        var body: some View {
            Text(message)
        }
    }
}

extension Feedback.ToastView: Equatable {}

actor AnnouncementStore {
    private var seen: Set<String> = []
}
