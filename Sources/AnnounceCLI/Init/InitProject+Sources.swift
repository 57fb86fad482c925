import AnnounceProject
import Foundation

extension InitProject {
    /// Reads the entry point, root view, deep-link handlers and code conflicts from the Swift files
    /// of `appFolders` (the app target's) and `ownFolders` (its local packages' and other targets').
    mutating func readSources(appFolders: [String], ownFolders: [String]) {
        sources = SourceTree(root: root, folders: appFolders + ownFolders)
        if sources.leftOut > 0 {
            pass("sources", "\(sources.leftOut) Swift files were past the reading budget and were not read")
        }
        let appFiles = sources.files.filter { file in appFolders.contains { Self.isInside(file.path, $0) } }
        findEntry(in: appFiles)
        for file in appFiles {
            for handler in file.summary.deepLinkHandlers {
                inspection.handlers.append(.init(file: file.path, line: handler.line, kind: handler.kind.rawValue))
            }
        }
        for file in sources.files {
            for type in file.summary.types where type.kind != .extension {
                if InitTemplates.packageTypeNames.contains(type.name) { clashingNames.insert(type.name) }
                guard type.name != InitTemplates.setupTypeName,
                    NonAppNames.conflictWords.contains(where: { type.name.contains($0) })
                else { continue }
                inspection.conflicts.append(.init(kind: "code", name: type.name, file: file.path, line: type.startLine))
            }
        }
    }

    /// Whether `path` is `folder` or inside it (the root folder is written "").
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder.isEmpty || path == folder || path.hasPrefix(folder + "/")
    }

    private mutating func findEntry(in files: [SourceTree.File]) {
        // Conformances may be declared in another file's extension.
        var conformances: [String: [String]] = [:]
        for file in files {
            for type in file.summary.types {
                conformances[type.qualifiedName, default: []] += file.summary.conformances(of: type.qualifiedName)
            }
        }
        var entries: [(file: SourceTree.File, point: SwiftEntryPoint, kind: SwiftEntryPoint.Kind)] = []
        for file in files {
            for point in file.summary.entryPoints {
                let name = point.declaration.qualifiedName
                guard !NonAppNames.isNotTheApp(name),
                    let kind = SwiftEntryPoint.kind(
                        conformances: conformances[name] ?? [], attributes: point.declaration.attributes.map(\.name))
                else { continue }
                entries.append((file, point, kind))
            }
        }
        // A SwiftUI App first: a delegate class beside it is its adaptor.
        guard let chosen = entries.first(where: { $0.kind == .swiftUI }) ?? entries.first else { return }
        let declaration = chosen.point.declaration
        inspection.entry = .init(
            file: chosen.file.path, line: declaration.startLine, type: declaration.qualifiedName,
            kind: chosen.kind.rawValue)
        entryFile = chosen.file
        entryType = declaration.qualifiedName
        guard chosen.kind == .swiftUI else { return }
        let groups = chosen.file.summary.scenes.filter {
            $0.kind == .windowGroup && $0.enclosingType == declaration.qualifiedName && $0.rootView != nil
        }
        let scene =
            groups.first { $0.member == "body" && $0.arguments == nil } ?? groups.first { $0.member == "body" }
            ?? groups.first
        rootView = scene?.rootView
        if let rootView {
            // A handler on the root view's own chain can take the banners' deep links directly.
            rootViewHandler =
                chosen.file.summary.deepLinkHandlers.first { handler in
                    handler.kind == .onOpenURL && handler.calls != nil
                        && rootView.range.contains(Self.offset(ofLine: handler.line, in: chosen.file.bytes))
                }?.calls
        }
    }

    /// The offset of the first byte of the 1-based `line`.
    static func offset(ofLine line: Int, in bytes: [UInt8]) -> Int {
        var current = 1
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            current += 1
            if current == line { return index + 1 }
        }
        return line <= 1 ? 0 : bytes.count
    }
}
