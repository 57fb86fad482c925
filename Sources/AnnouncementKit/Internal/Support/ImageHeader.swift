package import Foundation

/// An image's format and size in pixels, read from its header without decoding it: PNG's `IHDR`, GIF's
/// logical screen descriptor, WebP's `VP8 `, `VP8L` or `VP8X` chunk, JPEG's start-of-frame segment
/// after a bounded walk of the segments before it.
///
/// A few bytes can claim an image of gigabytes once decoded (a 34-byte WebP of 16383 × 16383 pixels is
/// 1 GiB as RGBA), so every image the package keeps, reads back or embeds passes ``check(_:)`` first:
/// its header is complete and well formed, and its size is within ``maximumSide`` per side and
/// ``maximumPixels`` in all.
package struct ImageHeader: Sendable, Hashable {
    /// The format, by the first bytes.
    package var format: ImageSignature
    /// The width in pixels, as the header says.
    package var width: Int
    /// The height in pixels, as the header says.
    package var height: Int

    /// Creates a header.
    package init(format: ImageSignature, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// The longest side an image may have: 4096 pixels.
    package static let maximumSide = 4096
    /// The most pixels an image may have: 16 Mi (4096 × 4096, 64 MiB once decoded as RGBA).
    package static let maximumPixels = 4096 * 4096
    /// The most bytes of a JPEG walked in search of its start-of-frame segment: 1 MiB.
    package static let maximumJPEGScan = 1 << 20
    /// The most JPEG segments walked before the start-of-frame segment: 512.
    package static let maximumJPEGSegments = 512

    /// Why bytes are refused: not an image, a header that is cut short or malformed, or a size past the
    /// pixel budget.
    package struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// What was found and why it is refused, such as `the image is 16383 × 16383 pixels: …`.
        package var description: String
    }

    /// The header of `data` when it is a PNG, JPEG, GIF or WebP image whose header is complete and whose
    /// size is within the budget; otherwise the refusal, with its reason.
    package static func check(_ data: Data) -> Result<ImageHeader, Refusal> {
        let header: ImageHeader
        do {
            header = try read(data)
        } catch {
            return .failure(error)
        }
        if let refusal = header.budgetRefusal { return .failure(refusal) }
        return .success(header)
    }

    /// Whether `data` passes ``check(_:)``.
    package static func isAcceptable(_ data: Data) -> Bool {
        if case .success = check(data) { return true }
        return false
    }

    /// Why this size is past the budget, or `nil` when it is within it.
    package var budgetRefusal: Refusal? {
        guard width > Self.maximumSide || height > Self.maximumSide || width * height > Self.maximumPixels else {
            return nil
        }
        return Refusal(
            description: "the image is \(width) × \(height) pixels: past the limit of \(Self.maximumSide) pixels "
                + "per side and \(Self.maximumPixels / (1 << 20)) Mi pixels in all")
    }

    /// The longest side, in pixels, to decode this image at so that, scaled to fill a frame of `width` ×
    /// `height` pixels (cropping what overflows, as the views draw it), it is as sharp as the frame and
    /// no larger: never more than the image's own longest side, at least 1. A frame of no size (not laid
    /// out yet) gives 1.
    package func longestSideToDecode(fillingWidth frameWidth: Double, height frameHeight: Double) -> Int {
        let longest = max(width, height)
        guard frameWidth.isFinite, frameHeight.isFinite, frameWidth > 0 || frameHeight > 0, longest > 0 else {
            return 1
        }
        let scale = max(max(0, frameWidth) / Double(width), max(0, frameHeight) / Double(height))
        // Less a hair, so that a product such as 1170.0000000000002 is not rounded up to 1171.
        let side = (scale * Double(longest) - 1e-6).rounded(.up)
        return side >= Double(longest) ? longest : max(1, Int(side))
    }

    /// The header of `data`, whatever its size; throws for bytes that are not one of the four formats or
    /// whose header is cut short or malformed.
    package static func read(_ data: Data) throws(Refusal) -> ImageHeader {
        guard let format = ImageSignature.sniff(data) else {
            throw Refusal(
                description: "the body is not a PNG, JPEG, GIF or WebP image: it "
                    + ImageSignature.describePrefix(of: data))
        }
        let reader = ByteReader(data: data, format: format)
        let (width, height): (Int, Int)
        switch format {
        case .png: (width, height) = try reader.pngSize()
        case .gif: (width, height) = try reader.gifSize()
        case .webp: (width, height) = try reader.webpSize()
        case .jpeg: (width, height) = try reader.jpegSize()
        }
        guard width > 0, height > 0 else {
            throw Refusal(description: "the \(format.name) header gives a size of \(width) × \(height) pixels")
        }
        return ImageHeader(format: format, width: width, height: height)
    }
}

extension ImageSignature {
    /// The format's name for messages: PNG, JPEG, GIF, WebP.
    var name: String {
        self == .webp ? "WebP" : rawValue.uppercased()
    }
}
