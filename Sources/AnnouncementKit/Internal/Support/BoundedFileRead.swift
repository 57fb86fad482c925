import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file without ever holding more than a limit of it: the size is checked on the open file before
/// reading, and reading stops one byte past the limit whatever the size said (a file that grows, a
/// device). Time and memory are bounded by the limit, not by the file. Used for every file the package
/// reads back: the state file and the feed cache; and by `announce` for the files of signed feeds (feeds,
/// keys and signatures), where a FIFO must be refused rather than waited on.
package enum BoundedFileRead {
    /// What was found at the path.
    package enum Result: Equatable {
        /// There is no file.
        case missing
        /// The path names something other than a regular file (a directory, a FIFO, a device).
        case notRegularFile
        /// The whole file, at most the limit.
        case complete([UInt8])
        /// The file is larger than the limit: its first `limit` bytes, and its size (at least `limit + 1`).
        case truncated(prefix: [UInt8], size: Int)
    }

    /// Why a file could not be read: the path and the system's reason.
    package struct Failure: Error, CustomStringConvertible {
        /// What failed, for example `cannot open PATH: Permission denied`.
        package let message: String
        package var description: String { message }
    }

    /// Reads at most `limit` bytes of the file at `path`; throws ``Failure`` saying what failed.
    package static func read(path: String, limit: Int) throws(Failure) -> Result {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it changes nothing for a regular file.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return .missing }
            throw Failure(message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Failure(message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return .notRegularFile }
        let size = Int(status.st_size)
        // One byte more than the limit tells a file over it from one exactly at it.
        let capacity = min(max(size, 0), limit) + 1
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            while count < capacity {
                let got = readBytes(descriptor, buffer.baseAddress! + count, capacity - count)
                if got > 0 {
                    count += got
                } else if got == 0 {
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        if failure != 0 {
            throw Failure(message: "cannot read \(path): \(String(cString: strerror(failure)))")
        }
        guard bytes.count > limit else { return .complete(bytes) }
        return .truncated(prefix: Array(bytes[..<limit]), size: max(size, bytes.count))
    }
}

/// `read(2)`, named apart from the static `read` methods around it.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
