/// Minimal edits of a project file: each is an insertion, every byte it does not add stays as it
/// was, and applying an edit to a file that already has it changes nothing (packages are found by
/// URL or path, products by name, files by path).
///
/// New objects are written in Xcode's formatting, in their section (created where missing, in
/// Xcode's section order), sorted by id; new ids are 24 uppercase hex digits derived from what
/// the object stands for, unique in the file.
///
/// ```swift
/// var editor = try XcodeProjectEditor(text: text)
/// let package = try editor.addRemotePackage(
///     repositoryURL: "https://github.com/example/AnnouncementKit", minimumVersion: "0.3.0")
/// try editor.addProducts(["AnnouncementKit", "AnnouncementKitUI"], of: package, to: "MyApp")
/// if editor.changed { write(editor.text) }
/// ```
package struct XcodeProjectEditor: Sendable {
    /// The project as edited so far (re-read after each edit).
    package internal(set) var project: XcodeProject
    /// The byte ranges of the current text that the edits inserted, in order, not overlapping;
    /// removing them gives the original text back.
    package internal(set) var insertedRanges: [Range<Int>] = []

    /// An editor of `project`.
    package init(project: XcodeProject) {
        self.project = project
    }

    /// An editor of the project file `text`.
    package init(text: String, fileName: String = "project.pbxproj") throws(XcodeProjectError) {
        self.project = try XcodeProject(text: text, fileName: fileName)
    }

    /// The edited bytes.
    package var bytes: [UInt8] { project.bytes }

    /// The edited text.
    package var text: String { String(decoding: project.bytes, as: UTF8.self) }

    /// Whether any edit inserted anything.
    package var changed: Bool { !insertedRanges.isEmpty }

    /// Makes sure the project refers to the remote package at `repositoryURL` (with the
    /// requirement `upToNextMinorVersion` from `minimumVersion` when it adds it) and lists it in
    /// the project's `packageReferences`. An existing reference to that URL is kept as it is,
    /// requirement included. Returns the reference's id.
    @discardableResult
    package mutating func addRemotePackage(
        repositoryURL: String, minimumVersion: String
    ) throws(XcodeProjectError) -> String {
        if let existing = project.packageReference(repositoryURL: repositoryURL) {
            try listPackage(existing.id)
            return existing.id
        }
        let id = newID(for: "XCRemoteSwiftPackageReference \(XcodeProject.comparableURL(repositoryURL))")
        let name = XcodePackageReference.repositoryName(of: repositoryURL)
        let text = XcodeObjectText.remotePackage(
            id: id, url: repositoryURL, minimumVersion: minimumVersion,
            comment: "XCRemoteSwiftPackageReference \"\(name)\"")
        // The object and its place in the list, in one edit: they lie in different objects.
        try apply(
            [splicer.insertObject(text, id: id, isa: "XCRemoteSwiftPackageReference", objects: project.objectsNode)]
                + listingSplices(id, comment: "XCRemoteSwiftPackageReference \"\(name)\""))
        return id
    }

    /// Makes sure the project refers to the local package at `relativePath` (from the project's
    /// folder) and lists it in `packageReferences`. Returns the reference's id.
    @discardableResult
    package mutating func addLocalPackage(relativePath: String) throws(XcodeProjectError) -> String {
        if let existing = project.packageReference(relativePath: relativePath) {
            try listPackage(existing.id)
            return existing.id
        }
        let id = newID(for: "XCLocalSwiftPackageReference \(XcodePath.normalize(relativePath))")
        let text = XcodeObjectText.localPackage(
            id: id, relativePath: relativePath, comment: "XCLocalSwiftPackageReference \"\(relativePath)\"")
        try apply(
            [splicer.insertObject(text, id: id, isa: "XCLocalSwiftPackageReference", objects: project.objectsNode)]
                + listingSplices(id, comment: "XCLocalSwiftPackageReference \"\(relativePath)\""))
        return id
    }

    /// Makes `target` (by name) use each product of `products` from the package `packageID`:
    /// an `XCSwiftPackageProductDependency` in its `packageProductDependencies` (the key added
    /// when absent) and a `PBXBuildFile` with `productRef` in its Frameworks phase (the phase
    /// created when missing). A product the target already depends on by that name is kept.
    package mutating func addProducts(
        _ products: [String], of packageID: String, to target: String
    ) throws(XcodeProjectError) {
        for product in products {
            let dependency = try addProductDependency(product, of: packageID, to: try requireTarget(target))
            try linkProduct(product, dependency: dependency, in: try requireTarget(target))
        }
    }

    /// How ``addFile(_:to:role:)`` made a file part of a target.
    package enum FileAddition: Sendable, Equatable {
        /// A synchronized folder the target builds holds the path: the file belongs to the target
        /// as soon as it exists, and the project file needs no edit (none was made).
        case coveredBySynchronizedFolder
        /// The group already listed the file and the target's phase already had it: no edit.
        case alreadyPresent
        /// A file reference and a build file were added (either may have existed).
        case added
    }

    /// What a new file is to its target.
    package enum FileRole: Sendable, Equatable {
        /// Compiled: the Sources phase (a Swift file).
        case source
        /// Copied into the bundle: the Resources phase (a JSON feed).
        case resource
    }

    /// Makes the file at `path` (relative to the project's folder) part of `target`. In a
    /// synchronized folder the target builds, nothing is needed and nothing is edited. In a
    /// classic project it adds a `PBXFileReference` to the group whose folder holds the file and a
    /// `PBXBuildFile` to the target's Sources or Resources phase (created when missing). Fails
    /// with `.missing` when no group has the file's folder.
    @discardableResult
    package mutating func addFile(
        _ path: String, to target: String, role: FileRole
    ) throws(XcodeProjectError) -> FileAddition {
        let file = XcodePath.normalize(path)
        if project.includes(try requireTarget(target), newFileAt: file) { return .coveredBySynchronizedFolder }
        let reference = try addFileReference(file)
        let kind: XcodeBuildPhaseKind = role == .source ? .sources : .resources
        let before = insertedRanges
        try addBuildFile(reference: reference, path: file, kind: kind, target: try requireTarget(target))
        return reference.added || before != insertedRanges ? .added : .alreadyPresent
    }

    // MARK: - Steps

    var splicer: XcodeSplicer { XcodeSplicer(bytes: project.bytes, comments: project.document.comments) }

    func newID(for description: String) -> String {
        XcodeObjectID.make(for: description) { project.objectEntries[$0] != nil }
    }

    func requireTarget(_ name: String) throws(XcodeProjectError) -> XcodeTarget {
        guard let target = project.target(named: name) else {
            let names = project.targets.map(\.name).joined(separator: ", ")
            throw XcodeProjectError(
                kind: .missing, file: project.fileName, message: "no target named '\(name)' (targets: \(names))")
        }
        return target
    }

    func requireObject(_ id: String) throws(XcodeProjectError) -> PlistNode {
        guard let node = project.object(id) else {
            throw XcodeProjectError(kind: .missing, file: project.fileName, message: "no object with the id \(id)")
        }
        return node
    }

    /// `ID /* comment */` for an existing object: the comment Xcode wrote at its definition, else
    /// one made as Xcode makes it.
    func reference(to id: String, fallback: String) -> String {
        let comment = project.objectEntries[id].flatMap(splicer.commentAfterKey(of:)) ?? fallback
        return XcodeObjectText.reference(id, comment)
    }

    /// Lists `id` in the project's `packageReferences` (the key added when absent).
    mutating func listPackage(_ id: String) throws(XcodeProjectError) {
        guard !project.packageReferenceIDs.contains(id) else { return }
        let projectNode = try requireObject(project.projectID)
        let fallback = project.packageReferences[id].map { reference in
            let kind = reference.repositoryURL == nil ? "XCLocalSwiftPackageReference" : "XCRemoteSwiftPackageReference"
            return "\(kind) \"\(reference.displayName)\""
        }
        let item = reference(to: id, fallback: fallback ?? id)
        try apply(appendOrAdd(item, key: "packageReferences", in: projectNode))
    }

    /// The splices that list the new package `id` (not in the project yet) in `packageReferences`.
    func listingSplices(_ id: String, comment: String) throws(XcodeProjectError) -> [XcodeSplice] {
        guard !project.packageReferenceIDs.contains(id) else { return [] }
        let projectNode = try requireObject(project.projectID)
        return appendOrAdd(XcodeObjectText.reference(id, comment), key: "packageReferences", in: projectNode)
    }

    /// Splices that append `item` to the array at `key` of `object`, or add the key.
    func appendOrAdd(_ item: String, key: String, in object: PlistNode) -> [XcodeSplice] {
        if let array = object[key], array.array != nil { return splicer.append(item, to: array) }
        return [splicer.addKey(key, value: XcodeSplicer.arrayValue(item), to: object)]
    }
}
