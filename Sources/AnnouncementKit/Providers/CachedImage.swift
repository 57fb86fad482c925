import Foundation

/// One image as the image cache keeps it: its URL (so a file-name collision reads as a miss), the
/// validators it came with, when it was fetched, and its bytes.
struct CachedImage: Sendable, Hashable {
    /// The image's URL, as the feed gave it.
    var url: URL
    /// The `ETag` that came with the bytes.
    var etag: String?
    /// The `Last-Modified` that came with the bytes.
    var lastModified: String?
    /// When the bytes were downloaded.
    var fetchedAt: Date?
    /// The image's bytes; their first bytes are a known signature.
    var body: Data

    private struct Metadata: Codable {
        var url: String
        var etag: String?
        var lastModified: String?
        var fetchedAt: Double?
        var format: String
        var bodyLength: Int
    }

    /// The first word of a cache file.
    static let magic = "AKIMAGE1"

    struct FormatError: Error, CustomStringConvertible {
        let description: String
    }

    /// The file's bytes: a line `AKIMAGE1 <checksum>` (FNV-1a 64 in hex, of everything after it), a
    /// line of JSON metadata, then the image's bytes.
    func encoded() throws -> Data {
        let metadata = Metadata(
            url: url.absoluteString, etag: HTTPHeaders.usableValidator(etag),
            lastModified: HTTPHeaders.usableValidator(lastModified), fetchedAt: fetchedAt?.timeIntervalSince1970,
            format: ImageSignature.sniff(body)?.rawValue ?? "", bodyLength: body.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var payload = try encoder.encode(metadata)
        payload.append(0x0A)
        payload.append(body)
        var file = Data("\(Self.magic) \(Checksum.hex(Checksum.fnv1a64(payload)))\n".utf8)
        file.append(payload)
        return file
    }

    /// The image a cache file holds; throws ``FormatError`` for anything damaged: another layout, a
    /// checksum mismatch, a wrong length, bytes that are not an image.
    static func decode(_ bytes: [UInt8]) throws -> CachedImage {
        guard let firstNewline = bytes.prefix(64).firstIndex(of: 0x0A) else {
            throw FormatError(description: "no header line")
        }
        let parts = String(decoding: bytes[..<firstNewline], as: UTF8.self).split(separator: " ")
        guard parts.count == 2, parts[0] == magic else {
            throw FormatError(description: "not an AnnouncementKit image cache file")
        }
        let payload = bytes[(firstNewline + 1)...]
        guard parts[1] == Checksum.hex(Checksum.fnv1a64(payload)) else {
            throw FormatError(description: "checksum mismatch")
        }
        guard let metadataEnd = payload.firstIndex(of: 0x0A) else {
            throw FormatError(description: "no metadata line")
        }
        let metadata = try JSONDecoder().decode(Metadata.self, from: Data(payload[..<metadataEnd]))
        let body = Data(payload[(metadataEnd + 1)...])
        guard metadata.bodyLength == body.count else {
            throw FormatError(description: "body is \(body.count) bytes; expected \(metadata.bodyLength)")
        }
        guard let url = URL(string: metadata.url) else { throw FormatError(description: "no URL") }
        guard let format = ImageSignature.sniff(body), format.rawValue == metadata.format else {
            throw FormatError(description: "the bytes are not the image format recorded")
        }
        return CachedImage(
            url: url, etag: HTTPHeaders.usableValidator(metadata.etag),
            lastModified: HTTPHeaders.usableValidator(metadata.lastModified),
            fetchedAt: metadata.fetchedAt.map(Date.init(timeIntervalSince1970:)), body: body)
    }
}
