public import Foundation

/// Turns feed bytes into announcements, lossily: each item is checked on its own, a bad item is
/// dropped with a diagnostic and the others are kept.
///
/// Only a failure of the whole document — not UTF-8, not JSON, not an object with an
/// `announcements` array, or a `schemaVersion` newer than ``AnnouncementFeed/supportedSchemaVersion``
/// — throws, with one ``FeedDecodingError`` that says what is wrong and where.
///
/// ```swift
/// let result = try FeedDecoder().decode(data)
/// for finding in result.diagnostics { print(finding) }
/// let announcements = result.announcements
/// ```
public struct FeedDecoder: Sendable {
    /// The safety rules for actions.
    public var policy: ActionPolicy

    /// Creates a decoder that checks actions with `policy`.
    public init(policy: ActionPolicy = ActionPolicy()) {
        self.policy = policy
    }

    /// Decodes a feed from its bytes.
    public func decode(_ data: Data) throws(FeedDecodingError) -> FeedDecodingResult {
        try decode(bytes: [UInt8](data))
    }

    /// Decodes a feed from its bytes.
    public func decode(bytes: [UInt8]) throws(FeedDecodingError) -> FeedDecodingResult {
        var locator = SourceLocator(bytes: bytes)
        func fail(_ kind: FeedDecodingError.Kind, _ message: String, path: String = "$", offset: Int)
            -> FeedDecodingError
        {
            let (line, column) = locator.location(of: offset)
            return FeedDecodingError(
                kind: kind,
                diagnostic: Diagnostic(severity: .error, message: message, path: path, line: line, column: column))
        }

        guard bytes.count <= FeedLimits.maximumFeedBytes else {
            throw fail(
                .tooLarge,
                "the feed is \(bytes.count) bytes; at most \(FeedLimits.maximumFeedBytes) are read "
                    + "(split it or remove old announcements)", offset: 0)
        }
        let parsed: Result<JSONNode, FeedDecodingError> = bytes.withUnsafeBufferPointer { buffer in
            if let bad = UTF8Validation.firstInvalidOffset(in: buffer) {
                return .failure(
                    fail(
                        .invalidUTF8, "the feed is not valid UTF-8 (byte offset \(bad)); save the file as UTF-8",
                        offset: bad))
            }
            var start = 0
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
            if buffer[start...].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                return .failure(
                    fail(.empty, "the feed is empty; expected an object with an \"announcements\" array", offset: 0))
            }
            do throws(JSONParser.Failure) {
                return .success(try JSONParser.parse(buffer, from: start))
            } catch {
                return .failure(fail(.invalidJSON, "invalid JSON: \(error.message)", offset: error.offset))
            }
        }
        let root: JSONNode
        switch parsed {
        case .success(let node): root = node
        case .failure(let error): throw error
        }

        guard case .object(let members) = root.kind else {
            throw fail(
                .invalidShape,
                "the top level must be an object with an \"announcements\" array; found \(root.typeDescription)",
                offset: root.offset)
        }
        var sink = DiagnosticSink()
        var seen = Set<String>()
        var announcementsNode: JSONNode?
        var schemaVersion = 1
        var defaultLocale = "en"
        for member in members {
            let path = JSONPath.member("$", member.key)
            guard seen.insert(member.key).inserted else {
                throw fail(
                    .invalidShape, "the key \"\(member.key)\" appears twice at the top level; keep one",
                    path: path, offset: member.keyOffset)
            }
            switch member.key {
            case "schemaVersion":
                if case .null = member.value.kind { continue }
                guard case .number(let number) = member.value.kind, let version = Int(exactly: number), version >= 1
                else {
                    throw fail(
                        .invalidShape,
                        "schemaVersion must be a positive integer; found \(member.value.shortDescription)",
                        path: path, offset: member.value.offset)
                }
                guard version <= AnnouncementFeed.supportedSchemaVersion else {
                    throw fail(
                        .unsupportedSchemaVersion,
                        "schemaVersion \(version) is not supported; this version of AnnouncementKit reads up to "
                            + "\(AnnouncementFeed.supportedSchemaVersion) (update the app or publish a version "
                            + "\(AnnouncementFeed.supportedSchemaVersion) feed)",
                        path: path, offset: member.value.offset)
                }
                schemaVersion = version
            case "defaultLocale":
                if case .null = member.value.kind { continue }
                guard case .string(let locale) = member.value.kind, LanguageTag.isWellFormed(locale) else {
                    throw fail(
                        .invalidShape,
                        "defaultLocale must be a language tag such as \"en\"; found \(member.value.shortDescription)",
                        path: path, offset: member.value.offset)
                }
                defaultLocale = locale
            case "announcements":
                announcementsNode = member.value
            default:
                sink.report(
                    .warning, "unknown field \"\(member.key)\" is ignored", path: path, offset: member.keyOffset)
            }
        }
        guard let announcementsNode else {
            throw fail(
                .invalidShape,
                "the feed has no \"announcements\" array; add \"announcements\": [] at the top level",
                offset: root.offset)
        }
        guard case .array(let items) = announcementsNode.kind else {
            throw fail(
                .invalidShape, "announcements must be an array; found \(announcementsNode.typeDescription)",
                path: "$.announcements", offset: announcementsNode.offset)
        }

