// A declaration stub of the part of Apple's UIKit that AnnouncementKitUI uses, so that
// scripts/typecheck-swiftui can type-check the layer's UIKit branch on Linux. Never shipped, never
// linked: bodies trap. Each declaration names the Apple documentation page it mirrors.

public import Foundation

// https://developer.apple.com/documentation/uikit/uiimage
// (An open class in the SDK; the stub declares only what the layer uses.)
public class UIImage {
    // https://developer.apple.com/documentation/uikit/uiimage/init(data:)
    public init?(data: Data) { fatalError() }
}
