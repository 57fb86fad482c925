import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileAnnouncementStateStore {
    /// The state a store last wrote, with the file it wrote it to held open.
    ///
    /// A dismissal is stored before `dismiss(_:)` returns, on the caller's thread, so an update should not
    /// read and parse the whole file again when nothing else changed it. While the descriptor is open the
    /// file's inode number cannot be given to another file, so `state.json` having the same device,
    /// inode, size and modification and change times as the file written means it is that file: every
    /// writer replaces `state.json` by renaming a new file over it, which changes the inode. Anything
    /// else (another process, an older version, an edit) makes the store read the file again.
    final class WrittenState: Sendable {
        private let descriptor: Int32
        private let identity: FileIdentity?
        private let state: AnnouncementState

        /// Holds `descriptor` (the file written, now renamed to `state.json`; closed with this value)
        /// and the state it holds. A negative descriptor never matches.
        init(descriptor: Int32, state: AnnouncementState) {
            self.descriptor = descriptor
            self.state = state
            var status = stat()
            identity = descriptor >= 0 && fstat(descriptor, &status) == 0 ? FileIdentity(status) : nil
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }

        /// The state written, when the file at `path` is still the one written.
        func state(ifStillAt path: String) -> AnnouncementState? {
            var status = stat()
            guard let identity, stat(path, &status) == 0, FileIdentity(status) == identity else { return nil }
            return state
        }
    }

    /// What tells one version of a file from another without reading it.
    struct FileIdentity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int
        var modifiedNanoseconds: Int
        var changed: Int
        var changedNanoseconds: Int

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            #if canImport(Darwin)
                (modified, modifiedNanoseconds) = (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
                (changed, changedNanoseconds) = (Int(status.st_ctimespec.tv_sec), Int(status.st_ctimespec.tv_nsec))
            #else
                (modified, modifiedNanoseconds) = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
                (changed, changedNanoseconds) = (Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec))
            #endif
        }
    }
}
