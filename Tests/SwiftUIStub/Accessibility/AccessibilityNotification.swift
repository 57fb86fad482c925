// A declaration stub of the part of Apple's Accessibility framework that AnnouncementKitUI uses, so
// that scripts/typecheck-swiftui can type-check the SwiftUI layer on Linux. Never shipped, never
// linked: bodies trap. Each declaration names the Apple documentation page it mirrors.

// https://developer.apple.com/documentation/accessibility/accessibilitynotification
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public enum AccessibilityNotification {
    // https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement
    public struct Announcement {
        // https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/init(_:)
        public init(_ announcement: String) { fatalError() }

        // https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/post()
        public func post() { fatalError() }
    }
}
