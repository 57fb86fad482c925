import AnnounceProject
import Foundation

extension InitProject {
    /// Reads an Xcode project: its project file, the app target (an application target whose
    /// compiled sources hold an `@main` App or application delegate), the targets that compile
    /// the same entry file (one app on several platforms), their deployment targets, property
    /// lists, packages and the local packages the project refers to.
    static func readXcode(root: URL, target wanted: String?, environment: [String: String]) -> InitProject {
        var project = InitProject(inspection: ProjectInspection(kind: .xcodeproj), root: root)
        guard let located = project.locateXcodeProject(wanted: wanted) else { return project }
        project.xcodeProjectPath = located.path
        project.xcode = located.project
        let xcode = located.project
        project.pass(
            "projectFile", "\(located.path) reads (objectVersion \(xcode.objectVersion.map(String.init) ?? "unknown"))")
        let folders = project.localPackageFolders(xcode)
        if !folders.isEmpty { project.inspection.kind = .xcodeprojWithPackages }
        guard let chosen = project.chooseXcodeTargets(xcode, wanted: wanted) else { return project }
        project.integrationTargets = chosen.targets.map(\.name)
        project.inspection.appTarget = chosen.targets[0].name
        project.inspection.sharingTargets = chosen.targets.dropFirst().map(\.name)
        project.checkDeploymentTargets(xcode, targets: chosen.targets)
        project.readSources(app: chosen.tree, ownFolders: folders)
        project.checkEntry()
        for target in chosen.targets { project.readTargetPropertyLists(xcode, target: target) }
        project.findXcodeSDKs(xcode, targets: chosen.targets)
        if project.refusal == nil { project.placeFiles(xcode, targets: chosen.targets) }
        return project
    }

    /// `path` (relative to the project file's folder) relative to the root, or nil when it leaves the root.
    func rootRelative(_ path: String) -> String? {
        let joined = XcodePath.join(xcodeFolder, path)
        return joined.hasPrefix("/") || joined == ".." || joined.hasPrefix("../") ? nil : joined
    }

    /// `path` (relative to the root) relative to the project file's folder.
    func projectRelative(_ path: String) -> String {
        if xcodeFolder.isEmpty { return path }
        if let inside = XcodePath.relative(path, to: xcodeFolder) { return inside }
        let ups = xcodeFolder.split(separator: "/").map { _ in ".." }.joined(separator: "/")
        return XcodePath.normalize(ups + "/" + path)
    }

    /// The most project files read from one workspace.
    static let maximumProjects = 16

    /// The folder of the `.xcodeproj`, relative to the root.
    var xcodeFolder: String { XcodePath.folder(of: xcodeProjectPath ?? "") }

