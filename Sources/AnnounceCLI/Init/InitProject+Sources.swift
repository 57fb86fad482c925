import AnnounceProject
import Foundation

extension InitProject {
    /// Reads the entry point, root view, deep-link handlers and code conflicts from `app` (the app
    /// target's files, already read) and the Swift files of `ownFolders` (its local packages' and
    /// other targets').
    mutating func readSources(app: SourceTree, ownFolders: [String]) {
        let own = SourceTree(root: root, folders: ownFolders)
        let appPaths = Set(app.files.map(\.path))
        sources = app
        sources.files += own.files.filter { !appPaths.contains($0.path) }
        sources.leftOut += own.leftOut
        if sources.leftOut > 0 {
            pass("sources", "\(sources.leftOut) Swift files were past the reading budget and were not read")
        }
        findEntry(in: app.files)
        var unlisted = 0
        // The app's own packages and targets handle URLs too (a router in a feature package).
        for file in sources.files {
            for handler in file.summary.deepLinkHandlers {
                guard inspection.handlers.count < Self.maximumListed else {
                    unlisted += 1
                    continue
                }
                inspection.handlers.append(.init(file: file.path, line: handler.line, kind: handler.kind.rawValue))
            }
        }
        for file in sources.files {
            for type in file.summary.types where type.kind != .extension {
                if InitTemplates.packageTypeNames.contains(type.name) { clashingNames.insert(type.name) }
                guard type.name != InitTemplates.setupTypeName,
                    NonAppNames.conflictWords.contains(where: { type.name.contains($0) })
                else { continue }
                guard inspection.conflicts.count < Self.maximumListed else {
                    unlisted += 1
                    continue
                }
                inspection.conflicts.append(.init(kind: "code", name: type.name, file: file.path, line: type.startLine))
            }
        }
        if unlisted > 0 {
            pass("listed", "\(unlisted) more deep-link handlers and banner-like types were found and are not listed")
        }
    }

    /// The most deep-link handlers, and the most banner-like types, the report lists.
    static let maximumListed = 100

    private mutating func findEntry(in files: [SourceTree.File]) {
        let entries = Self.appEntries(in: files)
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
            let lineStarts = Self.lineStarts(chosen.file.bytes)
            rootViewHandler =
                chosen.file.summary.deepLinkHandlers.first { handler in
                    handler.kind == .onOpenURL && handler.calls != nil && handler.line <= lineStarts.count
                        && rootView.range.contains(lineStarts[handler.line - 1])
                }?.calls
        }
    }

    /// The `@main` types of `files` that are an app (not a test, widget, extension, App Clip or
    /// preview app), with their kind; conformances declared in another file's extension count.
    static func appEntries(
        in files: [SourceTree.File]
    ) -> [(file: SourceTree.File, point: SwiftEntryPoint, kind: SwiftEntryPoint.Kind)] {
        var conformances: [String: [String]] = [:]
        for file in files {
            for type in file.summary.types {
                conformances[type.qualifiedName, default: []] += type.inheritance.map(SwiftEntryPoint.plainName)
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
        return entries
    }

    /// The offset of the first byte of each line.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        return starts
    }
}
