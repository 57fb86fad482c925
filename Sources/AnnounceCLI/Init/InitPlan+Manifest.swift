import AnnounceProject
import Foundation

extension InitPlan {
    /// The package dependency, both products and the starter feed's resource in Package.swift,
    /// checked by evaluating the edited manifest before anything is written.
    mutating func editManifest(
        _ project: InitProject, package: PackageSource, feedPath: String, templates: InitTemplates,
        environment: [String: String]
    ) {
        guard project.inspection.kind == .swiftpm, !project.manifestReadAsText, let manifest = project.manifest,
            let text = project.manifestText,
            let target = project.inspection.appTarget, let app = manifest.target(named: target)
        else { return }
        let editor = PackageManifestEditor(text: text)
        let identity = package.identity.lowercased()
        let hasDependency = manifest.dependencies.contains { $0.identity.lowercased() == identity }
        let products = ["AnnouncementKit", "AnnouncementKitUI"]
        let missing = zip(products, package.productElements).filter { product in
            !app.dependencies.contains { $0.name == product.0 }
        }.map(\.1)
        let resource = String(feedPath.dropFirst(app.folder.count + 1))
        let needsResource = templates.readsBundledFeed && !app.resources.contains(resource)
        var edits: [SwiftTextEdit] = []
        do {
            if !hasDependency { edits.append(try editor.addingPackageDependency(package.dependencyElement)) }
            if !missing.isEmpty { edits.append(try editor.addingTargetDependencies(missing, toTarget: target)) }
            if needsResource {
                edits.append(
                    try editor.addingResource(".process(\"\(InitTemplates.swiftEscaped(resource))\")", toTarget: target)
                )
            }
        } catch {
            refuse(
                "Package.swift cannot be edited safely: \(error.description). Run with --no-project-edit and add "
                    + "the lines the steps print.")
            return
        }
        guard !edits.isEmpty else { return }
        let edited: String
        do {
            edited = String(decoding: try SwiftTextEdit.apply(edits, to: Array(text.utf8)), as: UTF8.self)
        } catch {
            refuse("Package.swift cannot be edited safely: \(error.description)")
            return
        }
        // Evaluated in a temporary folder: a local package is named there by its absolute path.
        var checked = edited
        if package.isPath, let folder = package.folder {
            checked = edited.replacingOccurrences(
                of: package.dependencyElement, with: ".package(path: \"\(InitTemplates.swiftEscaped(folder))\")")
        }
        if let problem = Self.verify(
            checked, target: target, resource: needsResource ? resource : nil, identity: identity,
            environment: environment)
        {
            refuse("the edited Package.swift \(problem); run with --no-project-edit and add the lines the steps print")
            return
        }
        changes.append(.init(path: "Package.swift", oldText: text, newText: edited))
    }

    /// Why the edited manifest is not what was meant, or `nil` when SwiftPM evaluates it with the
    /// dependency, both products on the target and the resource.
    static func verify(
        _ manifest: String, target: String, resource: String?, identity: String, environment: [String: String]
    ) -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("announce-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        } catch {
            return "could not be checked (\(error.localizedDescription))"
        }
        let evaluated: PackageManifest
        do {
            evaluated = try PackageManifest.load(packageAt: folder, environment: environment)
        } catch {
            return "does not evaluate: \(error.message)"
        }
        guard evaluated.dependencies.contains(where: { $0.identity.lowercased() == identity }) else {
            return "does not depend on the package"
        }
        guard let app = evaluated.target(named: target),
            ["AnnouncementKit", "AnnouncementKitUI"].allSatisfy({ name in app.dependencies.contains { $0.name == name }
            })
        else { return "does not give \(target) both products" }
        if let resource, !app.resources.contains(resource) { return "does not declare \(resource) as a resource" }
        return nil
    }

    mutating func refuse(_ message: String) {
        status = .refused
        self.message = message
        changes = []
    }
}
