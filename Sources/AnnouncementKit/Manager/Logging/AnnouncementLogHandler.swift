/// Where the manager's log records go: ``AnnouncementManager/Configuration/logHandler``.
///
/// The default, ``standard``, writes to `os.Logger` on Apple platforms and is silent elsewhere. An app
/// that logs through its own system (swift-log, say) makes a handler from a closure:
///
/// ```swift
/// let configuration = AnnouncementManager.Configuration(
///     logHandler: AnnouncementLogHandler { record in
///         print("[\(record.level)] \(record.category): \(record.message) \(record.metadata)")
///     })
/// ```
///
/// The closure is called synchronously on the thread that made the change (often the main actor),
/// sometimes while the manager's lock is held: it should return quickly, hand slow work (a file, the
/// network) to a queue of its own, and not wait for the manager. See <doc:Logging>.
public struct AnnouncementLogHandler: Sendable {
    private let body: (@Sendable (AnnouncementLogRecord) -> Void)?

    /// A handler that gives every record to `log`.
    public init(_ log: @escaping @Sendable (AnnouncementLogRecord) -> Void) {
        body = log
    }

    private init(silent: Void) {
        body = nil
    }

    /// A handler that drops every record; the manager then does not even make them.
    public static let silent = AnnouncementLogHandler(silent: ())

    /// The platform's default: `osLog(subsystem:)` where `os.Logger` exists (Apple platforms),
    /// ``silent`` elsewhere (Linux).
    public static var standard: AnnouncementLogHandler {
        #if canImport(os)
            osLog()
        #else
            silent
        #endif
    }

    /// Whether the handler drops every record (``silent``).
    package var isSilent: Bool { body == nil }

    /// Gives `record` to the handler.
    package func log(_ record: AnnouncementLogRecord) {
        body?(record)
    }

    /// Gives each of `records` to the handler, in order.
    package func log(_ records: [AnnouncementLogRecord]) {
        guard let body else { return }
        for record in records { body(record) }
    }
}
