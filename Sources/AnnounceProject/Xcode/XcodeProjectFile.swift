import Foundation

/// Reads `project.pbxproj` from disk within a size budget, refused before reading.
package enum XcodeProjectFile {
    /// The largest project file read: 8 MiB (large real projects are 1–5 MiB). `announce init` reads
    /// the file again after each of its edits, so its time grows with the size: at the cap, with
    /// 48,000 objects, a whole run takes about 2.3 s and 240 MB (`announce-bench --only hostile`);
    /// at the earlier 32 MiB cap it took 17 s and 1 GB.
    package static let maximumSize = 8 * 1024 * 1024

    /// The project file of `xcodeproj` (a path to an `.xcodeproj` folder or to the file itself),
    /// read and modelled; `displayName` is what errors name (default: the path as given).
    package static func load(_ path: String, displayName: String? = nil) throws(XcodeProjectError) -> XcodeProject {
        let file = path.hasSuffix(".pbxproj") ? path : path + "/project.pbxproj"
        let name = displayName ?? file
        let bytes = try read(file, displayName: name)
        return try XcodeProject(bytes: bytes, fileName: name)
    }

    /// The bytes of the file at `path`: its size is checked first (a file over ``maximumSize`` is
    /// refused unread), and no more than ``maximumSize`` bytes are read even if it grows meanwhile.
    package static func read(_ path: String, displayName: String) throws(XcodeProjectError) -> [UInt8] {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw XcodeProjectError(kind: .unreadable, file: displayName, message: "cannot read the file (\(error))")
        }
        guard size <= maximumSize else { throw tooLarge(size, file: displayName) }
        // A FIFO or a device in its place would block or never end.
        guard BoundedFile.isRegularFile(path) else {
            throw XcodeProjectError(kind: .unreadable, file: displayName, message: "not a regular file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw XcodeProjectError(kind: .unreadable, file: displayName, message: "cannot open the file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumSize + 1) ?? Data()
        } catch {
            throw XcodeProjectError(kind: .unreadable, file: displayName, message: "cannot read the file (\(error))")
        }
        guard data.count <= maximumSize else { throw tooLarge(data.count, file: displayName) }
        return [UInt8](data)
    }

    /// The error for a file of `size` bytes over the budget.
    static func tooLarge(_ size: Int, file: String) -> XcodeProjectError {
        XcodeProjectError(
            kind: .tooLarge, file: file,
            message:
                "the file is \(size) bytes, over the \(maximumSize) bytes (\(maximumSize >> 20) MiB) read for a project file"
        )
    }
}
