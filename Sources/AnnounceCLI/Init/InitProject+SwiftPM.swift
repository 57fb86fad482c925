import AnnounceProject
import Foundation

extension InitProject {
    /// Reads an app package: its manifest through SwiftPM, the app target (an executable target
    /// whose sources hold an `@main` App or application delegate), its platforms, sources, property
    /// lists and dependency files.
    static func swiftPM(
        root: URL, target wanted: String?, environment: [String: String]
    ) -> InitProject {
        var project = InitProject(inspection: ProjectInspection(kind: .swiftpm), root: root)
        let manifestPath = root.appendingPathComponent("Package.swift").path
        guard let data = BoundedFile.contents(manifestPath, limit: Self.maximumManifestBytes) else {
            project.refuse(
                "manifest", "Package.swift cannot be read, or is larger than \(Self.maximumManifestBytes >> 20) MiB")
            return project
        }
        let manifestText = String(decoding: data, as: UTF8.self)
        project.manifestText = manifestText
        if root.pathExtension == "swiftpm" || manifestText.contains("AppleProductTypes") {
            project.inspection.kind = .playground
        }
        let manifest: PackageManifest
        do {
            manifest = try PackageManifest.load(packageAt: root, environment: environment)
            project.pass("manifest", "Package.swift evaluates (tools version \(manifest.toolsVersion ?? "unknown"))")
        } catch  where error.readableAsText {
            // SwiftPM cannot evaluate it here: its literals are read, and it is left alone.
            manifest = PackageManifestText.read(manifestText)
            project.manifestReadAsText = true
            let reason = error.message.split(separator: "\n").dropFirst().first.map(String.init) ?? error.message
            project.pass(
                "manifest",
                "SwiftPM could not evaluate Package.swift here (\(reason.trimmingCharacters(in: .whitespaces))); "
                    + "it was read as text and is left as it is: the steps say what to add")
        } catch {
            project.refuse("manifest", error.message)
            return project
        }
        project.manifest = manifest
        project.inspection.swiftToolsVersion = manifest.toolsVersion
        project.checkPlatforms(manifest)
        var trees: [String: SourceTree] = [:]
        guard let app = project.chooseAppTarget(manifest, wanted: wanted, trees: &trees) else { return project }
        project.inspection.appTarget = app.name
        project.sourceFolder = app.folder
        project.filesFolder = XcodePath.join(app.folder, "Announcements")
        // A target gets `Bundle.module` from the resources Package.swift declares, which init adds;
        // an app playground's manifest is the app's to write, so its feed is read from the main bundle.
        project.bundle = project.manifestReadAsText ? "Bundle.main" : "Bundle.module"
        let localTargets = manifest.targets.filter { $0.name != app.name && $0.type != "test" }.map(\.folder)
        project.readSources(
            app: trees[app.name] ?? SourceTree(root: root, folders: [app.folder]), ownFolders: localTargets)
        project.checkEntry()
        project.readPropertyLists(in: app.folder)
        project.findSDKs(manifest: manifest, app: app)
        return project
    }

    /// The largest `Package.swift` read: 4 MiB (a manifest is a few kilobytes).
    static let maximumManifestBytes = 4 << 20

    private mutating func checkPlatforms(_ manifest: PackageManifest) {
        if manifest.platforms.isEmpty {
            refuse(
                "deploymentTarget",
                "Package.swift sets no platforms, so SwiftPM's defaults (iOS 12, macOS 10.13) apply, below "
                    + "AnnouncementKit's iOS 17 and macOS 14; add platforms: [.iOS(.v17), .macOS(.v14)] and run again")
            return
        }
        for (name, version) in manifest.platforms.sorted(by: { $0.key < $1.key }) {
            guard let platform = DeploymentMinimums.reportName(name) else { continue }
            inspection.platforms[platform] = version
            if let minimum = DeploymentMinimums.versions[platform], DeploymentMinimums.isBelow(version, minimum) {
                refuse(
                    "deploymentTarget",
                    "the deployment target \(platform) \(version) is below AnnouncementKit's minimum \(platform) "
                        + "\(minimum); raise it in Package.swift's platforms: and run again")
            }
        }
        if refusal == nil { pass("deploymentTarget", "deployment targets meet iOS 17, macOS 14, tvOS 17, watchOS 10") }
    }

    /// The app target; the sources read to choose it go into `trees`, by target name.
    private mutating func chooseAppTarget(
        _ manifest: PackageManifest, wanted: String?, trees: inout [String: SourceTree]
    ) -> PackageManifest.Target? {
        let executables = manifest.targets.filter { $0.type == "executable" }
        if let wanted {
            guard let target = executables.first(where: { $0.name == wanted }) else {
                let names = executables.map(\.name).joined(separator: ", ")
                refuse(
                    "appTarget",
                    "--target \(wanted) is not an executable target of Package.swift"
                        + (names.isEmpty ? "" : " (its executable targets: \(names))"))
                return nil
            }
            pass("appTarget", "the app target is \(wanted) (--target)")
            return target
        }
        var apps: [PackageManifest.Target] = []
        for target in executables where !NonAppNames.isNotTheApp(target.name) {
            let tree = SourceTree(root: root, folders: [target.folder])
            if !Self.appEntries(in: tree.files).isEmpty {
                apps.append(target)
                trees[target.name] = tree
            }
        }
        switch apps.count {
        case 0:
            refuse(
                "appTarget",
                "Package.swift has no app target: no executable target declares an @main App or application "
                    + "delegate; run announce init in the app's project, or name the target with --target")
            return nil
        case 1:
            pass("appTarget", "the app target is \(apps[0].name)")
            return apps[0]
        default:
            refuse(
                "appTarget",
                "there are \(apps.count) app targets (\(apps.map(\.name).joined(separator: ", "))); "
                    + "choose one with --target NAME")
            return nil
        }
    }

