extension XcodeProject {
    /// The target named `name`.
    package func target(named name: String) -> XcodeTarget? {
        targets.first { $0.name == name }
    }

    /// The target with the object id `id`.
    package func target(id: String) -> XcodeTarget? {
        targets.first { $0.id == id }
    }

    /// The targets that build apps (`com.apple.product-type.application`), in the project's order:
    /// not App Clips, extensions, watch apps or tests (the caller still tells preview apps apart).
    package var applicationTargets: [XcodeTarget] {
        targets.filter { $0.kind == .application }
    }

    /// The build settings of `target` in the configuration `configuration` (`Debug`, `Release`):
    /// the project-level settings of the configuration of that name, overridden by the
    /// target's own. `$(inherited)` and `$(VAR)` are left as written; `.xcconfig` files are not read.
    package func buildSettings(of target: XcodeTarget, configuration: String) -> [String: XcodeBuildSetting] {
        var settings = projectConfigurations.first { $0.name == configuration }?.settings ?? [:]
        for (key, value) in target.configurations.first(where: { $0.name == configuration })?.settings ?? [:] {
            settings[key] = value
        }
        return settings
    }

    /// The names of `target`'s configurations, in order (the project's when the target has none).
    package func configurationNames(of target: XcodeTarget) -> [String] {
        (target.configurations.isEmpty ? projectConfigurations : target.configurations).map(\.name)
    }

    /// The values `key` takes in `target`'s configurations (project-level settings inherited),
    /// one per configuration that sets it, in configuration order.
    package func settingValues(_ key: String, of target: XcodeTarget) -> [String] {
        configurationNames(of: target).compactMap { buildSettings(of: target, configuration: $0)[key]?.text }
    }

    /// The first build phase of `kind` of `target`.
    package func buildPhase(of target: XcodeTarget, kind: XcodeBuildPhaseKind) -> XcodeBuildPhase? {
        target.buildPhaseIDs.lazy.compactMap { buildPhases[$0] }.first { $0.kind == kind }
    }

    /// The file references in `target`'s phase of `kind` (files only: package products left out).
    package func files(of target: XcodeTarget, in kind: XcodeBuildPhaseKind) -> [XcodeFileReference] {
        guard let phase = buildPhase(of: target, kind: kind) else { return [] }
        return phase.buildFileIDs.compactMap { buildFiles[$0]?.fileReferenceID }.compactMap { fileReferences[$0] }
    }

    /// The paths of the files `target`'s Sources phase lists (a classic project's compiled files;
    /// a synchronized folder's files are not listed: see ``synchronizedFolders(of:)``).
    package func compiledPaths(of target: XcodeTarget) -> [String] {
        files(of: target, in: .sources).compactMap(\.resolvedPath)
    }

    /// The synchronized folders `target` builds (objectVersion 70 and 77).
    package func synchronizedFolders(of target: XcodeTarget) -> [XcodeSynchronizedGroup] {
        target.synchronizedGroupIDs.compactMap { synchronizedGroups[$0] }
    }

    /// The folders whose code `target` compiles: its synchronized folders, then the folders of
    /// the files its Sources phase lists, each once, in that order.
    package func sourceFolders(of target: XcodeTarget) -> [String] {
        var seen: Set<String> = []
        let synchronized = synchronizedFolders(of: target).compactMap(\.resolvedFolder)
        let listed = compiledPaths(of: target).map(XcodePath.folder(of:))
        return (synchronized + listed).filter { seen.insert($0).inserted }
    }

