import Foundation

/// The layout both provider caches write (the feed cache and the image cache): a line
/// `MAGIC <checksum>` (FNV-1a 64 in hex, of everything after the line), a line of JSON metadata, then
/// the body's bytes. Reading checks the magic and the checksum before anything is decoded, so a
/// damaged or foreign file is refused as a whole.
struct CacheFileEnvelope: Sendable {
    /// The first word of a file, which names its kind and version (`AKFEED1`, `AKIMAGE1`).
    let magic: String
    /// What a file of this kind is, for messages (`feed cache`, `image cache file`).
    let kind: String

    struct FormatError: Error, CustomStringConvertible {
        let description: String
    }

    /// What `read` makes of a file's metadata (its line read as a ``JSONObject``) and body; throws
    /// ``FormatError`` for a damaged layout or metadata that is not the object `read` expects.
    func decode<Record>(
        _ bytes: [UInt8], _ read: (JSONObject, ArraySlice<UInt8>) throws -> Record
    ) throws -> Record {
        let (metadataLine, body) = try split(bytes)
        do {
            return try read(try JSONObject(parsing: Array(metadataLine)), body)
        } catch let failure as JSONObject.Failure {
            throw FormatError(description: "metadata: \(failure)")
        }
    }

    /// The file's bytes for `metadata` (JSON without a line break) and `body`.
    func encode(metadata: Data, body: Data?) -> Data {
        var payload = metadata
        payload.append(0x0A)
        if let body { payload.append(body) }
        var file = Data("\(magic) \(Checksum.hex(Checksum.fnv1a64(payload)))\n".utf8)
        file.append(payload)
        return file
    }

    /// The metadata line and the body of a file; throws ``FormatError`` for another magic, a checksum
    /// mismatch or a missing line. The header line is looked for in the first 64 bytes only.
    func split(_ bytes: [UInt8]) throws(FormatError) -> (metadata: ArraySlice<UInt8>, body: ArraySlice<UInt8>) {
        guard let firstNewline = bytes.prefix(64).firstIndex(of: 0x0A) else {
            throw FormatError(description: "no header line")
        }
        let parts = String(decoding: bytes[..<firstNewline], as: UTF8.self).split(separator: " ")
        guard parts.count == 2, parts[0] == magic else {
            throw FormatError(description: "not an AnnouncementKit \(kind)")
        }
        let payload = bytes[(firstNewline + 1)...]
        // Compared as text: exactly the 16 lower-case digits that were written.
        guard parts[1] == Checksum.hex(Checksum.fnv1a64(payload)) else {
            throw FormatError(description: "checksum mismatch")
        }
        guard let metadataEnd = payload.firstIndex(of: 0x0A) else {
            throw FormatError(description: "no metadata line")
        }
        return (payload[..<metadataEnd], payload[(metadataEnd + 1)...])
    }
}
