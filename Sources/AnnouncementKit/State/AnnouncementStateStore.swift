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

/// Errors of the state stores.
public struct StateStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed and where.
    public var message: String

    /// Creates an error.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
