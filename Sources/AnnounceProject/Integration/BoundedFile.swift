package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file of a project someone else made, within a budget: only a regular file (a FIFO
/// would block the read, a device would never end), opened without blocking and checked again
/// once open, and never more than `limit` + 1 bytes, so a huge file costs no more than its cap.
package enum BoundedFile {
    /// The bytes of the regular file at `path` (symbolic links followed), or nil when there is
    /// none, it is not a regular file, it cannot be read, or it holds more than `limit` bytes.
    package static func contents(_ path: String, limit: Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= limit
        else { return nil }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= limit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        // The file may have grown since it was measured.
        return data.count <= limit ? data : nil
    }

    /// Whether `path` names a regular file (symbolic links followed), without opening it.
    package static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
