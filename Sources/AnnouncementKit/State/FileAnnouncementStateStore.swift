public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A state store in a directory: `state.json` in the format of `AnnouncementStateFile`, written
/// atomically (a temporary file, flushed to disk, renamed over the old one) under an exclusive
/// `flock` on `state.lock`, so several processes can share it. A temporary file left by a process that
/// died mid-write is removed by the next write.
///
/// The file is bounded (see `AnnouncementStateFile/maximumBytes`) and never read past that bound. A
/// file that cannot be read whole is moved aside (never deleted) to `state.corrupt-<time>.json`, or
/// `state.oversized-<time>.json` when it is over the bound, and the records read before the problem
/// (the installation id and dismissals come first) are kept, so a damaged or oversized file does not
/// bring back announcements the user dismissed; ``StateStoreLoad/notice`` says what happened. The
/// default store on Linux.
public final class FileAnnouncementStateStore: AnnouncementStateStore, Sendable {
    /// The directory holding `state.json`.
    package let directory: URL
    private let threadLock = NSLock()
    /// The state this store last wrote and the file it is in; see ``WrittenState``.
    private let written = LockedValue<WrittenState?>(nil)

    /// Creates a store in `directory`, which is created when missing.
    public init(directory: URL) {
        self.directory = directory
    }

    /// `~/.local/share/AnnouncementKit` on Linux (`$XDG_DATA_HOME` when set), Application Support on
    /// Apple platforms.
    public static var defaultDirectory: URL {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        return base.appendingPathComponent("AnnouncementKit", isDirectory: true)
    }

    private var fileURL: URL { directory.appendingPathComponent(AnnouncementStateFile.fileName) }
    private var lockURL: URL { directory.appendingPathComponent("state.lock") }

    /// Reads `state.json`; a missing file is a fresh state with a new installation id.
    public func load() -> StateStoreLoad {
        do {
            return try withFileLock { try readOrRecover() }
        } catch {
            return StateStoreLoad(
                state: AnnouncementState(installationID: UUID().uuidString),
                notice: "the state in \(directory.path) cannot be used (\(error)); starting fresh in memory")
        }
    }

    /// Reads, changes and durably writes `state.json` under the file lock.
    @discardableResult
    public func update(_ change: (inout AnnouncementState) -> Void) throws -> AnnouncementState {
        try withFileLock {
            var state = try readOrRecover().state
            change(&state)
            try write(&state)
            return state
        }
    }

    // MARK: - Files

    /// Reads `state.json`, never more than `AnnouncementStateFile/maximumBytes` of it. A file that
    /// cannot be used whole is moved aside and the records read before its problem are kept. When the
    /// file is still the one this store last wrote, what it wrote is used without reading it again.
    private func readOrRecover() throws -> StateStoreLoad {
        if let state = written.withLock({ $0?.state(ifStillAt: fileURL.path) }) { return StateStoreLoad(state: state) }
        let found: BoundedFileRead.Result
        do {
            found = try BoundedFileRead.read(path: fileURL.path, limit: AnnouncementStateFile.maximumBytes)
        } catch {
            throw StateStoreError(.read, path: fileURL.path, reason: error.message)
        }
        switch found {
        case .missing:
            var fresh = AnnouncementState(installationID: UUID().uuidString)
            try write(&fresh)
            return StateStoreLoad(state: fresh)
        case .notRegularFile:
            return try setAside(
                label: "corrupt", problem: "it is not a regular file", recovered: AnnouncementStateFile.ReadOutcome())
        case .complete(let bytes):
            let outcome = bytes.withUnsafeBufferPointer { AnnouncementStateFile.read($0) }
            if let problem = outcome.problem {
                return try setAside(label: "corrupt", problem: problem.message, recovered: outcome)
            }
            var state = outcome.state
            if state.installationID == nil {
                state.installationID = UUID().uuidString
                try write(&state)
            }
            return StateStoreLoad(state: state)
        case .truncated(let prefix, let size):
            // Only an older version or tampering makes a file this large; its first part holds the
            // installation id and the dismissals, whichever version wrote it.
            let outcome = prefix.withUnsafeBufferPointer { AnnouncementStateFile.read($0) }
            return try setAside(
                label: "oversized", problem: AnnouncementStateFile.tooLarge(byteCount: size).message,
                recovered: outcome)
        }
    }

