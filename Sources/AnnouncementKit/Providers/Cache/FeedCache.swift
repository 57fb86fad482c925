import Foundation

/// The disk cache of one feed URL: one file, named after a hash of the URL, written atomically.
///
/// Layout: a first line `AKFEED1 <checksum>` (FNV-1a 64 in hex, of everything after that line),
/// then one line of JSON metadata (validators, fetch time, back-off state, body length), then the
/// body bytes. A file that cannot be read, has another layout, fails its checksum or has the wrong
/// body length is deleted, and the provider starts again with an unconditional request.
///
/// With a signature policy the record also keeps the feed's signature file (Base64 in the metadata,
/// `signature`, at most `FeedSignatureFile` bytes) and its validators (`signatureETag`,
/// `signatureLastModified`). These members are optional, so the format stays `AKFEED1`: a file written
/// before they existed reads as a record without a signature (which a provider with a policy then
/// refuses), and an earlier version reading a newer file ignores them.
///
/// The file is bounded: the body is at most the provider's body cap (and never more than
/// `FeedLimits.maximumFeedBytes`), validators at most ``HTTPHeaders/maximumValidatorLength``,
/// the failure text a few KiB. A file larger than ``maximumFileSize``, or one that is not a regular
/// file, is deleted without being read.
struct FeedCache: Sendable {
    /// What reading the cache found.
    enum LoadOutcome: Sendable, Equatable {
        /// No cache file (or no cache directory).
        case missing
        /// A valid record.
        case loaded(CachedFeed)
        /// The file was damaged and has been deleted; the reason says how.
        case corrupt(String)
    }

    static let envelope = CacheFileEnvelope(magic: "AKFEED1", kind: "feed cache")

    /// The cache file, or `nil` when the cache lives in memory only.
    let fileURL: URL?
    /// The largest file read: the body cap plus ``metadataAllowance``.
    let maximumFileSize: Int

    /// Room for the header and metadata lines: 64 KiB, far more than they take.
    static let metadataAllowance = 64 * 1024
    /// The longest failure text stored, in characters.
    static let maximumFailureLength = 2000

    /// The cache of `feedURL` in `directory`, for bodies of at most `maximumBodySize` bytes.
    init(
        directory: URL?, feedURL: URL,
        maximumBodySize: Int = RemoteProviderConfiguration.defaultMaximumBodySize
    ) {
        fileURL = directory?.appendingPathComponent(Self.fileName(for: feedURL))
        maximumFileSize = max(0, min(maximumBodySize, FeedLimits.maximumFeedBytes)) + Self.metadataAllowance
    }

    /// `feed-<FNV-1a 64 of the URL>.cache`.
    static func fileName(for feedURL: URL) -> String {
        "feed-" + Checksum.hex(Checksum.fnv1a64(Data(feedURL.absoluteString.utf8))) + ".cache"
    }

    /// Reads the record; a damaged file, or one past ``maximumFileSize``, is deleted (never read
    /// past the limit), so the next request is unconditional.
    func load() -> LoadOutcome {
        guard let fileURL else { return .missing }
        do {
            switch try BoundedFileRead.read(path: fileURL.path, limit: maximumFileSize) {
            case .missing:
                return .missing
            case .complete(let bytes):
                return .loaded(try Self.decode(Data(bytes)))
            case .notRegularFile:
                remove()
                return .corrupt("the cache file is not a regular file")
            case .truncated(_, let size):
                remove()
                return .corrupt("the cache file is \(size) bytes; at most \(maximumFileSize) are read")
            }
        } catch {
            remove()
            return .corrupt(String(describing: error))
        }
    }

    /// Writes `record` atomically, creating the directory when missing.
    func store(_ record: CachedFeed) throws {
        guard let fileURL else { return }
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.encode(record).write(to: fileURL, options: .atomic)
    }

    /// Deletes the file, if any.
    func remove() {
        guard let fileURL else { return }
        try? FileManager.default.removeItem(at: fileURL)
    }

    /// What a damaged file throws.
    typealias FormatError = CacheFileEnvelope.FormatError

    /// The file's bytes: the envelope around one line of metadata (``JSONObject``, sorted keys) and the body.
    static func encode(_ record: CachedFeed) throws -> Data {
        let metadata = JSONObject.encoded([
            "etag": HTTPHeaders.usableValidator(record.etag).map(JSONValue.string),
            "lastModified": HTTPHeaders.usableValidator(record.lastModified).map(JSONValue.string),
            "fetchedAt": record.fetchedAt.map { .number($0.timeIntervalSince1970) },
            "maxAge": record.maxAge.map(JSONValue.number),
            "noCache": .bool(record.noCache),
            "failureCount": .number(Double(record.failureCount)),
            "nextAttemptAt": record.nextAttemptAt.map { .number($0.timeIntervalSince1970) },
            "needsExplicitRequest": .bool(record.needsExplicitRequest),
            "lastFailure": record.lastFailure.map { .string(String($0.prefix(maximumFailureLength))) },
            "bodyLength": record.body.map { .number(Double($0.count)) },
            "signature": record.signature.map { .string($0.base64EncodedString()) },
            "signatureETag": HTTPHeaders.usableValidator(record.signatureETag).map(JSONValue.string),
            "signatureLastModified": HTTPHeaders.usableValidator(record.signatureLastModified).map(JSONValue.string),
        ])
        return envelope.encode(metadata: Data(metadata), body: record.body)
    }

    /// The record a file holds; throws ``FormatError`` for anything damaged.
    static func decode(_ data: Data) throws -> CachedFeed {
        try envelope.decode([UInt8](data), record(from:body:))
    }

    /// The record of `metadata` with `body`.
    private static func record(from metadata: JSONObject, body: ArraySlice<UInt8>) throws -> CachedFeed {
        var record = CachedFeed()
        if let length = try metadata.integer("bodyLength") {
            guard length == body.count else {
                throw FormatError(description: "body is \(body.count) bytes; expected \(length)")
            }
            record.body = Data(body)
        } else if !body.isEmpty {
            throw FormatError(description: "unexpected bytes after the metadata")
        }
        guard let noCache = try metadata.bool("noCache"), let failureCount = try metadata.integer("failureCount"),
            let needsExplicitRequest = try metadata.bool("needsExplicitRequest")
        else {
            throw FormatError(description: "metadata: noCache, failureCount or needsExplicitRequest is missing")
        }
        // A validator a server will refuse (written by an earlier version, which kept any) is
        // dropped: the next request goes without it.
        record.etag = HTTPHeaders.usableValidator(try metadata.string("etag"))
        record.lastModified = HTTPHeaders.usableValidator(try metadata.string("lastModified"))
        record.fetchedAt = try metadata.number("fetchedAt").map(Date.init(timeIntervalSince1970:))
        record.maxAge = try metadata.number("maxAge")
        record.noCache = noCache
        record.failureCount = max(0, failureCount)
        record.nextAttemptAt = try metadata.number("nextAttemptAt").map(Date.init(timeIntervalSince1970:))
        record.needsExplicitRequest = needsExplicitRequest
        record.lastFailure = try metadata.string("lastFailure")
        if let encoded = try metadata.string("signature") {
            guard let signature = Data(base64Encoded: encoded), signature.count <= FeedSignatureFile.maximumSize else {
                throw FormatError(description: "the stored signature is not the Base64 of at most 4096 bytes")
            }
            record.signature = signature
            record.signatureETag = HTTPHeaders.usableValidator(try metadata.string("signatureETag"))
            record.signatureLastModified = HTTPHeaders.usableValidator(try metadata.string("signatureLastModified"))
        }
        return record
    }
}
