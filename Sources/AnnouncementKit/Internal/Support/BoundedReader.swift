package import Foundation

/// Reads files and streams in chunks, never keeping more than a limit: in `announce` the feed files
/// (which may be pipes or devices, such as `<(…)` or `/dev/stdin`) and standard input are refused
/// past their limit before being read whole. Files the package reads back itself go through
/// ``BoundedFileRead``.
package enum BoundedReader {
    /// The size of one read: 64 KiB.
    static let chunkSize = 64 * 1024

    /// What reading gave.
    package enum Outcome: Sendable, Equatable {
        /// Every byte, at most the limit.
        case complete(Data)
        /// More than the limit; `size` is the file's size when it is a regular file whose size was
        /// known before reading (nothing was read then), otherwise `nil` (the limit plus a byte was
        /// read, no more).
        case tooLarge(size: Int?)
    }

    /// Reads `handle` to its end, or stops once it has given more than `limit` bytes.
    package static func read(_ handle: FileHandle, limit: Int) throws -> Outcome {
        let data = try prefix(of: handle, count: limit + 1)
        return data.count > limit ? .tooLarge(size: nil) : .complete(data)
    }

    /// The first `count` bytes of `handle`, or all of them when it ends sooner; nothing past
    /// `count` is read.
    package static func prefix(of handle: FileHandle, count: Int) throws -> Data {
        var data = Data()
        while data.count < count {
            let wanted = min(chunkSize, count - data.count)
            guard let chunk = try handle.read(upToCount: wanted), !chunk.isEmpty else { break }
            data.append(chunk)
        }
        return data
    }

    /// Reads the file at `url`, or refuses it past `limit` bytes: a regular file by its size,
    /// without reading it; anything else (a pipe, a device) after reading `limit` plus one byte.
    package static func read(contentsOf url: URL, limit: Int) throws -> Outcome {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let isRegular = (attributes[.type] as? FileAttributeType) == .typeRegular
        if isRegular, let size = (attributes[.size] as? NSNumber)?.intValue, size > limit {
            return .tooLarge(size: size)
        }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try read(handle, limit: limit)
    }
}
