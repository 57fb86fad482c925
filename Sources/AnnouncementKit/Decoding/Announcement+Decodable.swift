internal import Foundation

extension Announcement: Decodable {
    /// Decodes one announcement in the feed's item format, checked exactly as ``FeedDecoder`` checks an
    /// item of a feed: `JSONDecoder().decode(Announcement.self, from: data)` reads what
    /// `JSONEncoder().encode(announcement)` writes, whatever the coders' date strategies (dates are
    /// RFC 3339 text in the item format).
    ///
    /// An item the feed decoder would drop throws `DecodingError.dataCorrupted`, whose description
    /// lists the errors with their JSON paths inside the item. Warnings (an unknown field, say) do not
    /// stop it, as they do not stop a feed.
    public init(from decoder: any Decoder) throws {
        self = try Self.decodeItem(try JSONValue(from: decoder), codingPath: decoder.codingPath).announcement
    }

    /// The announcement one feed item holds, checked as ``FeedDecoder`` checks it, and the item's size
    /// in bytes as JSON text; throws `DecodingError.dataCorrupted` for an item the feed decoder would drop.
    static func decodeItem(
        _ item: JSONValue, codingPath: [any CodingKey]
    ) throws -> (announcement: Announcement, byteCount: Int) {
        var bytes: [UInt8] = []
        JSONWriter.write(["schemaVersion": 1, "announcements": [item]], to: &bytes)
        let result: FeedDecodingResult
        do {
            result = try FeedDecoder().decode(bytes: bytes)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: error.description))
        }
        guard let announcement = result.announcements.first else {
            let errors = result.rejected.first?.errors ?? result.errors
            let findings = errors.map {
                "\($0.message) (\($0.path.replacingOccurrences(of: "$.announcements[0]", with: "$")))"
            }
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "not a usable announcement: " + findings.joined(separator: "; ")))
        }
        return (announcement, bytes.count)
    }
}
