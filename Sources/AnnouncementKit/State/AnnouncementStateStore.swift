/// Where dismissals and impressions are kept between launches.
///
/// Implementations: ``FileAnnouncementStateStore`` (the default on Linux),
/// ``UserDefaultsAnnouncementStateStore`` (the default on Apple platforms) and
/// ``InMemoryAnnouncementStateStore`` (tests and previews). ``AnnouncementStateStores/makeDefault()``
/// picks the platform's default.
///
/// ``AnnouncementManager`` calls ``load()`` and the prune at each refresh on a background queue, and the
/// ``update(_:)`` of a dismissal or an impression on the caller's thread, before `dismiss(_:)` or
/// `recordImpression(_:)` returns: an update should cost what writing the (bounded) state costs.
public protocol AnnouncementStateStore: Sendable {
    /// Reads the stored state. A store that cannot be read is set aside (never silently lost), the
    /// records read before its problem are kept and the rest starts fresh; ``StateStoreLoad/notice``
    /// then says what happened.
    func load() -> StateStoreLoad

    /// Reads the state, applies `change` and writes the result, as one step that other processes
    /// using the same store cannot interleave with. When it returns, the change is durable.
    @discardableResult
    func update(_ change: (inout AnnouncementState) -> Void) throws -> AnnouncementState
}

/// What loading a store gave.
public struct StateStoreLoad: Sendable, Hashable {
    /// The state, fresh when nothing usable was stored.
    public var state: AnnouncementState
    /// What went wrong, when the stored state could not be used and was set aside.
    public var notice: String?

    /// Creates a load result.
    public init(state: AnnouncementState, notice: String? = nil) {
        self.state = state
        self.notice = notice
    }
}

/// Errors of the state stores: what failed, on which file, and the system's reason.
public struct StateStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The step of a store that failed.
    public enum Operation: String, Sendable, Hashable {
        /// Reading the state file.
        case read
        /// Moving a damaged state file aside (``StateStoreError/destination`` is where to).
        case moveAside
        /// Creating the temporary file a write goes to first.
        case createTemporaryFile
        /// Replacing the state file with the written temporary file.
        case replace
        /// Creating the folder of the state file.
        case createDirectory
        /// Opening the lock file.
        case openLock
        /// Taking the lock.
        case lock
        /// A store of the app's own, which gave only a message.
        case other
    }

    /// What failed.
    public var operation: Operation
    /// The file or folder it failed on; `nil` for ``Operation/other``.
    public var path: String?
    /// Where a file was being moved to (``Operation/moveAside``).
    public var destination: String?
    /// The system's reason, such as "No space left on device"; `nil` when it gave none.
    public var reason: String?

    /// An error of `operation` on `path`.
    public init(_ operation: Operation, path: String, destination: String? = nil, reason: String? = nil) {
        self.operation = operation
        self.path = path
        self.destination = destination
        self.reason = reason
    }

    /// An error of a store of the app's own, as one message (``Operation/other``).
    public init(message: String) {
        self.operation = .other
        self.path = nil
        self.destination = nil
        self.reason = message
    }

    /// What failed and where, in a sentence: `cannot replace /path/state.json: No space left on device`.
    public var message: String {
        let detail = reason.map { ": \($0)" } ?? ""
        let path = path ?? ""
        switch operation {
        case .read: return reason ?? "cannot read \(path)"
        case .moveAside: return "cannot move \(path) aside to \(destination ?? "?")\(detail)"
        case .createTemporaryFile: return "cannot create \(path)\(detail)"
        case .replace: return "cannot replace \(path)\(detail)"
        case .createDirectory: return "cannot create \(path)\(detail)"
        case .openLock: return "cannot open \(path)\(detail)"
        case .lock: return "cannot lock \(path)\(detail)"
        case .other: return reason ?? ""
        }
    }

    /// The message.
    public var description: String { message }
}
