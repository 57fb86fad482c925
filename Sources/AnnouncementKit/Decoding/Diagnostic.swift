/// A finding about a feed: what is wrong, where (JSON path, line and column) and how bad it is.
///
/// Errors drop the item they are about (or, for a whole-feed failure, the feed); warnings drop
/// nothing. `description` reads `LINE:COL: error: MESSAGE (PATH)`.
///
/// ``message`` and ``path`` may quote feed text (an unknown key, a time zone, a segment name) exactly
/// as the feed wrote it, control characters included. ``description`` is safe to print: it shows
/// them escaped with `TerminalText`. Print ``message`` and ``path`` on their own only after
/// escaping them the same way.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible, Encodable {
    /// How bad a finding is.
    public enum Severity: String, Sendable, Hashable, Encodable {
        /// The item (or the feed) cannot be used.
        case error
        /// The item is used, but probably not as the author meant.
        case warning
    }

    /// How bad it is.
    public var severity: Severity
    /// What is wrong and what to do, in one sentence.
    public var message: String
    /// Where in the JSON, such as `$.announcements[3].action.value`.
    public var path: String
    /// 1-based line of the value in the source text, when the text is known.
    public var line: Int?
    /// 1-based column (in Unicode scalars) of the value, when the text is known.
    public var column: Int?

    /// Creates a diagnostic.
    package init(severity: Severity, message: String, path: String, line: Int? = nil, column: Int? = nil) {
        self.severity = severity
        self.message = message
        self.path = path
        self.line = line
        self.column = column
    }

    /// `LINE:COL: severity: message (path)`, or without the position when it is unknown; one line,
    /// with the message and the path escaped for a terminal (`TerminalText`).
    public var description: String {
        let position = line.map { "\($0):\(column ?? 1): " } ?? ""
        return "\(position)\(severity.rawValue): \(TerminalText.escaped(message)) (\(TerminalText.escaped(path)))"
    }

    private enum CodingKeys: String, CodingKey {
        case severity, message, path, line, column
    }

    /// Encodes `severity`, `message`, `path`, `line` and `column` (`null` when unknown).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encode(path, forKey: .path)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}
