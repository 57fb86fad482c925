import AnnounceProject
import Foundation

extension InitPlan {
    /// The package reference, both products on each integration target (with their Frameworks
    /// phase entries) and, in a classic project, the new files in the app target's Sources and
    /// Resources phases; the edited project file is read back and checked before anything is written.
    mutating func editXcodeProject(
        _ project: InitProject, package: PackageSource, setupPath: String, feedPath: String, templates: InitTemplates
    ) {
        guard let xcode = project.xcode, let path = project.xcodeProjectPath, !project.integrationTargets.isEmpty
        else { return }
        let file = path + "/project.pbxproj"
        var editor = XcodeProjectEditor(project: xcode)
        let products = ["AnnouncementKit", "AnnouncementKitUI"]
        do {
            let linked = project.integrationTargets.allSatisfy { name in
                guard let target = xcode.target(named: name) else { return false }
                let names = Set(xcode.linkedProducts(of: target).map(\.name))
                return products.allSatisfy(names.contains)
            }
            if !linked {
                let id =
                    package.isPath
                    ? try editor.addLocalPackage(relativePath: project.projectRelative(package.location))
                    : try editor.addRemotePackage(repositoryURL: package.location, minimumVersion: package.version)
                for target in project.integrationTargets { try editor.addProducts(products, of: id, to: target) }
            }
            for target in project.integrationTargets {
                try editor.addFile(project.projectRelative(setupPath), to: target, role: .source)
                if templates.readsBundledFeed {
                    try editor.addFile(project.projectRelative(feedPath), to: target, role: .resource)
                }
            }
        } catch {
            refuse(
                "\(file) cannot be edited safely: \(error.description). Run with --no-project-edit and add the "
                    + "package and files as the steps say.")
            return
        }
        guard editor.changed else { return }
        let edited = editor.text
        if let problem = Self.verify(
            edited, file: file, targets: project.integrationTargets, project: project, setupPath: setupPath)
        {
            refuse("the edited \(file) \(problem); run with --no-project-edit and add the package by hand")
            return
        }
        changes.append(.init(path: file, oldText: String(decoding: xcode.bytes, as: UTF8.self), newText: edited))
    }

    /// Why the edited project file is not what was meant, or `nil` when it reads back with both
    /// products linked by every target and the setup file compiled by each.
    static func verify(
        _ text: String, file: String, targets: [String], project: InitProject, setupPath: String
    ) -> String? {
        let edited: XcodeProject
        do {
            edited = try XcodeProject(text: text, fileName: file)
        } catch {
            return "does not read back: \(error.description)"
        }
        for name in targets {
            guard let target = edited.target(named: name) else { return "has no target \(name)" }
            let linked = Set(edited.linkedProducts(of: target).filter(\.linked).map(\.name))
            guard linked.contains("AnnouncementKit"), linked.contains("AnnouncementKitUI") else {
                return "does not link both products in \(name)"
            }
            let inProject = project.projectRelative(setupPath)
            guard edited.includes(target, newFileAt: inProject) || edited.compiledPaths(of: target).contains(inProject)
            else { return "does not compile \(setupPath) in \(name)" }
        }
        return nil
    }

    /// The steps `--no-project-edit` leaves for an Xcode project.
    mutating func addXcodeProjectSteps(
        _ project: InitProject, package: PackageSource, setupPath: String, feedPath: String, templates: InitTemplates
    ) {
        guard let path = project.xcodeProjectPath, !project.integrationTargets.isEmpty else { return }
        let targets = project.integrationTargets.joined(separator: " and ")
        steps.append(
            "In Xcode, open \(path): File > Add Package Dependencies…, enter \(package.location)"
                + (package.isPath ? " (Add Local…)" : ", rule Up to Next Minor Version from \(package.version)")
                + ", and add the products AnnouncementKit and AnnouncementKitUI to \(targets).")
        guard let xcode = project.xcode, let first = project.integrationTargets.first,
            let target = xcode.target(named: first),
            !xcode.includes(target, newFileAt: project.projectRelative(setupPath))
        else { return }
        steps.append(
            "Add \(setupPath) to \(targets) (File > Add Files…)"
                + (templates.readsBundledFeed ? ", and \(feedPath) to their Copy Bundle Resources." : "."))
    }
}
