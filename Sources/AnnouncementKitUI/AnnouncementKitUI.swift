#if canImport(SwiftUI)
    // AnnouncementKitUI is the SwiftUI layer over AnnouncementKit; importing it brings the core along.
    @_exported public import AnnouncementKit
#endif