    mutating func checkEntry() {
        guard let entry = inspection.entry else {
            refuse("entry", "no @main App or application delegate was found in the app target's sources")
            return
        }
        if entry.kind == "swiftui" && rootView == nil {
            pass(
                "entry",
                "\(entry.type) has no WindowGroup with a root view; the setup file is written and the steps say "
                    + "where the banner goes")
        } else {
            pass("entry", "the app starts at \(entry.type) (\(entry.file):\(entry.line))")
        }
    }

    /// URL schemes from the Info.plist files and universal links from the entitlements under `folder`.
    mutating func readPropertyLists(in folder: String, settings: [String: String] = [:]) {
        let base = folder.isEmpty ? root : root.appendingPathComponent(folder)
        for name in Self.propertyListPaths(under: base) {
            readPropertyList(at: folder.isEmpty ? name : folder + "/" + name, settings: settings)
        }
    }

    /// The URL schemes of the Info.plist, or the universal links of the entitlements file, at
    /// `path` (relative to the root), with `$(VAR)` expanded from `settings`.
    mutating func readPropertyList(at path: String, settings: [String: String]) {
        let isInfo = path.hasSuffix(".plist")
        let isEntitlements = path.hasSuffix(".entitlements")
        guard isInfo || isEntitlements,
            let real = FileTransaction.realPath(root.appendingPathComponent(path).path),
            let realRoot = FileTransaction.realPath(root.path), real.hasPrefix(realRoot + "/"),
            let data = BoundedFile.contents(real, limit: PropertyListFacts.maximumBytes)
        else { return }
        do {
            let plist = try PropertyListFacts.dictionary(data, name: path)
            if isInfo {
                for scheme in PropertyListFacts.urlSchemes(infoPlist: plist) {
                    let expanded = PropertyListFacts.expand(scheme, settings: settings) ?? scheme
                    if !inspection.schemes.contains(expanded) { inspection.schemes.append(expanded) }
                }
            } else if !PropertyListFacts.universalLinkDomains(entitlements: plist).isEmpty {
                inspection.universalLinks = true
            }
        } catch {
            pass("propertyLists", "\(path) was not read: \(error.description)")
        }
    }

    /// The Info.plist and entitlements files under `base`: at most 50,000 entries are walked,
    /// never into build output, vendored code or hidden folders.
    static func propertyListPaths(under base: URL) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var found: [String] = []
        var visited = 0
        while visited < 50_000, let name = walk.nextObject() as? String {
            visited += 1
            let last = (name as NSString).lastPathComponent
            if SourceTree.skippedFolders.contains(last) || last.hasPrefix(".") {
                walk.skipDescendants()
                continue
            }
            if last == "Info.plist" || last.hasSuffix(".entitlements") { found.append(name) }
        }
        return found
    }

    private mutating func findSDKs(manifest: PackageManifest, app: PackageManifest.Target) {
        var found: [(String, String)] = []
        for dependency in app.dependencies {
            if let sdk = MessagingSDK.forProduct(dependency.name) { found.append((sdk.name, "Package.swift")) }
        }
        for dependency in manifest.dependencies {
            if let url = dependency.url, let sdk = MessagingSDK.forRepository(url) {
                found.append((sdk.name, "Package.swift"))
            }
        }
        if let data = BoundedFile.contents(root.appendingPathComponent("Package.resolved").path, limit: 8 << 20) {
            for pin in DependencyFiles.resolvedPins(data) {
                if let sdk = MessagingSDK.forRepository(pin) { found.append((sdk.name, "Package.resolved")) }
            }
        }
        findSDKsInDependencyFiles(into: &found)
        for (name, file) in found where !inspection.conflicts.contains(where: { $0.kind == "sdk" && $0.name == name }) {
            inspection.conflicts.append(.init(kind: "sdk", name: name, file: file))
        }
    }

    /// SDKs named by the Podfile, Podfile.lock and Cartfile at the root.
    func findSDKsInDependencyFiles(into found: inout [(String, String)]) {
        func text(_ name: String) -> String? {
            BoundedFile.contents(root.appendingPathComponent(name).path, limit: 8 << 20).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        for pod in text("Podfile").map(DependencyFiles.podfilePods) ?? [] {
            if let sdk = MessagingSDK.forPod(pod) { found.append((sdk.name, "Podfile")) }
        }
        for pod in text("Podfile.lock").map(DependencyFiles.podfileLockPods) ?? [] {
            if let sdk = MessagingSDK.forPod(pod) { found.append((sdk.name, "Podfile.lock")) }
        }
        for repository in text("Cartfile").map(DependencyFiles.cartfileRepositories) ?? [] {
            if let sdk = MessagingSDK.forRepository(repository) { found.append((sdk.name, "Cartfile")) }
        }
    }
}