    /// Moves `state.json` aside as `state.LABEL-<time>.json` (never deleted, never over an earlier one)
    /// and writes what `recovered` holds in its place.
    private func setAside(
        label: String, problem: String, recovered: AnnouncementStateFile.ReadOutcome
    ) throws -> StateStoreLoad {
        let stamp = Timestamp.format(Date()).replacingOccurrences(of: ":", with: "-")
        var aside = directory.appendingPathComponent("state.\(label)-\(stamp).json")
        var suffix = 2
        while FileManager.default.fileExists(atPath: aside.path) {
            aside = directory.appendingPathComponent("state.\(label)-\(stamp)-\(suffix).json")
            suffix += 1
        }
        if rename(fileURL.path, aside.path) != 0 {
            throw StateStoreError(
                .moveAside, path: fileURL.path, destination: aside.path, reason: StateStoreError.systemReason)
        }
        var state = recovered.state
        let nothingRecovered = state.dismissals.isEmpty && state.impressions.isEmpty && state.installationID == nil
        if state.installationID == nil { state.installationID = UUID().uuidString }
        try write(&state)
        return StateStoreLoad(
            state: state,
            notice: "\(fileURL.path) could not be read (\(problem)); it was moved to \(aside.lastPathComponent) and "
                + (nothingRecovered
                    ? "a fresh state was started"
                    : "\(recovered.recoveredSummary) read before the problem were kept"))
    }

    /// Writes `state` durably, within `AnnouncementStateFile/maximumBytes` (the ids that do not fit
    /// leave `state` too).
    private func write(_ state: inout AnnouncementState) throws {
        removeAbandonedTemporaryFiles()
        let data = AnnouncementStateFile.encode(bounding: &state)
        let temporary = directory.appendingPathComponent(".state-\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw StateStoreError(.createTemporaryFile, path: temporary.path)
        }
        var kept: Int32 = -1
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.write(contentsOf: data)
            try handle.synchronize()
            kept = dup(handle.fileDescriptor)
            try handle.close()
            if rename(temporary.path, fileURL.path) != 0 {
                throw StateStoreError(.replace, path: fileURL.path, reason: StateStoreError.systemReason)
            }
        } catch {
            if kept >= 0 { close(kept) }
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        let snapshot = WrittenState(descriptor: kept, state: state)
        written.withLock { $0 = snapshot }
        // Make the rename itself durable.
        let directoryDescriptor = open(directory.path, O_RDONLY)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Removes temporary files of writes that never finished (the process died between creating and
    /// renaming them). Only called under the file lock, so no live writer owns one.
    private func removeAbandonedTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(".state-") && name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    private func withFileLock<Result>(_ body: () throws -> Result) throws -> Result {
        try threadLock.withLock {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw StateStoreError(.createDirectory, path: directory.path, reason: error.localizedDescription)
            }
            let descriptor = open(lockURL.path, O_RDWR | O_CREAT, 0o644)
            guard descriptor >= 0 else {
                throw StateStoreError(.openLock, path: lockURL.path, reason: StateStoreError.systemReason)
            }
            defer { close(descriptor) }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    throw StateStoreError(.lock, path: lockURL.path, reason: StateStoreError.systemReason)
                }
            }
            defer { flock(descriptor, LOCK_UN) }
            return try body()
        }
    }
}

extension StateStoreError {
    /// The calling thread's `errno` as the system words it.
    fileprivate static var systemReason: String { String(cString: strerror(errno)) }
}
