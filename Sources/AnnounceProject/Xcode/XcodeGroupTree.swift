/// Resolves the navigator's tree (groups, variant groups, synchronized folders, files) to paths
/// relative to the project's folder: one walk from the main group, each object visited once, so a
/// cycle or a long chain in a hostile file costs linear time.
struct XcodeGroupTree {
    private(set) var groups: [String: XcodeGroup] = [:]
    private(set) var files: [String: XcodeFileReference] = [:]
    private(set) var synchronizedGroups: [String: XcodeSynchronizedGroup] = [:]

    init(reader: XcodeObjectReader) {
        for (id, entry) in reader.objects {
            let node = entry.value
            switch node["isa"]?.string {
            case "PBXGroup", "PBXVariantGroup":
                groups[id] = XcodeGroup(
                    id: id, isa: node["isa"]?.string ?? "", name: node["name"]?.string, path: node["path"]?.string,
                    sourceTree: node["sourceTree"]?.string, childIDs: node["children"]?.strings ?? [])
            case "PBXFileReference", "XCVersionGroup":
                files[id] = XcodeFileReference(
                    id: id, name: node["name"]?.string, path: node["path"]?.string,
                    sourceTree: node["sourceTree"]?.string,
                    fileType: node["lastKnownFileType"]?.string ?? node["explicitFileType"]?.string)
            case "PBXFileSystemSynchronizedRootGroup":
                synchronizedGroups[id] = XcodeSynchronizedGroup(
                    id: id, path: node["path"]?.string, sourceTree: node["sourceTree"]?.string,
                    exceptionSetIDs: node["exceptions"]?.strings ?? [])
            default:
                break
            }
        }
    }

    /// Walks from the main group, whose folder is the project's folder (or `projectDirPath`).
    mutating func resolve(mainGroupID: String?, projectDirPath: String) {
        guard let mainGroupID, groups[mainGroupID] != nil else { return }
        let root = XcodePath.normalize(projectDirPath)
        var visited: Set<String> = []
        var stack: [(id: String, parentFolder: String?)] = [(mainGroupID, root)]
        while let (id, parentFolder) = stack.popLast() {
            guard visited.insert(id).inserted else { continue }
            if var group = groups[id] {
                let folder =
                    id == mainGroupID && group.path == nil
                    ? root : Self.place(group.path, sourceTree: group.sourceTree, parent: parentFolder, root: root)
                group.resolvedFolder = folder
                groups[id] = group
                for child in group.childIDs.reversed() { stack.append((child, folder)) }
            } else if var file = files[id] {
                file.resolvedPath = Self.place(file.path, sourceTree: file.sourceTree, parent: parentFolder, root: root)
                files[id] = file
            } else if var synchronized = synchronizedGroups[id] {
                synchronized.resolvedFolder = Self.place(
                    synchronized.path, sourceTree: synchronized.sourceTree, parent: parentFolder, root: root)
                synchronizedGroups[id] = synchronized
            }
        }
    }

    /// Where an item with `path` in `sourceTree` is: under its parent's folder (`<group>`), the
    /// project's folder (`SOURCE_ROOT`), as written (`<absolute>`), or nowhere the project's
    /// folder can name (build products, SDKs).
    static func place(_ path: String?, sourceTree: String?, parent: String?, root: String) -> String? {
        switch sourceTree ?? "<group>" {
        case "<group>":
            guard let parent else { return nil }
            guard let path else { return parent }
            return XcodePath.join(parent, path)
        case "SOURCE_ROOT":
            guard let path else { return root }
            return XcodePath.join(root, path)
        case "<absolute>":
            return path.map(XcodePath.normalize)
        default:
            return nil
        }
    }
}

/// Path arithmetic on `/`-separated relative paths, without touching the file system.
package enum XcodePath {
    /// `base` joined with `path` (an absolute `path` stands alone), normalized.
    package static func join(_ base: String, _ path: String) -> String {
        if path.hasPrefix("/") || base.isEmpty { return normalize(path) }
        return normalize(base + "/" + path)
    }

    /// Drops empty and `.` components and resolves `..` against the components before it
    /// (leading `..` stay); `""` is the folder itself.
    package static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(component)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// The folder of `path` (`""` for a file in the project's folder).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The last component of `path`.
    package static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path` relative to `folder` when it lies inside it (`folder` itself gives `""`), else nil.
    package static func relative(_ path: String, to folder: String) -> String? {
        if folder.isEmpty { return path.hasPrefix("/") || path.hasPrefix("../") || path == ".." ? nil : path }
        if path == folder { return "" }
        guard path.hasPrefix(folder + "/") else { return nil }
        return String(path.dropFirst(folder.count + 1))
    }
}
