package import Foundation

/// A set of file changes inside a project root, written all or nothing.
///
/// Every path is checked before anything is written: relative, without `..`, and inside the root
/// once symbolic links are followed (a link that leads out of the root is refused, one that stays
/// inside is fine); a file to modify must still hold the text the change was planned from, and a
/// file to create must not exist. Each new text is written to a temporary file beside its target,
/// then the temporary files are renamed over their targets; if anything fails, the files already
/// replaced get their old bytes back, created files and folders are removed, and the error says
/// what failed.
package struct FileTransaction {
    /// One file to create or replace.
    package struct Change: Sendable, Equatable {
        /// The file, relative to the root, with `/` separators.
        package var path: String
        /// The text the file holds now; `nil` when the change creates it.
        package var oldText: String?
        /// The text to write.
        package var newText: String

        package init(path: String, oldText: String?, newText: String) {
            self.path = path
            self.oldText = oldText
            self.newText = newText
        }
    }

    /// Why the changes were not written; nothing was changed.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// The project root.
    package let root: URL

    package init(root: URL) { self.root = root.standardizedFileURL }

    /// The absolute path of `path` after its symbolic links are followed, or a failure when it
    /// leaves the root or is not a plain relative path.
    package func resolvedPath(_ path: String) throws(Failure) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !components.isEmpty,
            !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
        else { throw Failure("'\(path)' is not a plain path inside the project") }
        let realRoot = Self.realPath(root.path) ?? root.path
        // The deepest part of the path that exists, with its links followed, then the rest as written.
        var existing = root.path
        var rest = components[...]
        while let next = rest.first {
            let candidate = existing + "/" + next
            var isFolder: ObjCBool = false
            let linked = (try? FileManager.default.destinationOfSymbolicLink(atPath: candidate)) != nil
            guard linked || FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) else { break }
            existing = candidate
            rest = rest.dropFirst()
        }
        guard let realExisting = Self.realPath(existing) else {
            throw Failure("'\(path)' goes through a symbolic link that leads nowhere")
        }
        guard realExisting == realRoot || realExisting.hasPrefix(realRoot + "/") else {
            throw Failure("'\(path)' leads out of the project through a symbolic link; nothing is written there")
        }
        return ([realExisting] + rest.map(String.init)).joined(separator: "/")
    }

    /// Checks every change, then writes them all or none.
    package func apply(_ changes: [Change]) throws(Failure) {
        var targets: [(change: Change, path: String)] = []
        for change in changes {
            let path = try resolvedPath(change.path)
            let current = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            if let old = change.oldText {
                guard current == old else { throw Failure("\(change.path) changed since it was read; run again") }
            } else if current != nil || FileManager.default.fileExists(atPath: path) {
                throw Failure("\(change.path) already exists; nothing was written")
            }
            targets.append((change, path))
        }
        var createdFolders: [String] = []
        var temporaries: [String] = []
        var replaced: [(path: String, old: String?)] = []
        do throws(Failure) {
            for (change, path) in targets {
                let folder = (path as NSString).deletingLastPathComponent
                try createFolders(folder, into: &createdFolders)
                let temporary = folder + "/.announce-init-\(UInt32.random(in: 0...UInt32.max)).tmp"
                try write(change.newText, to: temporary, permissionsOf: change.oldText == nil ? nil : path)
                temporaries.append(temporary)
            }
            for (index, (change, path)) in targets.enumerated() {
                guard rename(temporaries[index], path) == 0 else {
                    throw Failure("cannot replace \(change.path): \(String(cString: strerror(errno)))")
                }
                replaced.append((path, change.oldText))
            }
        } catch {
            for (path, old) in replaced.reversed() {
                if let old { try? Data(old.utf8).write(to: URL(fileURLWithPath: path)) } else { unlink(path) }
            }
            for temporary in temporaries { unlink(temporary) }
            for folder in createdFolders.reversed() { rmdir(folder) }
            throw error
        }
    }

    private func createFolders(_ folder: String, into created: inout [String]) throws(Failure) {
        var missing: [String] = []
        var current = folder
        while !FileManager.default.fileExists(atPath: current) {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for path in missing.reversed() {
            guard mkdir(path, 0o755) == 0 else {
                throw Failure("cannot create the folder \(path): \(String(cString: strerror(errno)))")
            }
            created.append(path)
        }
    }

    private func write(_ text: String, to temporary: String, permissionsOf original: String?) throws(Failure) {
        var mode: mode_t = 0o644
        if let original, let attributes = try? FileManager.default.attributesOfItem(atPath: original),
            let permissions = attributes[.posixPermissions] as? NSNumber
        {
            mode = mode_t(permissions.uint16Value)
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard descriptor >= 0 else {
            throw Failure("cannot write beside \(temporary): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                unlink(temporary)
                throw Failure("cannot write \(temporary): \(String(cString: strerror(errno)))")
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            unlink(temporary)
            throw Failure("cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
    }

    /// `path` with every symbolic link followed, or `nil` when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
