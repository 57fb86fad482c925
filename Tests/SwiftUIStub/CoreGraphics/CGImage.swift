// A declaration stub of the part of Apple's CoreGraphics (and the CoreFoundation types it re-exports)
// that AnnouncementKitUI uses, so that scripts/typecheck-swiftui can type-check the layer's image
// decoding on Linux. Never shipped, never linked: bodies trap. Each declaration names the Apple
// documentation page it mirrors.

public import Foundation

// https://developer.apple.com/documentation/coregraphics/cgimage
// (A CoreFoundation type; the SDK declares it `@unchecked Sendable`.)
public final class CGImage: @unchecked Sendable {
    private init() { fatalError() }

    // https://developer.apple.com/documentation/coregraphics/cgimage/width
    public var width: Int { fatalError() }

    // https://developer.apple.com/documentation/coregraphics/cgimage/height
    public var height: Int { fatalError() }
}

// In the SDK these are CoreFoundation types, toll-free bridged to NSData, NSDictionary and NSString, so
// that `data as CFData`, `dictionary as CFDictionary` and `[CFString: Any]` compile. Linux Foundation has
// no CoreFoundation types but bridges `Data as NSData` the same way: the stub names the bridged classes.

// https://developer.apple.com/documentation/corefoundation/cfdata
public typealias CFData = NSData

// https://developer.apple.com/documentation/corefoundation/cfdictionary
public typealias CFDictionary = NSDictionary

// https://developer.apple.com/documentation/corefoundation/cfstring
public typealias CFString = NSString
