import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

/// Files and streams are refused past their limit before being read whole.
@Suite("Bounded reader")
struct BoundedReaderTests {
    static let limit = 100_000

    private func file(_ bytes: Int) throws -> URL {
        let url = try RemoteFeedSupport.temporaryDirectory().appendingPathComponent("input")
        try Data(repeating: 0x41, count: bytes).write(to: url)
        return url
    }

    @Test("a regular file at the limit is read whole; one byte past it is refused by its size")
    func regularFiles() throws {
        #expect(
            try BoundedReader.read(contentsOf: file(Self.limit), limit: Self.limit)
                == .complete(Data(repeating: 0x41, count: Self.limit)))
        #expect(
            try BoundedReader.read(contentsOf: file(Self.limit + 1), limit: Self.limit)
                == .tooLarge(size: Self.limit + 1))
        #expect(try BoundedReader.read(contentsOf: file(0), limit: Self.limit) == .complete(Data()))
    }

    @Test("a 2 GiB sparse file is refused by its size")
    func sparseFile() throws {
        let url = try file(0)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        #expect(try BoundedReader.read(contentsOf: url, limit: Self.limit) == .tooLarge(size: 2 << 30))
    }

    @Test("an endless device is refused after the limit plus one byte")
    func endlessDevice() throws {
        let zero = URL(fileURLWithPath: "/dev/zero")
        try #require(FileManager.default.fileExists(atPath: zero.path))
        #expect(try BoundedReader.read(contentsOf: zero, limit: Self.limit) == .tooLarge(size: nil))
        // The reader of the package's own files refuses it unread.
        #expect(try BoundedFileRead.read(path: zero.path, limit: Self.limit) == .notRegularFile)
    }

    @Test("a pipe is read up to the limit plus one byte and no further")
    func pipe() throws {
        // Under the pipe's 64 KiB buffer in all, so writing first cannot block.
        let limit = 50_000
        let extra = 999
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(repeating: 0x42, count: limit + 1 + extra))
        try pipe.fileHandleForWriting.close()
        #expect(try BoundedReader.read(pipe.fileHandleForReading, limit: limit) == .tooLarge(size: nil))
        #expect(pipe.fileHandleForReading.readDataToEndOfFile().count == extra)
    }

    @Test("a short pipe is read to its end")
    func shortPipe() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("feed".utf8))
        try pipe.fileHandleForWriting.close()
        #expect(try BoundedReader.read(pipe.fileHandleForReading, limit: Self.limit) == .complete(Data("feed".utf8)))
    }
}
