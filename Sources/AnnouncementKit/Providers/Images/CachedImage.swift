import Foundation

/// One image as the image cache keeps it: its URL (so a file-name collision reads as a miss), the
/// validators and `Cache-Control` freshness it came with, when it was fetched or last confirmed, and
/// its bytes.
struct CachedImage: Sendable, Hashable {
    /// The image's URL, as the feed gave it.
    var url: URL
    /// The `ETag` that came with the bytes.
    var etag: String?
    /// The `Last-Modified` that came with the bytes.
    var lastModified: String?
    /// When the bytes were downloaded, or last confirmed with a `304`.
    var fetchedAt: Date?
    /// The server's `Cache-Control: max-age`, in seconds: while the image is younger, no request is sent.
    var maxAge: TimeInterval?
    /// Whether the server said `Cache-Control: no-cache`: the image is asked for again at every fetch.
    var noCache = false
    /// The image's bytes; their header is complete and within the pixel budget (``ImageHeader/check(_:)``).
    var body: Data

    /// The longest an image counts as fresh, whatever its `max-age`: a week. A wrong header (a year on
    /// an image that the feed's author replaces at the same URL) then costs at most a week.
    static let longestFreshness: TimeInterval = 7 * 24 * 3600

    /// Whether the image may be used at `now` without asking the server: it has a `max-age` (at most
    /// ``longestFreshness``) it is younger than, no `no-cache`, and a fetch time not after `now` (a
    /// time in the future means the clock moved back, and the image counts as stale).
    func isFresh(at now: Date) -> Bool {
        guard !noCache, let maxAge, let fetchedAt, fetchedAt <= now else { return false }
        return now.timeIntervalSince(fetchedAt) < min(maxAge, Self.longestFreshness)
    }

    /// The layout of a cache file, whose first word is `AKIMAGE1`.
    static let envelope = CacheFileEnvelope(magic: "AKIMAGE1", kind: "image cache file")

    /// What a damaged file throws.
    typealias FormatError = CacheFileEnvelope.FormatError

    /// The file's bytes: a line `AKIMAGE1 <checksum>` (FNV-1a 64 in hex, of everything after it), a
    /// line of JSON metadata, then the image's bytes.
    func encoded() throws -> Data {
        let metadata = JSONObject.encoded([
            "url": .string(url.absoluteString),
            "etag": HTTPHeaders.usableValidator(etag).map(JSONValue.string),
            "lastModified": HTTPHeaders.usableValidator(lastModified).map(JSONValue.string),
            "fetchedAt": fetchedAt.map { .number($0.timeIntervalSince1970) },
            "maxAge": maxAge.map(JSONValue.number),
            "noCache": noCache ? .bool(true) : nil,
            "format": .string(ImageSignature.sniff(body)?.rawValue ?? ""),
            "bodyLength": .number(Double(body.count)),
        ])
        return Self.envelope.encode(metadata: Data(metadata), body: body)
    }

    /// The image a cache file holds; throws ``FormatError`` for anything damaged: another layout, a
    /// checksum mismatch, a wrong length, bytes that are not an image, an image header that is malformed or
    /// past the pixel budget (``ImageHeader``).
    static func decode(_ bytes: [UInt8]) throws -> CachedImage {
        try envelope.decode(bytes) { metadata, body in try image(from: metadata, body: Data(body)) }
    }

    /// The image of `metadata` with `body`.
    private static func image(from metadata: JSONObject, body: Data) throws -> CachedImage {
        guard let bodyLength = try metadata.integer("bodyLength") else {
            throw FormatError(description: "metadata: bodyLength is missing")
        }
        guard bodyLength == body.count else {
            throw FormatError(description: "body is \(body.count) bytes; expected \(bodyLength)")
        }
        guard let url = try metadata.string("url").flatMap(URL.init(string:)) else {
            throw FormatError(description: "no URL")
        }
        guard let format = ImageSignature.sniff(body), format.rawValue == (try metadata.string("format")) else {
            throw FormatError(description: "the bytes are not the image format recorded")
        }
        if case .failure(let refusal) = ImageHeader.check(body) {
            throw FormatError(description: refusal.description)
        }
        return CachedImage(
            url: url, etag: HTTPHeaders.usableValidator(try metadata.string("etag")),
            lastModified: HTTPHeaders.usableValidator(try metadata.string("lastModified")),
            fetchedAt: try metadata.number("fetchedAt").map(Date.init(timeIntervalSince1970:)),
            maxAge: try metadata.number("maxAge").flatMap { $0.isFinite && $0 >= 0 ? $0 : nil },
            noCache: try metadata.bool("noCache") ?? false, body: body)
    }
}
