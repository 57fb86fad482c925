package import Foundation

/// The Swift files of a folder, walked within budgets: at most ``maximumFiles`` files and
/// ``maximumBytes`` in all, never into build products, vendored code or hidden folders, never
/// through a symbolic link that leads out of the project root. What the walk left out is counted,
/// so the report can say so.
package struct SourceTree: Sendable {
    /// The most Swift files read in one project.
    package static let maximumFiles = 20_000
    /// The most bytes of Swift read in one project.
    package static let maximumBytes = 64 << 20
    /// Folders never walked: build output, dependency checkouts and vendored code.
    package static let skippedFolders: Set<String> = [
        ".build", "build", "DerivedData", "Pods", "Carthage", "checkouts", "node_modules", "SourcePackages",
        ".swiftpm", "vendor", "Vendor", "ThirdParty", "third_party",
    ]

    /// One file: its path relative to the root and its summary.
    package struct File: Sendable {
        package var path: String
        package var bytes: [UInt8]
        package var summary: SwiftFileSummary
    }

    /// The files read, in path order.
    package var files: [File] = []
    /// Files left out by the budgets.
    package var leftOut = 0

    /// The Swift files under each of `folders` (relative to `root`), once each.
    package init(root: URL, folders: [String]) {
        let realRoot = FileTransaction.realPath(root.path) ?? root.path
        var seen: Set<String> = []
        var budget = Self.maximumBytes
        for folder in folders {
            let start = folder.isEmpty ? root.path : root.path + "/" + folder
            walk(start, relative: folder, realRoot: realRoot, seen: &seen, budget: &budget, depth: 0)
        }
        files.sort { $0.path < $1.path }
    }

    private mutating func walk(
        _ path: String, relative: String, realRoot: String, seen: inout Set<String>, budget: inout Int, depth: Int
    ) {
        guard depth < 32, let real = FileTransaction.realPath(path),
            real == realRoot || real.hasPrefix(realRoot + "/"), seen.insert(real).inserted
        else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder) else { return }
        if !isFolder.boolValue {
            guard path.hasSuffix(".swift") else { return }
            // A regular file only (a FIFO named .swift would block), within what is left of the budget
            // and the tokenizer's limit per file.
            let limit = min(budget, SwiftSourceLimits.standard.maxFileBytes)
            guard files.count < Self.maximumFiles, let data = BoundedFile.contents(real, limit: limit) else {
                leftOut += 1
                return
            }
            budget -= data.count
            let bytes = [UInt8](data)
            files.append(File(path: relative, bytes: bytes, summary: SwiftFileSummary(bytes: bytes)))
            return
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: real)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") && !Self.skippedFolders.contains(name) {
            // Bundles of other tools are not sources.
            if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") || name.hasSuffix(".xcassets") {
                continue
            }
            walk(
                path + "/" + name, relative: relative.isEmpty ? name : relative + "/" + name, realRoot: realRoot,
                seen: &seen, budget: &budget, depth: depth + 1)
        }
    }
}
