import AnnounceProject
import AnnouncementKit
import Foundation

extension InitProject {
    /// Deployment-target settings by the platform names the report uses.
    static let deploymentKeys: [(key: String, platform: String)] = [
        ("IPHONEOS_DEPLOYMENT_TARGET", "iOS"), ("MACOSX_DEPLOYMENT_TARGET", "macOS"),
        ("TVOS_DEPLOYMENT_TARGET", "tvOS"), ("WATCHOS_DEPLOYMENT_TARGET", "watchOS"),
        ("XROS_DEPLOYMENT_TARGET", "visionOS"),
    ]

    /// SDK names (`SDKROOT`, `SUPPORTED_PLATFORMS`) by platform.
    static let sdkPlatforms: [String: String] = [
        "iphoneos": "iOS", "iphonesimulator": "iOS", "macosx": "macOS", "appletvos": "tvOS",
        "appletvsimulator": "tvOS", "watchos": "watchOS", "watchsimulator": "watchOS", "xros": "visionOS",
        "xrsimulator": "visionOS",
    ]

    /// The build settings of `target` in `configuration` as text, with `TARGET_NAME`,
    /// `PRODUCT_NAME` and the folders Xcode defines, each `$(VAR)` expanded where it can be.
    func settingTexts(_ xcode: XcodeProject, _ target: XcodeTarget, configuration: String) -> [String: String] {
        var settings = xcode.buildSettings(of: target, configuration: configuration).mapValues(\.text)
        settings["TARGET_NAME"] = target.name
        settings["PROJECT_NAME"] = XcodePath.lastComponent(of: xcodeProjectPath ?? "").replacingOccurrences(
            of: ".xcodeproj", with: "")
        for folder in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] { settings[folder] = "." }
        if settings["PRODUCT_NAME"] == nil { settings["PRODUCT_NAME"] = target.productName ?? target.name }
        settings["CONFIGURATION"] = configuration
        // A value may name others (com.example.$(PRODUCT_NAME:rfc1034identifier)): a few rounds settle it.
        for _ in 0..<4 {
            var changed = false
            for (key, value) in settings where value.contains("$(") || value.contains("${") {
                if let expanded = PropertyListFacts.expand(value, settings: settings), expanded != value {
                    settings[key] = expanded
                    changed = true
                }
            }
            if !changed { break }
        }
        return settings
    }

    /// The platforms `settings` build for: `SUPPORTED_PLATFORMS`, else `SDKROOT`, else every
    /// platform whose deployment target is set.
    static func platforms(of settings: [String: String]) -> Set<String> {
        let named = (settings["SUPPORTED_PLATFORMS"] ?? settings["SDKROOT"] ?? "").split(separator: " ")
            .compactMap { sdkPlatforms[String($0).lowercased()] }
        if !named.isEmpty { return Set(named) }
        return Set(deploymentKeys.filter { settings[$0.key] != nil }.map(\.platform))
    }

    /// The lowest deployment target of each platform the targets build for, over every build
    /// configuration; a target below the package's minimum is refused.
    mutating func checkDeploymentTargets(_ xcode: XcodeProject, targets: [XcodeTarget]) {
        var lowest: [String: String] = [:]
        var unread: [String] = []
        for target in targets {
            for configuration in xcode.configurationNames(of: target) {
                let settings = settingTexts(xcode, target, configuration: configuration)
                let platforms = Self.platforms(of: settings)
                for (key, platform) in Self.deploymentKeys where platforms.contains(platform) {
                    guard let value = settings[key] else { continue }
                    guard SemanticVersion(value) != nil else {
                        unread.append("\(key) = \(value) (\(target.name), \(configuration))")
                        continue
                    }
                    if let current = lowest[platform], !DeploymentMinimums.isBelow(value, current) { continue }
                    lowest[platform] = value
                }
            }
        }
        inspection.platforms = lowest
        for (platform, version) in lowest.sorted(by: { $0.key < $1.key }) {
            if let minimum = DeploymentMinimums.versions[platform], DeploymentMinimums.isBelow(version, minimum) {
                refuse(
                    "deploymentTarget",
                    "the deployment target \(platform) \(version) is below AnnouncementKit's minimum \(platform) "
                        + "\(minimum); raise it in the target's build settings (every configuration) and run again")
            }
        }
        guard refusal == nil else { return }
        if lowest.isEmpty {
            pass(
                "deploymentTarget",
                "the project file sets no deployment target (an .xcconfig file may): check that it is at least "
                    + "iOS 17, macOS 14, tvOS 17, watchOS 10")
        } else {
            let listed = lowest.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            pass("deploymentTarget", "deployment targets \(listed) meet the package's minimums")
        }
        if !unread.isEmpty {
            pass("deploymentTarget", "not read: \(unread.prefix(5).joined(separator: "; "))")
        }
    }

    /// URL schemes from `target`'s Info.plist (`INFOPLIST_FILE`) and universal links from its
    /// entitlements (`CODE_SIGN_ENTITLEMENTS`), with `$(VAR)` expanded from its build settings.
    mutating func readTargetPropertyLists(_ xcode: XcodeProject, target: XcodeTarget) {
        guard let configuration = xcode.configurationNames(of: target).first else { return }
        let settings = settingTexts(xcode, target, configuration: configuration)
        var read = false
        for key in ["INFOPLIST_FILE", "CODE_SIGN_ENTITLEMENTS"] {
            guard let value = settings[key], !value.isEmpty, !value.contains("$("),
                let path = rootRelative(value)
            else { continue }
            readPropertyList(at: path, settings: settings)
            read = true
        }
        if !read {
            // Without settings naming them, the files beside the sources.
            for folder in xcode.synchronizedFolders(of: target).compactMap(\.resolvedFolder).compactMap(rootRelative) {
                readPropertyLists(in: folder, settings: settings)
            }
        }
    }

    /// Remote SDKs among the packages the targets link and the project refers to, and in the
    /// `Package.resolved` files of the project and of workspaces at the root.
    mutating func findXcodeSDKs(_ xcode: XcodeProject, targets: [XcodeTarget]) {
        let file = (xcodeProjectPath ?? "project") + "/project.pbxproj"
        var found: [(String, String)] = []
        for target in targets {
            for product in xcode.linkedProducts(of: target) {
                if let sdk = MessagingSDK.forProduct(product.name) { found.append((sdk.name, file)) }
            }
        }
        for package in xcode.projectPackages {
            if let url = package.repositoryURL, let sdk = MessagingSDK.forRepository(url) {
                found.append((sdk.name, file))
            }
        }
        var resolved = [(xcodeProjectPath ?? "") + "/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        resolved += names.filter { $0.hasSuffix(".xcworkspace") }.sorted().map {
            $0 + "/xcshareddata/swiftpm/Package.resolved"
        }
        for path in resolved {
            guard let data = BoundedFile.contents(root.appendingPathComponent(path).path, limit: 8 << 20) else {
                continue
            }
            for pin in DependencyFiles.resolvedPins(data) {
                if let sdk = MessagingSDK.forRepository(pin) { found.append((sdk.name, path)) }
            }
        }
        findSDKsInDependencyFiles(into: &found)
        for (name, file) in found where !inspection.conflicts.contains(where: { $0.kind == "sdk" && $0.name == name }) {
            inspection.conflicts.append(.init(kind: "sdk", name: name, file: file))
        }
    }

    /// Where the setup file and the feed go: beside the entry file, in an `Announcements` folder
    /// when a synchronized folder holds it (the project file needs no edit), else in the entry
    /// file's own folder, whose group the editor adds them to. Never where a target that does
    /// not get the package would compile them.
    mutating func placeFiles(_ xcode: XcodeProject, targets: [XcodeTarget]) {
        guard let entry = inspection.entry else { return }
        let folder = XcodePath.folder(of: entry.file)
        let ids = Set(targets.map(\.id))
        let synchronized = projectRelative(XcodePath.join(folder, "Announcements/\(InitTemplates.setupTypeName).swift"))
        let owners = xcode.targetsIncluding(newFileAt: synchronized)
        if !owners.isEmpty {
            let others = owners.filter { !ids.contains($0.id) }.map(\.name)
            guard others.isEmpty else {
                refuse(
                    "placement",
                    "a file beside \(entry.file) would also be compiled by \(others.joined(separator: ", ")), which "
                        + "does not get the package; run with --target naming every target that compiles it, or "
                        + "add the setup file by hand")
                return
            }
            filesFolder = XcodePath.join(folder, "Announcements")
            pass("placement", "the setup file goes to \(filesFolder)/, in a folder the app target syncs")
            return
        }
        guard xcode.group(forFolder: projectRelative(folder)) != nil else {
            refuse(
                "placement",
                "no group of the project holds \(folder.isEmpty ? "the project's folder" : folder), where the entry "
                    + "file is; add the setup file to the app target by hand (the steps show it)")
            return
        }
        filesFolder = folder
        pass(
            "placement",
            "the setup file goes to \(folder.isEmpty ? "the project's folder" : folder + "/") and into the app target's Sources phase"
        )
    }
}