    /// Whether a file created at `path` (relative to the project's folder) would belong to
    /// `target` with no edit of the project file: it lies in a synchronized folder the target
    /// builds and is not among the target's exceptions there, or it lies in another target's
    /// synchronized folder and the target's exceptions there name it. A Swift file is then
    /// compiled and any other file copied as a resource. In a classic group a new file belongs to
    /// no target until an editor adds it (``XcodeProjectEditor/addFile(_:to:role:)``).
    package func includes(_ target: XcodeTarget, newFileAt path: String) -> Bool {
        let file = XcodePath.normalize(path)
        for group in synchronizedGroups.values {
            guard let folder = group.resolvedFolder, let relative = XcodePath.relative(file, to: folder),
                !relative.isEmpty
            else { continue }
            let owns = target.synchronizedGroupIDs.contains(group.id)
            let named = group.exceptionSetIDs.compactMap { exceptionSets[$0] }.contains { set in
                set.targetID == target.id
                    && set.membershipExceptions.contains { relative == $0 || relative.hasPrefix($0 + "/") }
            }
            if owns != named { return true }
        }
        return false
    }

    /// Every target a file created at `path` would belong to with no edit (see
    /// ``includes(_:newFileAt:)``), in the project's order.
    package func targetsIncluding(newFileAt path: String) -> [XcodeTarget] {
        targets.filter { includes($0, newFileAt: path) }
    }

    /// The package products `target` depends on, with their packages, and whether its
    /// Frameworks phase links each (for SDK detection: `FirebaseInAppMessaging-Beta`, `BrazeKit`).
    package func linkedProducts(of target: XcodeTarget) -> [XcodeLinkedProduct] {
        let linkedIDs = Set(
            buildPhase(of: target, kind: .frameworks)?.buildFileIDs.compactMap {
                buildFiles[$0]?.productDependencyID
            } ?? [])
        return target.packageProductDependencyIDs.compactMap { id in
            guard let dependency = productDependencies[id] else { return nil }
            return XcodeLinkedProduct(
                name: dependency.productName, package: dependency.packageID.flatMap { packageReferences[$0] },
                linked: linkedIDs.contains(id))
        }
    }

    /// The project's package references, in the order of its `packageReferences` list.
    package var projectPackages: [XcodePackageReference] {
        packageReferenceIDs.compactMap { packageReferences[$0] }
    }

    /// The remote package whose URL is `url`, compared without a trailing `/` or `.git` and
    /// without case.
    package func packageReference(repositoryURL url: String) -> XcodePackageReference? {
        let wanted = Self.comparableURL(url)
        return packageReferences.values.sorted { $0.id < $1.id }.first {
            $0.repositoryURL.map(Self.comparableURL) == wanted
        }
    }

    /// The local package whose `relativePath` is `path` once normalized.
    package func packageReference(relativePath path: String) -> XcodePackageReference? {
        let wanted = XcodePath.normalize(path)
        return packageReferences.values.sorted { $0.id < $1.id }.first {
            $0.relativePath.map(XcodePath.normalize) == wanted
        }
    }

    /// Folders of local packages the project refers to: its `XCLocalSwiftPackageReference`s and
    /// the folders added to the navigator as packages (file references of type `wrapper` without an
    /// extension), relative to the project's folder; the caller checks each for a `Package.swift`.
    package var localPackageFolders: [String] {
        var seen: Set<String> = []
        let references = projectPackages.compactMap(\.relativePath).map(XcodePath.normalize)
        let wrappers = fileReferences.values.sorted { $0.id < $1.id }.filter {
            $0.fileType == "wrapper" && !XcodePath.lastComponent(of: $0.path ?? ".").contains(".")
        }.compactMap(\.resolvedPath)
        return (references + wrappers).filter { seen.insert($0).inserted }
    }

    /// The classic group (`PBXGroup`) whose folder is `folder`, the one with the lowest id when
    /// several are.
    package func group(forFolder folder: String) -> XcodeGroup? {
        let wanted = XcodePath.normalize(folder)
        return groups.values.filter { $0.isa == "PBXGroup" && $0.resolvedFolder == wanted }.min { $0.id < $1.id }
    }

    static func comparableURL(_ url: String) -> String {
        var text = url.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        return text
    }
}

extension XcodeProject {
    /// The names of the targets `target` depends on (an app on its extensions and App Clip, a
    /// test target on its host), in the order written.
    package func dependencyNames(of target: XcodeTarget) -> [String] {
        target.dependencyTargetIDs.compactMap { self.target(id: $0)?.name }
    }
}
