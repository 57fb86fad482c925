public import Foundation

/// The persisted form of ``AnnouncementState``: a versioned JSON document, shared by the app's
/// file store and `announce simulate --state-dir`.
///
/// ```json
/// {
///   "formatVersion": 1,
///   "installationId": "6F9619FF-8B86-D011-B42D-00C04FC964FF",
///   "dismissals": {"maintenance": {"revision": 0, "at": "2026-12-04T08:00:00Z"}},
///   "impressions": {"dark-mode": {"count": 2, "last": "2026-12-03T19:12:00Z"}},
///   "lastSeen": {"maintenance": "2026-12-04T08:00:00Z"}
/// }
/// ```
/// The session's impressions are not stored: every launch is a new session.
public enum AnnouncementStateFile {
    /// The format version this package writes and reads.
    public static let formatVersion = 1
    /// The file name inside a state directory.
    public static let fileName = "state.json"

    /// Why a state document could not be read.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The problem, for display.
        public var description: String { message }
    }

    private struct Document: Codable {
        var formatVersion: Int
        var installationId: String?
        var dismissals: [String: DismissalEntry]?
        var impressions: [String: ImpressionEntry]?
        var lastSeen: [String: String]?
    }

    private struct DismissalEntry: Codable {
        var revision: Int
        var at: String
    }

    private struct ImpressionEntry: Codable {
        var count: Int
        var last: String
    }

    /// Encodes `state` (without the session's impressions).
    public static func encode(_ state: AnnouncementState) -> Data {
        let document = Document(
            formatVersion: formatVersion,
            installationId: state.installationID,
            dismissals: state.dismissals.mapValues {
                DismissalEntry(revision: $0.revision, at: Timestamp.format($0.date))
            },
            impressions: state.impressions.mapValues {
                ImpressionEntry(count: $0.count, last: Timestamp.format($0.last))
            },
            lastSeen: state.lastSeen.mapValues(Timestamp.format))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A document of strings and integers always encodes.
        return try! encoder.encode(document)
    }

    /// Decodes a state document; throws ``ReadError`` saying what is wrong.
    public static func decode(_ data: Data) throws(ReadError) -> AnnouncementState {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw ReadError(message: "not a state file (\(Self.describe(error)))")
        }
        guard document.formatVersion <= formatVersion, document.formatVersion >= 1 else {
            throw ReadError(
                message: "state format version \(document.formatVersion) is not supported (this version reads 1)")
        }
        var state = AnnouncementState(installationID: document.installationId)
        for (id, entry) in document.dismissals ?? [:] {
            guard let date = try? Timestamp.parse(entry.at) else {
                throw ReadError(message: "dismissals.\(id).at \"\(entry.at)\" is not a timestamp")
            }
            state.dismissals[id] = .init(revision: entry.revision, date: date)
        }
        for (id, entry) in document.impressions ?? [:] {
            guard let date = try? Timestamp.parse(entry.last) else {
                throw ReadError(message: "impressions.\(id).last \"\(entry.last)\" is not a timestamp")
            }
            state.impressions[id] = .init(count: entry.count, last: date)
        }
        for (id, text) in document.lastSeen ?? [:] {
            guard let date = try? Timestamp.parse(text) else {
                throw ReadError(message: "lastSeen.\(id) \"\(text)\" is not a timestamp")
            }
            state.lastSeen[id] = date
        }
        return state
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted: "not valid JSON"
        default: "\(error)"
        }
    }
}
