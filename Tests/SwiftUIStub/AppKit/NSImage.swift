// A declaration stub of the part of Apple's AppKit that AnnouncementKitUI uses, so that
// scripts/typecheck-swiftui can type-check the layer's AppKit branch on Linux. Never shipped, never
// linked: bodies trap. Each declaration names the Apple documentation page it mirrors.

public import Foundation

// https://developer.apple.com/documentation/appkit/nsimage
// (An open class in the SDK; the stub declares only what the layer uses.)
public class NSImage {
    // https://developer.apple.com/documentation/appkit/nsimage/init(data:)
    public init?(data: Data) { fatalError() }
}
