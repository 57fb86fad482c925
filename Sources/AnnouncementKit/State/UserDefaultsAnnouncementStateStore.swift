public import Foundation

/// A state store in `UserDefaults`: the state document of `AnnouncementStateFile` under one key.
/// The default on Apple platforms; the state is small (ids, counts and dates).
///
/// A value that cannot be read is copied to `<key>.corrupt` (never lost), and the records read before its
/// problem are kept. A value over `AnnouncementStateFile/maximumBytes` (from an older version) is read
/// only that far, and replaced by the records found there.
///
/// The first time it finds no state under its key, it takes over the ids the announcement template kept
/// under ``UserDefaultsDismissalStore/key`` (`dismissed_announcement_ids`) as dismissals of every
/// revision, so an app that moves from the template to the package shows nobody a banner they closed.
public final class UserDefaultsAnnouncementStateStore: AnnouncementStateStore, @unchecked Sendable {
    // UserDefaults is thread-safe; the lock makes read-change-write one step within this process.
    private let defaults: UserDefaults
    private let lock = NSLock()

    /// The key the state is stored under.
    package let key: String

    /// Creates a store in `defaults` under `key`.
    public init(defaults: UserDefaults = .standard, key: String = "AnnouncementKit.state") {
        self.defaults = defaults
        self.key = key
    }

    /// Reads the stored state.
    public func load() -> StateStoreLoad {
        lock.withLock { readOrRecover() }
    }

    /// Reads, changes and writes the state.
    @discardableResult
    public func update(_ change: (inout AnnouncementState) -> Void) throws -> AnnouncementState {
        lock.withLock {
            var state = readOrRecover().state
            change(&state)
            defaults.set(AnnouncementStateFile.encode(bounding: &state), forKey: key)
            return state
        }
    }

    private func readOrRecover() -> StateStoreLoad {
        guard let data = defaults.data(forKey: key) else {
            var fresh = AnnouncementState(installationID: UUID().uuidString)
            adoptTemplateDismissals(into: &fresh)
            defaults.set(AnnouncementStateFile.encode(bounding: &fresh), forKey: key)
            return StateStoreLoad(state: fresh)
        }
        let limit = AnnouncementStateFile.maximumBytes
        let outcome = data.withUnsafeBytes { raw in
            AnnouncementStateFile.read(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self).prefix(limit)))
        }
        var state = outcome.state
        let problem: String
        let setAside: String
        if data.count > limit {
            // Only an older version or tampering makes a value this large. It is not copied: every launch
            // loads all of the app's defaults into memory, and it would stay there.
            problem = AnnouncementStateFile.tooLarge(byteCount: data.count).message
            setAside = "it was replaced"
        } else if let error = outcome.problem {
            problem = error.message
            defaults.set(data, forKey: key + ".corrupt")
            setAside = "it was copied to \(key).corrupt"
        } else {
            return StateStoreLoad(state: state)
        }
        let nothingRecovered = state.dismissals.isEmpty && state.impressions.isEmpty && state.installationID == nil
        if state.installationID == nil { state.installationID = UUID().uuidString }
        defaults.set(AnnouncementStateFile.encode(bounding: &state), forKey: key)
        return StateStoreLoad(
            state: state,
            notice: "the stored state under \(key) could not be read (\(problem)); \(setAside) and "
                + (nothingRecovered
                    ? "a fresh state was started"
                    : "\(outcome.recoveredSummary) read before the problem were kept"))
    }

    /// Adds a dismissal of every revision, dated now, for each id the template's dismissal store kept in
    /// `defaults`, within the state's bounds.
    private func adoptTemplateDismissals(into state: inout AnnouncementState) {
        guard let ids = defaults.array(forKey: UserDefaultsDismissalStore.key) as? [String] else { return }
        let now = Date()
        for id in ids.prefix(AnnouncementState.maximumTrackedIDs) where !id.isEmpty && state.dismissals[id] == nil {
            state.dismissals[id] = AnnouncementState.Dismissal(
                revision: AnnouncementState.Dismissal.everyRevision, date: now)
            state.lastSeen[id] = now
        }
    }
}
