package import Foundation

extension AnnouncementStateFile {
    /// Reads the state document at `url` strictly, never reading more than ``maximumBytes`` of it: a
    /// larger file is refused with its size, unread (for `announce simulate --state-dir`, which must not
    /// change the directory it is given; an app's store recovers such a file instead).
    package static func read(contentsOf url: URL) throws -> AnnouncementState {
        let found: BoundedFileRead.Result
        do {
            found = try BoundedFileRead.read(path: url.path, limit: maximumBytes)
        } catch {
            throw ReadError(message: error.message)
        }
        switch found {
        case .missing:
            throw ReadError(message: "there is no file at \(url.path)")
        case .notRegularFile:
            throw ReadError(message: "\(url.path) is not a regular file")
        case .truncated(_, let size):
            throw tooLarge(byteCount: size)
        case .complete(let bytes):
            let outcome = bytes.withUnsafeBufferPointer { read($0) }
            if let problem = outcome.problem { throw problem }
            return outcome.state
        }
    }
}
