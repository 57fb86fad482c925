/// An Xcode project file (`project.pbxproj`) read into its objects: the project, its targets,
/// groups, files, build phases, build configurations, synchronized folders and packages.
///
/// Paths are relative to the folder that holds the `.xcodeproj` (Xcode's `SOURCE_ROOT`), with
/// `/` separators and no `.` or `..` components except leading `..` for places outside it.
///
/// ```swift
/// let project = try XcodeProject(text: text)
/// let app = project.target(named: "MyApp")!
/// project.targetsIncluding(newFileAt: "MyApp/AnnouncementSetup.swift")  // [app] in a synchronized folder
/// ```
package struct XcodeProject: Sendable {
    /// The parsed text.
    package let document: OpenStepDocument
    /// The file name errors name.
    package let fileName: String
    /// `objectVersion` (56 and 60 classic groups; 70 and 77 synchronized folders).
    package let objectVersion: Int?
    /// The `PBXProject` object's id (`rootObject`).
    package let projectID: String
    /// The entries of the `objects` dictionary by id (their byte ranges are what an editor splices).
    package let objectEntries: [String: PlistEntry]
    /// The `objects` dictionary.
    package let objectsNode: PlistNode
    /// The project's main group id.
    package let mainGroupID: String?
    /// The ids of the project's package references, in the order of `packageReferences`.
    package let packageReferenceIDs: [String]
    /// The project-level build configurations (the settings a target inherits).
    package let projectConfigurations: [XcodeBuildConfiguration]
    /// The targets, in the project's order.
    package let targets: [XcodeTarget]
    /// Build phases by id.
    package let buildPhases: [String: XcodeBuildPhase]
    /// Build files by id.
    package let buildFiles: [String: XcodeBuildFile]
    /// File references by id, with their resolved paths.
    package let fileReferences: [String: XcodeFileReference]
    /// Groups by id, with their resolved folders.
    package let groups: [String: XcodeGroup]
    /// Synchronized folders by id, with their resolved folders.
    package let synchronizedGroups: [String: XcodeSynchronizedGroup]
    /// Exception sets of synchronized folders by id.
    package let exceptionSets: [String: XcodeSynchronizedExceptionSet]
    /// Package references by id (also those the project's list leaves out).
    package let packageReferences: [String: XcodePackageReference]
    /// Package product dependencies by id.
    package let productDependencies: [String: XcodeProductDependency]

    /// Reads the text of a project file; `fileName` is what errors name.
    package init(text: String, fileName: String = "project.pbxproj") throws(XcodeProjectError) {
        try self.init(bytes: Array(text.utf8), fileName: fileName)
    }

    /// Reads the bytes of a project file (at most ``XcodeProjectFile/maximumSize``).
    package init(bytes: [UInt8], fileName: String = "project.pbxproj") throws(XcodeProjectError) {
        guard bytes.count <= XcodeProjectFile.maximumSize else {
            throw XcodeProjectFile.tooLarge(bytes.count, file: fileName)
        }
        let document = try OpenStepParser.parse(bytes, file: fileName)
        try self.init(document: document, fileName: fileName)
    }

    /// The model over a parsed document.
    package init(document: OpenStepDocument, fileName: String) throws(XcodeProjectError) {
        self.document = document
        self.fileName = fileName
        let root = document.root
        guard root.entries != nil, let objects = root["objects"], let entries = objects.entries else {
            throw XcodeProjectError(
                kind: .notAProject, file: fileName,
                message: "no 'objects' dictionary: this is not an Xcode project file")
        }
        var byID: [String: PlistEntry] = [:]
        byID.reserveCapacity(entries.count)
        for entry in entries where byID[entry.key] == nil { byID[entry.key] = entry }
        guard let rootID = root["rootObject"]?.string, let projectNode = byID[rootID]?.value,
            projectNode["isa"]?.string == "PBXProject"
        else {
            throw XcodeProjectError(
                kind: .notAProject, file: fileName,
                message: "'rootObject' does not name a PBXProject object: this is not an Xcode project file")
        }
        objectVersion = root["objectVersion"]?.string.flatMap { Int($0) }
        projectID = rootID
        objectEntries = byID
        objectsNode = objects
        mainGroupID = projectNode["mainGroup"]?.string
        packageReferenceIDs = projectNode["packageReferences"]?.strings ?? []
        let reader = XcodeObjectReader(objects: byID)
        projectConfigurations = reader.configurations(of: projectNode)
        targets = (projectNode["targets"]?.strings ?? []).compactMap { reader.target(id: $0) }
        buildPhases = reader.all { reader.buildPhase(id: $0, node: $1) }
        buildFiles = reader.all { reader.buildFile(id: $0, node: $1) }
        packageReferences = reader.all { reader.packageReference(id: $0, node: $1) }
        productDependencies = reader.all { reader.productDependency(id: $0, node: $1) }
        exceptionSets = reader.all { reader.exceptionSet(id: $0, node: $1) }
        var tree = XcodeGroupTree(reader: reader)
        tree.resolve(mainGroupID: mainGroupID, projectDirPath: projectNode["projectDirPath"]?.string ?? "")
        groups = tree.groups
        fileReferences = tree.files
        synchronizedGroups = tree.synchronizedGroups
    }

    /// The bytes of the file.
    package var bytes: [UInt8] { document.bytes }

    /// The object dictionary for `id`.
    package func object(_ id: String) -> PlistNode? { objectEntries[id]?.value }

    /// The `isa` of the object `id`.
    package func isa(of id: String) -> String? { object(id)?["isa"]?.string }
}

