package import Foundation

/// The image formats the package keeps, told apart by their first bytes (their signature), never by
/// a file name or a `Content-Type` header: a server that sends an HTML error page as `image/png` is
/// caught here.
package enum ImageSignature: String, Sendable, Hashable, CaseIterable {
    /// PNG: `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// JPEG: `FF D8 FF`.
    case jpeg
    /// GIF: `GIF87a` or `GIF89a`.
    case gif
    /// WebP: `RIFF`, four bytes of length, `WEBP`.
    case webp

    /// The format's media type, such as `image/png`.
    package var mediaType: String {
        "image/" + rawValue
    }

    /// The most bytes any signature needs: 12 (WebP).
    package static let prefixLength = 12

    /// The format whose signature `data` starts with, or `nil` when it starts with none of them.
    package static func sniff(_ data: Data) -> ImageSignature? {
        let bytes = [UInt8](data.prefix(prefixLength))
        func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count
                && bytes[offset..<(offset + signature.count)].elementsEqual(signature)
        }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) { return .gif }
        if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) { return .webp }
        return nil
    }

    /// A short description of what `data` starts with, for a message about a body that is not an
    /// image: `starts with "<!DOCTYPE"` or `is empty`.
    package static func describePrefix(of data: Data) -> String {
        if data.isEmpty { return "is empty" }
        let prefix = data.prefix(8)
        let printable = prefix.allSatisfy { (0x20..<0x7F).contains($0) }
        if printable { return "starts with \"\(String(decoding: prefix, as: UTF8.self))\"" }
        return "starts with bytes " + prefix.map { String(format: "%02X", $0) }.joined(separator: " ")
    }
}
