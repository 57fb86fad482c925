import AnnounceProject
import Foundation

/// What `announce init` will change in a project, and the steps it leaves to the developer.
struct InitPlan {
    enum Status: String {
        case planned, applied, alreadyIntegrated, refused
    }

    var status: Status = .planned
    var changes: [FileTransaction.Change] = []
    var steps: [String] = []
    var message: String?

    /// Where the package comes from: a repository URL, or a local path (`.package(path:)`).
    struct PackageSource {
        var location: String
        var version: String
        /// The folder of a local package, absolute: its name is the package's identity.
        var folder: String?

        var isPath: Bool { !location.contains("://") && !location.hasPrefix("git@") }

        /// The package identity SwiftPM derives from the location, which `.product(package:)` names.
        var identity: String {
            var name = isPath ? (folder ?? location) : location
            while name.hasSuffix("/") { name.removeLast() }
            name = String(name.split(separator: "/").last ?? "AnnouncementKit")
            if name.lowercased().hasSuffix(".git") { name.removeLast(4) }
            return name
        }

        var dependencyElement: String {
            isPath
                ? ".package(path: \"\(InitTemplates.swiftEscaped(location))\")"
                : ".package(url: \"\(InitTemplates.swiftEscaped(location))\", .upToNextMinor(from: \"\(version)\"))"
        }

        var productElements: [String] {
            ["AnnouncementKit", "AnnouncementKitUI"].map {
                ".product(name: \"\($0)\", package: \"\(InitTemplates.swiftEscaped(identity))\")"
            }
        }
    }

    /// The plan for `project` with `templates`; `package` is where the dependency comes from.
    static func make(
        _ project: InitProject, templates: InitTemplates, package: PackageSource, editProject: Bool,
        environment: [String: String]
    ) -> InitPlan {
        var plan = InitPlan()
        if let refusal = project.refusal {
            plan.status = .refused
            plan.message = refusal
            return plan
        }
        let setupPath = project.setupPath
        let feedPath =
            templates.readsBundledFeed
            ? XcodePath.join(project.filesFolder, "\(InitTemplates.feedResourceName).json")
            : "\(InitTemplates.feedResourceName).json"
        let hasSetup = project.sources.files.contains { file in
            file.summary.types.contains { $0.name == InitTemplates.setupTypeName && $0.kind != .extension }
        }
        if !hasSetup && !project.exists(setupPath) {
            plan.changes.append(.init(path: setupPath, oldText: nil, newText: templates.setupFile))
        }
        if !project.exists(feedPath) {
            plan.changes.append(.init(path: feedPath, oldText: nil, newText: templates.starterFeed))
        }
        plan.editEntry(project, templates: templates)
        if editProject {
            plan.editManifest(
                project, package: package, feedPath: feedPath, templates: templates, environment: environment)
            plan.editXcodeProject(
                project, package: package, setupPath: setupPath, feedPath: feedPath, templates: templates)
        }
        if plan.status == .refused { return plan }
        plan.addSteps(project, templates: templates, feedPath: feedPath, package: package, editProject: editProject)
        if plan.changes.isEmpty { plan.status = .alreadyIntegrated }
        return plan
    }

    /// The property, the import and the root view's modifiers in the entry file.
    private mutating func editEntry(_ project: InitProject, templates: InitTemplates) {
        guard let file = project.entryFile, let type = project.entryType, let rootView = project.rootView else {
            return
        }
        let editor = SwiftSourceEditor(bytes: file.bytes)
        do {
            var edits = try editor.modifierEdits(
                lines: templates.rootViewModifiers(handler: project.rootViewHandler), after: rootView)
            guard !edits.isEmpty || !file.summary.usesAnnouncementBanner else { return }
            if let property = try editor.propertyEdit(line: templates.managerProperty, inTypeNamed: type) {
                edits.append(property)
            }
            if let importLine = editor.importEdit(line: "import AnnouncementKitUI") { edits.append(importLine) }
            guard !edits.isEmpty else { return }
            let edited = try editor.applying(edits)
            let old = String(decoding: file.bytes, as: UTF8.self)
            changes.append(.init(path: file.path, oldText: old, newText: String(decoding: edited, as: UTF8.self)))
        } catch {
            steps.append(
                "\(file.path) could not be edited (\(error.description)); add the banner by hand as shown below.")
        }
    }
}

extension InitProject {
    /// Whether `path` (relative to the root) exists.
    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }
}