    /// The project file to read: the one `.xcodeproj` at the root, else those a workspace at the
    /// root lists; of several, the one with an app target (or the target `--target` names).
    private mutating func locateXcodeProject(wanted: String?) -> (path: String, project: XcodeProject)? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        var candidates = names.filter { $0.hasSuffix(".xcodeproj") }
        if candidates.isEmpty {
            for workspace in names where workspace.hasSuffix(".xcworkspace") {
                for path in XcodeWorkspace.projectPaths(workspaceAt: root.path + "/" + workspace)
                where !candidates.contains(path) && XcodePath.lastComponent(of: path) != "Pods.xcodeproj" {
                    candidates.append(path)
                }
            }
        }
        guard !candidates.isEmpty else {
            refuse("projectFile", "the workspace lists no .xcodeproj; run announce init where the app's project is")
            return nil
        }
        // Each project file is up to 8 MiB: at most 16 are read (a workspace may list a thousand).
        if candidates.count > Self.maximumProjects {
            pass(
                "projectFile",
                "the workspace lists \(candidates.count) projects; the first \(Self.maximumProjects) were read")
        }
        var loaded: [(path: String, project: XcodeProject)] = []
        for path in candidates.prefix(Self.maximumProjects) {
            do {
                let project = try XcodeProjectFile.load(root.path + "/" + path, displayName: path + "/project.pbxproj")
                // Only the projects that could be the app's are kept in memory.
                let hasApp =
                    wanted.map { project.target(named: $0) != nil }
                    ?? project.applicationTargets.contains { !NonAppNames.isNotTheApp($0.name) }
                if hasApp || candidates.count == 1 { loaded.append((path, project)) }
            } catch {
                if candidates.count == 1 {
                    let advice =
                        error.kind == .tooLarge
                        ? "announce init does not edit a project file this large: add the package and the setup "
                            + "file by hand (README, \"Using it in an app\")"
                        : "fix the project file (or open it in Xcode) and run again"
                    refuse("projectFile", "\(error.description); \(advice)")
                    return nil
                }
                pass("projectFile", "\(path) was not read: \(error.description)")
            }
        }
        let withApps = loaded.filter { candidate in
            if let wanted { return candidate.project.target(named: wanted) != nil }
            return candidate.project.applicationTargets.contains { !NonAppNames.isNotTheApp($0.name) }
        }
        if withApps.count == 1 { return withApps[0] }
        if withApps.isEmpty, candidates.count == 1, let only = loaded.first { return only }
        let listed = (withApps.isEmpty ? Array(candidates.prefix(Self.maximumProjects)) : withApps.map(\.path))
            .joined(separator: ", ")
        refuse(
            "projectFile",
            withApps.isEmpty
                ? "none of the projects (\(listed)) has an app target" + (wanted.map { " named \($0)" } ?? "")
                : "several projects have app targets (\(listed)); run announce init in the app project's folder")
        return nil
    }

    /// The folders (relative to the root) of the local packages the project refers to.
    private func localPackageFolders(_ xcode: XcodeProject) -> [String] {
        xcode.localPackageFolders.compactMap(rootRelative).filter { folder in
            FileManager.default.fileExists(atPath: root.appendingPathComponent(folder + "/Package.swift").path)
        }
    }

    /// The Swift files `target` compiles: its synchronized folders' (less its exceptions) and
    /// the files its Sources phase lists.
    func compiledTree(_ xcode: XcodeProject, target: XcodeTarget) -> SourceTree {
        let folders = xcode.sourceFolders(of: target).compactMap(rootRelative)
        var tree = SourceTree(root: root, folders: folders)
        let listed = Set(xcode.compiledPaths(of: target).compactMap(rootRelative))
        tree.files = tree.files.filter { file in
            listed.contains(file.path) || xcode.includes(target, newFileAt: projectRelative(file.path))
        }
        return tree
    }

    /// Whether `target` compiles the file at `path` (relative to the root).
    func compiles(_ xcode: XcodeProject, _ target: XcodeTarget, _ path: String) -> Bool {
        let inProject = projectRelative(path)
        return xcode.includes(target, newFileAt: inProject) || xcode.compiledPaths(of: target).contains(inProject)
    }

    /// The app target and every application target that compiles the same entry file, with the
    /// first one's compiled sources.
    private mutating func chooseXcodeTargets(
        _ xcode: XcodeProject, wanted: String?
    ) -> (targets: [XcodeTarget], tree: SourceTree)? {
        if let wanted {
            guard let target = xcode.target(named: wanted) else {
                let names = xcode.applicationTargets.map(\.name).joined(separator: ", ")
                refuse(
                    "appTarget",
                    "--target \(wanted) is not a target of \(xcodeProjectPath ?? "the project")"
                        + (names.isEmpty ? "" : " (its app targets: \(names))"))
                return nil
            }
            pass("appTarget", "the app target is \(wanted) (--target)")
            return (sharing(xcode, target), compiledTree(xcode, target: target))
        }
        var apps: [(target: XcodeTarget, tree: SourceTree, entry: String)] = []
        for target in xcode.applicationTargets where !NonAppNames.isNotTheApp(target.name) {
            let tree = compiledTree(xcode, target: target)
            let entries = Self.appEntries(in: tree.files)
            guard let entry = entries.first(where: { $0.kind == .swiftUI }) ?? entries.first else { continue }
            apps.append((target, tree, entry.file.path))
        }
        guard let first = apps.first else {
            refuse(
                "appTarget",
                "\(xcodeProjectPath ?? "the project") has no app target: no application target compiles an @main App "
                    + "or application delegate; name the target with --target")
            return nil
        }
        let distinct = Set(apps.map(\.entry))
        guard distinct.count == 1 else {
            refuse(
                "appTarget",
                "there are \(apps.count) app targets (\(apps.map(\.target.name).joined(separator: ", "))); "
                    + "choose one with --target NAME")
            return nil
        }
        let targets = apps.map(\.target)
        pass(
            "appTarget",
            targets.count == 1
                ? "the app target is \(first.target.name)"
                : "the app targets are \(targets.map(\.name).joined(separator: ", ")): they compile the same "
                    + "entry file, so each gets the package")
        return (targets, first.tree)
    }

    /// `target` and the other application targets that compile its entry file.
    private func sharing(_ xcode: XcodeProject, _ target: XcodeTarget) -> [XcodeTarget] {
        let entries = Self.appEntries(in: compiledTree(xcode, target: target).files)
        guard let entry = entries.first(where: { $0.kind == .swiftUI }) ?? entries.first else { return [target] }
        let others = xcode.applicationTargets.filter { other in
            other.id != target.id && !NonAppNames.isNotTheApp(other.name) && compiles(xcode, other, entry.file.path)
        }
        return [target] + others
    }
}
