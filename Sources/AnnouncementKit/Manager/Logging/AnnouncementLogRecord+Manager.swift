/// The records of the manager's other problems: the state store's and the actions it did not route.
extension AnnouncementLogRecord {
    /// The most scalars of a state store's notice or error in a record: 1,000. They are the package's
    /// words and a file's path (which may be long), not feed text.
    static let maximumStoreTextLength = 1000

    /// The stored state could not be used and was set aside (``StateStoreLoad/notice``).
    static func storeSetAside(_ notice: String) -> AnnouncementLogRecord {
        AnnouncementLogRecord(
            level: .error, category: .state,
            message: "the stored state could not be used: \(bounded(notice, to: maximumStoreTextLength))",
            metadata: ["reason": "setAside"])
    }

    /// A change could not be written to the store; it still applies in memory.
    static func storeWriteFailed(_ error: any Error) -> AnnouncementLogRecord {
        AnnouncementLogRecord(
            level: .error, category: .state,
            message: "could not store the change (it applies until the app quits): "
                + bounded(String(describing: error), to: maximumStoreTextLength),
            metadata: ["reason": "writeFailed"])
    }

    /// The action of `id` failed the safety check again when it was performed.
    static func actionRefused(id: String, reason: String) -> AnnouncementLogRecord {
        AnnouncementLogRecord(
            level: .notice, category: .action,
            message: "the action of \"\(bounded(id))\" was not routed: \(bounded(reason))",
            metadata: ["id": bounded(id), "reason": "refused"])
    }
}
