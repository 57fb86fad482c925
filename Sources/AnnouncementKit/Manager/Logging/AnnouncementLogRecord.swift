/// One thing the manager logs: how bad it is, what it is about, one line of text and a few
/// structured values, handed to the ``AnnouncementManager/Configuration/logHandler``.
///
/// Feed text (an id, a diagnostic's message, a server's reason) is cut to `maximumFieldLength`
/// Unicode scalars and its control characters are escaped before it goes into a record, so a hostile
/// feed cannot make the log huge or write to a terminal through it. See <doc:Logging>.
public struct AnnouncementLogRecord: Sendable, Hashable {
    /// How bad a record is, from least to most severe; the levels of `os.Logger` and swift-log have
    /// one of the same name (`os.Logger` logs a warning at its error level).
    public enum Level: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Routine detail: a `304`, a throttled refresh, a feed's warnings.
        case debug
        /// A normal outcome worth keeping: a fresh feed was applied.
        case info
        /// Something the feed's author should know: an item was dropped.
        case notice
        /// Something failed and the manager worked around it: a failed fetch, a budget hit.
        case warning
        /// Something failed that may lose data: the stored state could not be read or written.
        case error

        /// Whether `lhs` is less severe than `rhs`.
        public static func < (lhs: Level, rhs: Level) -> Bool {
            lhs.severity < rhs.severity
        }

        private var severity: Int {
            switch self {
            case .debug: 0
            case .info: 1
            case .notice: 2
            case .warning: 3
            case .error: 4
            }
        }
    }

    /// What a record is about; `os.Logger`'s category under the subsystem `AnnouncementKit`.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        /// The outcome of a load or refresh: exactly one record per fetch.
        case fetch
        /// The feed's findings: items dropped, errors and warnings of the decoder.
        case feed
        /// The state store: a stored state set aside, a failed write.
        case state
        /// A limit that was reached: the feed's size, its number of items, the image budget.
        case budget
        /// An action the manager did not route (it failed the safety check).
        case action
    }

    /// The longest piece of feed text in a record, in Unicode scalars: 200.
    package static let maximumFieldLength = 200
    /// The most ``Category/feed`` records of one fetch that are about single findings (items dropped,
    /// errors and warnings): 20. When a fetch has more, one more record says how many were not logged.
    package static let maximumFindingsPerFetch = 20

    /// How bad it is.
    public var level: Level
    /// What it is about.
    public var category: Category
    /// One line of text, such as `fetched the feed: 12 items, 11 usable, 1 rejected`.
    public var message: String
    /// Structured values, such as `status`, `reason`, `id`; the keys of each record are listed in
    /// <doc:Logging>.
    public var metadata: [String: String]

    /// Creates a record.
    package init(level: Level, category: Category, message: String, metadata: [String: String] = [:]) {
        self.level = level
        self.category = category
        self.message = message
        self.metadata = metadata
    }

    /// The message, then the metadata as `key=value` pairs sorted by key: one line for a plain-text log.
    package var line: String {
        guard !metadata.isEmpty else { return message }
        let pairs = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return message + " " + pairs.joined(separator: " ")
    }

    /// `text` safe to log: its first `limit` scalars (`maximumFieldLength` unless told), with `…` when
    /// it was longer, and control and invisible characters escaped (`TerminalText`).
    package static func bounded(_ text: some StringProtocol, to limit: Int = maximumFieldLength) -> String {
        let scalars = text.unicodeScalars
        var cut = String(String.UnicodeScalarView(scalars.prefix(limit)))
        let wasCut = !scalars.dropFirst(limit).isEmpty
        cut = TerminalText.escaped(cut)
        // Escaping lengthens a control character to a few scalars: the result is cut again.
        if cut.unicodeScalars.count > limit {
            return String(String.UnicodeScalarView(cut.unicodeScalars.prefix(limit))) + "…"
        }
        return wasCut ? cut + "…" : cut
    }
}
