#if canImport(SwiftUI)
    import SwiftUI
    #if canImport(UIKit)
        import UIKit
    #elseif canImport(AppKit)
        import AppKit
    #endif

    extension Image {
        /// The image that `data` (PNG, JPEG, GIF or WebP bytes from the provider's image cache) holds,
        /// decoded by the platform (`UIImage`, `NSImage`); `nil` when the bytes are not an image the
        /// platform can read.
        ///
        /// The platform image reads the header here and decodes the pixels when it is first drawn, so
        /// this is cheap enough for the main actor; the bytes themselves are read off it.
        init?(imageData data: Data) {
            #if canImport(UIKit)
                guard let image = UIImage(data: data) else { return nil }
                self.init(uiImage: image)
            #elseif canImport(AppKit)
                guard let image = NSImage(data: data) else { return nil }
                self.init(nsImage: image)
            #else
                return nil
            #endif
        }
    }
#endif
