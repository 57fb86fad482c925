import Foundation

/// The disk cache of one feed URL: one file, named after a hash of the URL, written atomically.
///
/// Layout: a first line `AKFEED1 <checksum>` (FNV-1a 64 in hex, of everything after that line),
/// then one line of JSON metadata (validators, fetch time, back-off state, body length), then the
/// body bytes. A file that cannot be read, has another layout, fails its checksum or has the wrong
/// body length is deleted, and the provider starts again with an unconditional request.
///
/// With a signature policy the record also keeps the feed's signature file (Base64 in the metadata,
/// `signature`, at most ``FeedSignatureFile/maximumSize`` bytes) and its validators (`signatureETag`,
/// `signatureLastModified`). These members are optional, so the format stays `AKFEED1`: a file written
/// before they existed reads as a record without a signature (which a provider with a policy then
/// refuses), and an earlier version reading a newer file ignores them.
///
/// The file is bounded: the body is at most the provider's body cap (and never more than
/// ``FeedLimits/maximumFeedBytes``), validators at most ``HTTPHeaders/maximumValidatorLength``,
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

    private struct Metadata: Codable {
        var etag: String?
        var lastModified: String?
        var fetchedAt: Double?
        var maxAge: Double?
        var noCache: Bool
        var failureCount: Int
        var nextAttemptAt: Double?
        var needsExplicitRequest: Bool
        var lastFailure: String?
        var bodyLength: Int?
        var signature: String?
        var signatureETag: String?
        var signatureLastModified: String?
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

    static func encode(_ record: CachedFeed) throws -> Data {
        let metadata = Metadata(
            etag: HTTPHeaders.usableValidator(record.etag),
            lastModified: HTTPHeaders.usableValidator(record.lastModified),
            fetchedAt: record.fetchedAt?.timeIntervalSince1970, maxAge: record.maxAge, noCache: record.noCache,
            failureCount: record.failureCount, nextAttemptAt: record.nextAttemptAt?.timeIntervalSince1970,
            needsExplicitRequest: record.needsExplicitRequest,
            lastFailure: record.lastFailure.map { String($0.prefix(maximumFailureLength)) },
            bodyLength: record.body?.count, signature: record.signature?.base64EncodedString(),
            signatureETag: HTTPHeaders.usableValidator(record.signatureETag),
            signatureLastModified: HTTPHeaders.usableValidator(record.signatureLastModified))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return envelope.encode(metadata: try encoder.encode(metadata), body: record.body)
    }

    static func decode(_ data: Data) throws -> CachedFeed {
        let bytes = [UInt8](data)
        let (metadataLine, body) = try envelope.split(bytes)
        let metadata = try JSONDecoder().decode(Metadata.self, from: Data(metadataLine))
        var record = CachedFeed()
        if let length = metadata.bodyLength {
            guard length == body.count else {
                throw FormatError(description: "body is \(body.count) bytes; expected \(length)")
            }
            record.body = Data(body)
        } else if !body.isEmpty {
            throw FormatError(description: "unexpected bytes after the metadata")
        }
        // A validator a server will refuse (written by an earlier version, which kept any) is
        // dropped: the next request goes without it.
        record.etag = HTTPHeaders.usableValidator(metadata.etag)
        record.lastModified = HTTPHeaders.usableValidator(metadata.lastModified)
        record.fetchedAt = metadata.fetchedAt.map(Date.init(timeIntervalSince1970:))
        record.maxAge = metadata.maxAge
        record.noCache = metadata.noCache
        record.failureCount = max(0, metadata.failureCount)
        record.nextAttemptAt = metadata.nextAttemptAt.map(Date.init(timeIntervalSince1970:))
        record.needsExplicitRequest = metadata.needsExplicitRequest
        record.lastFailure = metadata.lastFailure
        if let encoded = metadata.signature {
            guard let signature = Data(base64Encoded: encoded), signature.count <= FeedSignatureFile.maximumSize else {
                throw FormatError(description: "the stored signature is not the Base64 of at most 4096 bytes")
            }
            record.signature = signature
            record.signatureETag = HTTPHeaders.usableValidator(metadata.signatureETag)
            record.signatureLastModified = HTTPHeaders.usableValidator(metadata.signatureLastModified)
        }
        return record
    }
}
