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
        let result = data.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: UInt8.self) { buffer in decodeResult(buffer) }
        }
        return try result.get()
    }

    /// Decodes a feed from an array of its bytes, as ``decode(_:)`` does from `Data`.
    package func decode(bytes: [UInt8]) throws(FeedDecodingError) -> FeedDecodingResult {
        try bytes.withUnsafeBufferPointer { buffer in decodeResult(buffer) }.get()
    }

    private func decodeResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<FeedDecodingResult, FeedDecodingError> {
        do throws(FeedDecodingError) {
            return .success(try decode(buffer: buffer))
        } catch {
            return .failure(error)
        }
    }

    /// A whole-feed failure found while scanning, thrown once the whole document is known to be JSON.
    private struct Problem {
        var kind: FeedDecodingError.Kind
        var message: String
        var path = "$"
        var offset: Int
    }

    /// What the top level holds once the whole document has been read.
    private struct TopLevel {
        var problem: Problem?
        var schemaVersion = 1
        var defaultLocale = "en"
        var sink = DiagnosticSink()
        /// The offset of the `announcements` array's `[`, when there is one.
        var arrayOffset: Int?
        /// The problem with an `announcements` member that is not an array.
        var notArray: Problem?
        var items: FeedItemCollector?
        var limits: AnnouncementFeed.Limits?
    }

    /// Decodes a feed from bytes that stay valid for the whole call.
    ///
    /// The document is read in one pass, member by member at the top level. Each element of the
    /// `announcements` array is parsed onto a ``JSONTape`` and decoded before the next is parsed onto
    /// the same tape, so memory holds one item's values at a time rather than the whole document's.
    /// Items are decoded with the `defaultLocale` seen so far (or `"en"`); in the rare feed whose
    /// `defaultLocale` comes after `announcements` and differs from that, the array is decoded again
    /// from its offset once the whole document has been read (the bytes are still there, so nothing is
    /// buffered). A whole-feed failure anywhere — JSON syntax first, then the top-level members in
    /// source order — is thrown only after the whole document has been read, and replaces everything
    /// decoded, exactly as when the whole tree was built first.
    func decode(buffer: UnsafeBufferPointer<UInt8>) throws(FeedDecodingError) -> FeedDecodingResult {
        let locator = SourceLocator(bytes: buffer)
        func fail(_ kind: FeedDecodingError.Kind, _ message: String, path: String = "$", offset: Int)
            -> FeedDecodingError
        {
            let (line, column) = locator.location(of: offset)
            return FeedDecodingError(
                kind: kind,
                diagnostic: Diagnostic(severity: .error, message: message, path: path, line: line, column: column))
        }

        guard buffer.count <= FeedLimits.maximumFeedBytes else {
            throw fail(
                .tooLarge,
                "the feed is \(buffer.count) bytes; at most \(FeedLimits.maximumFeedBytes) are read "
                    + "(split it or remove old announcements)", offset: 0)
        }
        if let bad = UTF8Validation.firstInvalidOffset(in: buffer) {
            throw fail(
                .invalidUTF8, "the feed is not valid UTF-8 (byte offset \(bad)); save the file as UTF-8", offset: bad)
        }
        var start = 0
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
        if buffer[start...].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw fail(.empty, "the feed is empty; expected an object with an \"announcements\" array", offset: 0)
        }
        var topLevel: TopLevel
        do throws(JSONParser.Failure) {
            topLevel = try scan(buffer, from: start)
        } catch {
            throw fail(.invalidJSON, "invalid JSON: \(error.message)", offset: error.offset)
        }
        if let problem = topLevel.problem ?? topLevel.notArray {
            throw fail(problem.kind, problem.message, path: problem.path, offset: problem.offset)
        }
        guard let items = topLevel.items else {
            // `scan` reports a missing `announcements` array as a problem.
            preconditionFailure("a feed without problems has an announcements array")
        }
        return result(topLevel, items: items, locator: locator)
    }

    /// The result of a feed that decoded: its findings in source order with their lines and columns, and the
    /// rejected items with their errors.
    private func result(_ topLevel: TopLevel, items: FeedItemCollector, locator: SourceLocator) -> FeedDecodingResult {
        let entries = topLevel.sink.entries + items.sink.entries
        let itemBase = topLevel.sink.entries.count
        let locations = locator.locations(of: entries.map(\.offset))
        var diagnostics = entries.indices.map { index in
            let entry = entries[index]
            return Diagnostic(
                severity: entry.severity, message: entry.message, path: entry.path, line: locations[index].line,
                column: locations[index].column)
        }
        // An item's findings come after its first and before the next rejected item's: each finding is looked
        // at for one item only, so 10,000 rejected items cost linear time, not quadratic.
        let rejectedItems = items.rejected.indices.map { position in
            let record = items.rejected[position]
            let itemPath = record.path
            let end =
                position + 1 < items.rejected.count
                ? itemBase + items.rejected[position + 1].firstDiagnostic : diagnostics.endIndex
            let errors = diagnostics[(itemBase + record.firstDiagnostic)..<end].filter {
                $0.severity == .error
                    && ($0.path == itemPath || $0.path.hasPrefix(itemPath + ".")
                        || $0.path.hasPrefix(itemPath + "["))
            }
            return RejectedAnnouncement(index: record.index, id: record.id, path: itemPath, errors: errors)
        }
        // Report in source order; findings at the same place keep the order they were found in. (Top-level
        // findings and item findings never share an offset, so keeping them in two lists changes nothing.)
        let order = entries.indices.sorted { (entries[$0].offset, $0) < (entries[$1].offset, $1) }
        diagnostics = order.map { diagnostics[$0] }
        return FeedDecodingResult(
            feed: AnnouncementFeed(
                schemaVersion: topLevel.schemaVersion, defaultLocale: topLevel.defaultLocale,
                announcements: items.accepted, limits: topLevel.limits),
            diagnostics: diagnostics,
            rejected: rejectedItems)
    }

    /// Reads the whole document, decoding the items as they come; throws only for JSON syntax.
    private func scan(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) throws(JSONParser.Failure) -> TopLevel {
        var parser = JSONParser(bytes: buffer, start: start)
        parser.skipWhitespace()
        var topLevel = TopLevel()
        let rootOffset = parser.index
        guard parser.currentByte == UInt8(ascii: "{") else {
            let root = try parser.parseTape()
            try parser.finish()
            topLevel.problem = root.withRoot { root in
                Problem(
                    kind: .invalidShape,
                    message: "the top level must be an object with an \"announcements\" array; found "
                        + root.typeDescription,
                    offset: root.offset)
            }
            return topLevel
        }
        var seen = Set<String>()
        if try parser.openObject() {
            repeat {
                let (key, keyOffset) = try parser.readKey()
                // After the first problem only the syntax of the rest matters.
                guard topLevel.problem == nil else {
                    try parser.skipValue()
                    continue
                }
                try readMember(key, keyOffset: keyOffset, parser: &parser, seen: &seen, into: &topLevel)
            } while try parser.closeMember()
        }
        try parser.finish()
        guard topLevel.problem == nil else { return topLevel }
        guard let arrayOffset = topLevel.arrayOffset else {
            if topLevel.notArray == nil {
                topLevel.problem = Problem(
                    kind: .invalidShape,
                    message: "the feed has no \"announcements\" array; add \"announcements\": [] at the top level",
                    offset: rootOffset)
            }
            return topLevel
        }
        if topLevel.items?.defaultLocale != topLevel.defaultLocale {
            // `defaultLocale` came after `announcements` and differs: decode the items again with it.
            var again = JSONParser(bytes: buffer, start: arrayOffset, depth: 1)
            topLevel.items = try decodeItems(&again, defaultLocale: topLevel.defaultLocale)
        }
        return topLevel
    }

    /// Reads one top-level member's value, checking it as the feed format requires.
    private func readMember(
        _ key: String, keyOffset: Int, parser: inout JSONParser, seen: inout Set<String>, into topLevel: inout TopLevel
    ) throws(JSONParser.Failure) {
        let path = JSONPath.member("$", key)
        guard seen.insert(key).inserted else {
            topLevel.problem = Problem(
                kind: .invalidShape, message: "the key \"\(key)\" appears twice at the top level; keep one",
                path: path, offset: keyOffset)
            try parser.skipValue()
            return
        }
        switch key {
        case "schemaVersion":
            try parser.parseTape().withRoot { value in
                if value.isNull { return }
                guard case .number(let number) = value.kind, let version = Int(exactly: number), version >= 1 else {
                    topLevel.problem = Problem(
                        kind: .invalidShape,
                        message: "schemaVersion must be a positive integer; found \(value.shortDescription)",
                        path: path, offset: value.offset)
                    return
                }
                guard version <= AnnouncementFeed.supportedSchemaVersion else {
                    topLevel.problem = Problem(
                        kind: .unsupportedSchemaVersion,
                        message: "schemaVersion \(version) is not supported; this version of AnnouncementKit reads up "
                            + "to \(AnnouncementFeed.supportedSchemaVersion) (update the app or publish a version "
                            + "\(AnnouncementFeed.supportedSchemaVersion) feed)",
                        path: path, offset: value.offset)
                    return
                }
                topLevel.schemaVersion = version
            }
        case "defaultLocale":
            try parser.parseTape().withRoot { value in
                if value.isNull { return }
                guard let locale = value.stringValue, LanguageTag.isWellFormed(locale) else {
                    topLevel.problem = Problem(
                        kind: .invalidShape,
                        message: "defaultLocale must be a language tag such as \"en\"; found \(value.shortDescription)",
                        path: path, offset: value.offset)
                    return
                }
                topLevel.defaultLocale = locale
            }
        case "announcements":
            if parser.currentByte == UInt8(ascii: "[") {
                topLevel.arrayOffset = parser.index
                topLevel.items = try decodeItems(&parser, defaultLocale: topLevel.defaultLocale)
            } else {
                topLevel.notArray = try parser.parseTape().withRoot { value in
                    Problem(
                        kind: .invalidShape, message: "announcements must be an array; found \(value.typeDescription)",
                        path: "$.announcements", offset: value.offset)
                }
            }
        case "limits":
            try parser.parseTape().withRoot { value in
                switch Self.decodeLimits(value, path: path, sink: &topLevel.sink) {
                case .success(let limits): topLevel.limits = limits
                case .failure(let problem):
                    topLevel.problem = Problem(
                        kind: .invalidShape, message: problem.message, path: problem.path, offset: problem.offset)
                }
            }
        case "$schema":
            // Where editors find the feed's JSON Schema; the decoder has no use for it.
            try parser.parseTape().withRoot { value in
                if case .string = value.kind { return }
                topLevel.sink.report(
                    .warning, "$schema should be the schema's URL as a string; found \(value.typeDescription)",
                    path: path, offset: value.offset)
            }
        default:
            try parser.skipValue()
            let hint = topLevel.sink.didYouMean(key, among: Self.topLevelKeys)
            topLevel.sink.report(.warning, "unknown field \"\(key)\" is ignored\(hint)", path: path, offset: keyOffset)
        }
    }

    /// Parses and decodes the elements of the array at the parser, one at a time.
    private func decodeItems(_ parser: inout JSONParser, defaultLocale: String) throws(JSONParser.Failure)
        -> FeedItemCollector
    {
        var items = FeedItemCollector(policy: policy, defaultLocale: defaultLocale)
        // One tape for all the items: after the largest so far, parsing an item allocates nothing.
        var tape = JSONTape(bytes: UnsafeBufferPointer(start: nil, count: 0))
        if try parser.openArray() {
            repeat {
                try parser.parseValue(into: &tape)
                tape.withRoot { items.add($0) }
            } while try parser.closeElement()
        }
        items.reportIgnoredItems()
        return items
    }

    /// The top-level fields of a feed, for "did you mean".
    static let topLevelKeys = ["$schema", "schemaVersion", "defaultLocale", "announcements", "limits"]
}
