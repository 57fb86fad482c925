package import Foundation

/// What `announce init` needs of a SwiftPM manifest, as `swift package dump-package` describes it:
/// the package's name and tools version, its platforms, its dependencies and its targets.
package struct PackageManifest: Sendable, Equatable {
    /// A dependency of the package.
    package struct Dependency: Sendable, Equatable {
        /// The package identity SwiftPM gives it (the last path component, lower-cased).
        package var identity: String
        /// The repository URL of a source-control dependency.
        package var url: String?
        /// The path of a local dependency, as SwiftPM resolved it (absolute).
        package var path: String?
    }

    /// A dependency of a target: another target, a product of a dependency, or a name either way.
    package struct TargetDependency: Sendable, Equatable {
        /// The target or product name.
        package var name: String
        /// The package of a product dependency, when named.
        package var package: String?
    }

    /// One target.
    package struct Target: Sendable, Equatable {
        /// The target's name.
        package var name: String
        /// SwiftPM's kind: `executable`, `regular`, `test`, `macro`, `plugin`, `system`, `binary`.
        package var type: String
        /// The target's folder relative to the package root, when the manifest sets it.
        package var path: String?
        /// What the target depends on.
        package var dependencies: [TargetDependency]
        /// The resource paths the target declares, relative to its folder.
        package var resources: [String]

        /// The folder that holds the target's sources, relative to the package root: `path`, or
        /// SwiftPM's default for the kind.
        package var folder: String {
            // `path: "."` (an app playground's) is the package root itself: "".
            if let path, !path.isEmpty { return XcodePath.normalize(path) }
            return (type == "test" ? "Tests/" : type == "plugin" ? "Plugins/" : "Sources/") + name
        }
    }

    /// The package's name.
    package var name: String
    /// The tools version, such as `5.9.0`.
    package var toolsVersion: String?
    /// Minimum deployment versions by SwiftPM platform name (`ios`, `macos`, …), as written.
    package var platforms: [String: String]
    /// The package's dependencies.
    package var dependencies: [Dependency]
    /// The package's targets, in manifest order.
    package var targets: [Target]
    /// The names of the package's products.
    package var products: [String]

    /// The target named `name`.
    package func target(named name: String) -> Target? { targets.first { $0.name == name } }
}

/// Why a manifest could not be read.
package struct ManifestError: Error, Equatable, CustomStringConvertible {
    /// What went wrong and what to do.
    package var message: String
    /// Whether SwiftPM could not evaluate the manifest here for a reason of this machine's (no
    /// `swift`, the time limit, a module only Apple's tools have), rather than an error in the
    /// manifest: a caller may then read it as text (``PackageManifestText``).
    package var readableAsText: Bool

    package init(_ message: String, readableAsText: Bool = false) {
        self.message = message
        self.readableAsText = readableAsText
    }

    package var description: String { message }
}

extension PackageManifest {
    /// The most bytes of `dump-package` output read: a manifest description is a few kilobytes.
    package static let maximumDescriptionBytes = 8 << 20

    /// The manifest described by `json`, the output of `swift package dump-package`.
    package static func decode(dumpPackageJSON json: Data) throws(ManifestError) -> PackageManifest {
        guard json.count <= maximumDescriptionBytes else {
            throw ManifestError("the manifest description is larger than \(maximumDescriptionBytes) bytes")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: json)
        } catch {
            throw ManifestError("'swift package dump-package' printed something that is not JSON")
        }
        guard let root = object as? [String: Any], let name = root["name"] as? String else {
            throw ManifestError("'swift package dump-package' printed no package name")
        }
        var platforms: [String: String] = [:]
        for entry in root["platforms"] as? [[String: Any]] ?? [] {
            if let platform = entry["platformName"] as? String, let version = entry["version"] as? String {
                platforms[platform] = version
            }
        }
        let tools = (root["toolsVersion"] as? [String: Any])?["_version"] as? String
        let products = (root["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        return PackageManifest(
            name: name, toolsVersion: tools, platforms: platforms,
            dependencies: (root["dependencies"] as? [[String: Any]] ?? []).compactMap(dependency),
            targets: (root["targets"] as? [[String: Any]] ?? []).compactMap(target), products: products)
    }

    private static func dependency(_ entry: [String: Any]) -> Dependency? {
        if let control = (entry["sourceControl"] as? [[String: Any]])?.first {
            let identity = control["identity"] as? String ?? ""
            let location = control["location"] as? [String: Any]
            let remote = (location?["remote"] as? [Any])?.first
            // Older tools write the URL as a string, newer ones as {"urlString": …}.
            let url = (remote as? [String: Any])?["urlString"] as? String ?? remote as? String
            let local = (location?["local"] as? [Any])?.first as? String
            return Dependency(identity: identity, url: url, path: local)
        }
        if let fileSystem = (entry["fileSystem"] as? [[String: Any]])?.first {
            return Dependency(
                identity: fileSystem["identity"] as? String ?? "", url: nil, path: fileSystem["path"] as? String)
        }
        return nil
    }

    private static func target(_ entry: [String: Any]) -> Target? {
        guard let name = entry["name"] as? String else { return nil }
        let dependencies = (entry["dependencies"] as? [[String: Any]] ?? []).compactMap { item -> TargetDependency? in
            for key in ["byName", "target", "product"] {
                guard let values = item[key] as? [Any], let name = values.first as? String else { continue }
                let package = key == "product" && values.count > 1 ? values[1] as? String : nil
                return TargetDependency(name: name, package: package)
            }
            return nil
        }
        let resources = (entry["resources"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        return Target(
            name: name, type: entry["type"] as? String ?? "regular", path: entry["path"] as? String,
            dependencies: dependencies, resources: resources)
    }
}