        let itemDecoder = AnnouncementNodeDecoder(policy: policy, defaultLocale: defaultLocale)
        var accepted: [Announcement] = []
        accepted.reserveCapacity(items.count)
        var firstIndexOfID: [String: Int] = [:]
        var rejected: [(index: Int, id: String?, path: String, firstDiagnostic: Int)] = []
        if items.count > FeedLimits.maximumAnnouncements {
            let first = items[FeedLimits.maximumAnnouncements]
            sink.report(
                .error,
                "the feed has \(items.count) announcements; only the first \(FeedLimits.maximumAnnouncements) "
                    + "are read and the other \(items.count - FeedLimits.maximumAnnouncements) are ignored",
                path: JSONPath.element("$.announcements", FeedLimits.maximumAnnouncements), offset: first.offset)
        }
        for (index, item) in items.prefix(FeedLimits.maximumAnnouncements).enumerated() {
            let path = JSONPath.element("$.announcements", index)
            let before = sink.entries.count
            let beforeErrors = sink.errorCount
            let decoded = itemDecoder.decode(item, path: path, into: &sink)
            if let announcement = decoded.announcement, sink.errorCount == beforeErrors {
                if let first = firstIndexOfID[announcement.id] {
                    sink.report(
                        .error,
                        "duplicate id \"\(announcement.id)\" (first used at $.announcements[\(first)]); "
                            + "this item is ignored — give it its own id",
                        path: path + ".id", offset: decoded.idOffset ?? item.offset)
                    rejected.append((index, announcement.id, path, before))
                    continue
                }
                firstIndexOfID[announcement.id] = index
                accepted.append(announcement)
            } else {
                rejected.append((index, decoded.id, path, before))
            }
        }

        var diagnostics = sink.entries.map { entry in
            let (line, column) = locator.location(of: entry.offset)
            return Diagnostic(
                severity: entry.severity, message: entry.message, path: entry.path, line: line, column: column)
        }
        let rejectedItems = rejected.map { record in
            let itemPath = record.path
            let errors = diagnostics[record.firstDiagnostic...].filter {
                $0.severity == .error
                    && ($0.path == itemPath || $0.path.hasPrefix(itemPath + ".")
                        || $0.path.hasPrefix(itemPath + "["))
            }
            return RejectedAnnouncement(index: record.index, id: record.id, path: itemPath, errors: errors)
        }
        // Report in source order; findings at the same place keep the order they were found in.
        let order = sink.entries.indices.sorted {
            (sink.entries[$0].offset, $0) < (sink.entries[$1].offset, $1)
        }
        diagnostics = order.map { diagnostics[$0] }
        return FeedDecodingResult(
            feed: AnnouncementFeed(
                schemaVersion: schemaVersion, defaultLocale: defaultLocale, announcements: accepted),
            diagnostics: diagnostics,
            rejected: rejectedItems)
    }
}

/// Collects findings with byte offsets; line and column are worked out once at the end.
struct DiagnosticSink {
    struct Entry {
        var severity: Diagnostic.Severity
        var message: String
        var path: String
        var offset: Int
    }

    private(set) var entries: [Entry] = []
    private(set) var errorCount = 0

    mutating func report(_ severity: Diagnostic.Severity, _ message: String, path: String, offset: Int) {
        entries.append(Entry(severity: severity, message: message, path: path, offset: offset))
        if severity == .error { errorCount += 1 }
    }
}
