public import Foundation

/// A state store in `UserDefaults`: the state document of ``AnnouncementStateFile`` under one key.
/// The default on Apple platforms; the state is small (ids, counts and dates).
///
/// A value that cannot be read is copied to `<key>.corrupt` (never lost) and a fresh state started.
public final class UserDefaultsAnnouncementStateStore: AnnouncementStateStore, @unchecked Sendable {
    // UserDefaults is thread-safe; the lock makes read-change-write one step within this process.
    private let defaults: UserDefaults
    private let lock = NSLock()

    /// The key the state is stored under.
    public let key: String

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
            defaults.set(AnnouncementStateFile.encode(state), forKey: key)
            return state
        }
    }

    private func readOrRecover() -> StateStoreLoad {
        guard let data = defaults.data(forKey: key) else {
            let fresh = AnnouncementState(installationID: UUID().uuidString)
            defaults.set(AnnouncementStateFile.encode(fresh), forKey: key)
            return StateStoreLoad(state: fresh)
        }
        do {
            return StateStoreLoad(state: try AnnouncementStateFile.decode(data))
        } catch {
            defaults.set(data, forKey: key + ".corrupt")
            let fresh = AnnouncementState(installationID: UUID().uuidString)
            defaults.set(AnnouncementStateFile.encode(fresh), forKey: key)
            return StateStoreLoad(
                state: fresh,
                notice: "the stored state under \(key) could not be read (\(error.message)); it was copied to "
                    + "\(key).corrupt and a fresh state was started")
        }
    }
}
