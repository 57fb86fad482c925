#if canImport(SwiftUI)
    import AnnouncementKit
    import Foundation
    import SwiftUI
    #if canImport(ImageIO)
        import ImageIO
    #endif

    /// The bytes of an announcement's image from the provider's cache, with its header: only bytes whose
    /// header is complete and within the pixel budget (``ImageHeader/check(_:)``, 4096 pixels per side and
    /// 16 Mi pixels in all) are ever handed to a decoder.
    struct AnnouncementImageBytes: Sendable, Equatable {
        /// The image's URL, which names it for the views.
        let url: URL
        /// The image's bytes (PNG, JPEG, GIF or WebP).
        let data: Data
        /// Its format and size, read from the header.
        let header: ImageHeader

        /// The image at `url` in `data`, or `nil` when the header is malformed or past the pixel budget.
        init?(url: URL, data: Data) {
            guard case .success(let header) = ImageHeader.check(data) else { return nil }
            self.url = url
            self.data = data
            self.header = header
        }
    }

    /// Decodes images at the size they are drawn, never at their full size: ImageIO's thumbnail of
    /// the first frame, whose longest side is at most the size asked for, decoded at once (not later
    /// on the main thread when first drawn) and turned upright by its orientation.
    enum ImageDownsampling {
        /// The image in `bytes`, decoded with its longest side at most `maximumPixelSize`; `nil` when the
        /// platform cannot decode it (or has no ImageIO).
        static func decode(_ bytes: AnnouncementImageBytes, maximumPixelSize: Int) -> CGImage? {
            #if canImport(ImageIO)
                let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
                guard let source = CGImageSourceCreateWithData(bytes.data as CFData, sourceOptions) else {
                    return nil
                }
                let options: [CFString: Any] = [
                    kCGImageSourceCreateThumbnailFromImageAlways: true,
                    kCGImageSourceShouldCacheImmediately: true,
                    kCGImageSourceCreateThumbnailWithTransform: true,
                    kCGImageSourceThumbnailMaxPixelSize: max(1, min(maximumPixelSize, ImageHeader.maximumSide)),
                ]
                return CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary)
            #else
                return nil
            #endif
        }
    }
#endif