/// Reads the typed objects out of the `objects` dictionary; references to missing objects or
/// to objects of the wrong kind are left out.
struct XcodeObjectReader {
    let objects: [String: PlistEntry]

    func node(_ id: String, isa expected: String? = nil) -> PlistNode? {
        guard let node = objects[id]?.value, node.entries != nil else { return nil }
        if let expected, node["isa"]?.string != expected { return nil }
        return node
    }

    func all<T>(_ make: (String, PlistNode) -> T?) -> [String: T] {
        var result: [String: T] = [:]
        for (id, entry) in objects {
            if let value = make(id, entry.value) { result[id] = value }
        }
        return result
    }

    func configurations(of owner: PlistNode) -> [XcodeBuildConfiguration] {
        guard let listID = owner["buildConfigurationList"]?.string,
            let list = node(listID, isa: "XCConfigurationList")
        else { return [] }
        return (list["buildConfigurations"]?.strings ?? []).compactMap { id in
            guard let config = node(id, isa: "XCBuildConfiguration") else { return nil }
            var settings: [String: XcodeBuildSetting] = [:]
            for entry in config["buildSettings"]?.entries ?? [] {
                if let text = entry.value.string {
                    settings[entry.key] = .string(text)
                } else if let list = entry.value.strings {
                    settings[entry.key] = .list(list)
                }
            }
            return XcodeBuildConfiguration(
                id: id, name: config["name"]?.string ?? "", settings: settings,
                baseConfigurationFileID: config["baseConfigurationReference"]?.string)
        }
    }

    func target(id: String) -> XcodeTarget? {
        guard let target = node(id), let isa = target["isa"]?.string,
            ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"].contains(isa)
        else { return nil }
        let productType = target["productType"]?.string
        let dependencies = (target["dependencies"]?.strings ?? []).compactMap { dependencyID in
            node(dependencyID, isa: "PBXTargetDependency")?["target"]?.string
        }
        return XcodeTarget(
            id: id, name: target["name"]?.string ?? id, productName: target["productName"]?.string,
            productType: productType, kind: XcodeProductKind(productType: productType),
            buildPhaseIDs: target["buildPhases"]?.strings ?? [],
            packageProductDependencyIDs: target["packageProductDependencies"]?.strings ?? [],
            synchronizedGroupIDs: target["fileSystemSynchronizedGroups"]?.strings ?? [],
            dependencyTargetIDs: dependencies, configurations: configurations(of: target),
            hasPackageProductDependenciesKey: target.entry("packageProductDependencies") != nil)
    }

    func buildPhase(id: String, node: PlistNode) -> XcodeBuildPhase? {
        guard let isa = node["isa"]?.string, isa.hasSuffix("BuildPhase") else { return nil }
        return XcodeBuildPhase(id: id, kind: XcodeBuildPhaseKind(isa: isa), buildFileIDs: node["files"]?.strings ?? [])
    }

    func buildFile(id: String, node: PlistNode) -> XcodeBuildFile? {
        guard node["isa"]?.string == "PBXBuildFile" else { return nil }
        return XcodeBuildFile(
            id: id, fileReferenceID: node["fileRef"]?.string, productDependencyID: node["productRef"]?.string)
    }

    func packageReference(id: String, node: PlistNode) -> XcodePackageReference? {
        switch node["isa"]?.string {
        case "XCRemoteSwiftPackageReference":
            let requirement = node["requirement"]
            return XcodePackageReference(
                id: id,
                source: .remote(
                    repositoryURL: node["repositoryURL"]?.string ?? "",
                    requirement: XcodePackageRequirement(
                        kind: requirement?["kind"]?.string, minimumVersion: requirement?["minimumVersion"]?.string,
                        maximumVersion: requirement?["maximumVersion"]?.string,
                        version: requirement?["version"]?.string, branch: requirement?["branch"]?.string,
                        revision: requirement?["revision"]?.string)))
        case "XCLocalSwiftPackageReference":
            return XcodePackageReference(id: id, source: .local(relativePath: node["relativePath"]?.string ?? ""))
        default:
            return nil
        }
    }

    func productDependency(id: String, node: PlistNode) -> XcodeProductDependency? {
        guard node["isa"]?.string == "XCSwiftPackageProductDependency" else { return nil }
        return XcodeProductDependency(
            id: id, productName: node["productName"]?.string ?? "", packageID: node["package"]?.string)
    }

    func exceptionSet(id: String, node: PlistNode) -> XcodeSynchronizedExceptionSet? {
        guard node["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet" else { return nil }
        return XcodeSynchronizedExceptionSet(
            id: id, targetID: node["target"]?.string, membershipExceptions: node["membershipExceptions"]?.strings ?? [])
    }
}
