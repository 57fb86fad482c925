// A declaration stub of the part of Apple's ImageIO that AnnouncementKitUI uses (decoding an image at
// the size it is drawn), so that scripts/typecheck-swiftui can type-check it on Linux. Never shipped,
// never linked: bodies trap. Each declaration names the Apple documentation page it mirrors.

@_exported public import CoreGraphics

// https://developer.apple.com/documentation/imageio/cgimagesource
public final class CGImageSource {
    private init() { fatalError() }
}

// https://developer.apple.com/documentation/imageio/cgimagesourcecreatewithdata(_:_:)
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? { fatalError() }

// https://developer.apple.com/documentation/imageio/cgimagesourcecreatethumbnailatindex(_:_:_:)
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?)
    -> CGImage?
{ fatalError() }

// https://developer.apple.com/documentation/imageio/kcgimagesourceshouldcache
// (Global constants of type CFString in the SDK; computed here, read the same way.)
public var kCGImageSourceShouldCache: CFString { fatalError() }

// https://developer.apple.com/documentation/imageio/kcgimagesourceshouldcacheimmediately
public var kCGImageSourceShouldCacheImmediately: CFString { fatalError() }

// https://developer.apple.com/documentation/imageio/kcgimagesourcecreatethumbnailfromimagealways
public var kCGImageSourceCreateThumbnailFromImageAlways: CFString { fatalError() }

// https://developer.apple.com/documentation/imageio/kcgimagesourcecreatethumbnailwithtransform
public var kCGImageSourceCreateThumbnailWithTransform: CFString { fatalError() }

// https://developer.apple.com/documentation/imageio/kcgimagesourcethumbnailmaxpixelsize
public var kCGImageSourceThumbnailMaxPixelSize: CFString { fatalError() }
