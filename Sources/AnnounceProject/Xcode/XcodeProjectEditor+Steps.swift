extension XcodeProjectEditor {
    /// The id of `target`'s dependency on `product` of `packageID`, added when missing (a
    /// dependency by that name without a package, a local package added as a folder, counts).
    mutating func addProductDependency(
        _ product: String, of packageID: String, to target: XcodeTarget
    ) throws(XcodeProjectError) -> String {
        let existing = target.packageProductDependencyIDs.compactMap { project.productDependencies[$0] }.first {
            $0.productName == product && ($0.packageID == packageID || $0.packageID == nil)
        }
        if let existing { return existing.id }
        guard let package = project.packageReferences[packageID] else {
            throw XcodeProjectError(
                kind: .missing, file: project.fileName, message: "no package reference with the id \(packageID)")
        }
        let kind = package.repositoryURL == nil ? "XCLocalSwiftPackageReference" : "XCRemoteSwiftPackageReference"
        let packageText = reference(to: packageID, fallback: "\(kind) \"\(package.displayName)\"")
        let id = newID(for: "XCSwiftPackageProductDependency \(target.id) \(product)")
        let text = XcodeObjectText.productDependency(id: id, productName: product, package: packageText)
        // The object and its place in the target's list in one edit (each re-reads the file).
        let item = XcodeObjectText.reference(id, product)
        try apply(
            [splicer.insertObject(text, id: id, isa: "XCSwiftPackageProductDependency", objects: project.objectsNode)]
                + appendOrAdd(item, key: "packageProductDependencies", in: try requireObject(target.id)))
        return id
    }

    /// Links the dependency `dependency` (product `product`) in `target`'s Frameworks phase.
    mutating func linkProduct(_ product: String, dependency: String, in target: XcodeTarget) throws(XcodeProjectError) {
        if let phase = project.buildPhase(of: target, kind: .frameworks),
            phase.buildFileIDs.contains(where: { project.buildFiles[$0]?.productDependencyID == dependency })
        {
            return
        }
        let id = newID(for: "PBXBuildFile \(target.id) Frameworks \(product)")
        let text = XcodeObjectText.productBuildFile(
            id: id, productName: product, dependency: XcodeObjectText.reference(dependency, product))
        try addToPhase(
            buildFile: id, text: text, comment: "\(product) in Frameworks", kind: .frameworks, target: target)
    }

    /// The file reference for `path`: an existing one with that path, or one added to the group
    /// whose folder holds it.
    mutating func addFileReference(_ path: String) throws(XcodeProjectError) -> (id: String, name: String, added: Bool)
    {
        let name = XcodePath.lastComponent(of: path)
        if let existing = project.fileReferences.values.sorted(by: { $0.id < $1.id }).first(where: {
            $0.resolvedPath == path
        }) {
            return (existing.id, existing.name ?? XcodePath.lastComponent(of: existing.path ?? name), false)
        }
        let folder = XcodePath.folder(of: path)
        guard let group = project.group(forFolder: folder) else {
            throw XcodeProjectError(
                kind: .missing, file: project.fileName,
                message: "no group of the project has the folder '\(folder)' for '\(path)'; "
                    + "put the file in a folder a group of the target has")
        }
        let id = newID(for: "PBXFileReference \(path)")
        let text = XcodeObjectText.fileReference(id: id, fileName: name, fileType: XcodeObjectText.fileType(of: name))
        try apply(
            [splicer.insertObject(text, id: id, isa: "PBXFileReference", objects: project.objectsNode)]
                + appendOrAdd(XcodeObjectText.reference(id, name), key: "children", in: try requireObject(group.id)))
        return (id, name, true)
    }

    /// Puts the file `reference` in `target`'s phase of `kind` unless it is there.
    mutating func addBuildFile(
        reference: (id: String, name: String, added: Bool), path: String, kind: XcodeBuildPhaseKind,
        target: XcodeTarget
    ) throws(XcodeProjectError) {
        if let phase = project.buildPhase(of: target, kind: kind),
            phase.buildFileIDs.contains(where: { project.buildFiles[$0]?.fileReferenceID == reference.id })
        {
            return
        }
        let id = newID(for: "PBXBuildFile \(target.id) \(kind.displayName) \(path)")
        let text = XcodeObjectText.fileBuildFile(
            id: id, fileName: reference.name, phase: kind.displayName,
            file: XcodeObjectText.reference(reference.id, reference.name))
        try addToPhase(
            buildFile: id, text: text, comment: "\(reference.name) in \(kind.displayName)", kind: kind, target: target)
    }

    /// Adds the build file object and lists it in `target`'s phase of `kind`, creating the phase
    /// (appended to the target's `buildPhases`) when the target has none.
    mutating func addToPhase(
        buildFile id: String, text: String, comment: String, kind: XcodeBuildPhaseKind, target: XcodeTarget
    ) throws(XcodeProjectError) {
        let insertion = splicer.insertObject(text, id: id, isa: "PBXBuildFile", objects: project.objectsNode)
        let item = XcodeObjectText.reference(id, comment)
        let current = project.target(id: target.id) ?? target
        if let phase = project.buildPhase(of: current, kind: kind) {
            try apply([insertion] + appendOrAdd(item, key: "files", in: try requireObject(phase.id)))
            return
        }
        try apply([insertion])
        let phaseID = newID(for: "\(kind.isa) \(target.id)")
        let phaseText = XcodeObjectText.buildPhase(id: phaseID, kind: kind, file: item)
        try apply([splicer.insertObject(phaseText, id: phaseID, isa: kind.isa, objects: project.objectsNode)])
        let phaseItem = XcodeObjectText.reference(phaseID, kind.displayName)
        try apply(appendOrAdd(phaseItem, key: "buildPhases", in: try requireObject(target.id)))
    }

    /// Inserts the splices (all against the current text), re-reads the project and records the
    /// inserted ranges. When the result does not read back, nothing changes and the error says so.
    mutating func apply(_ splices: [XcodeSplice]) throws(XcodeProjectError) {
        guard !splices.isEmpty else { return }
        var bytes = project.bytes
        var ranges = insertedRanges
        let ordered = splices.enumerated().sorted {
            $0.element.offset != $1.element.offset ? $0.element.offset > $1.element.offset : $0.offset > $1.offset
        }
        for (_, splice) in ordered {
            let inserted = Array(splice.text.utf8)
            bytes.insert(contentsOf: inserted, at: splice.offset)
            ranges = Self.shift(ranges, insertingAt: splice.offset, count: inserted.count)
        }
        do throws(XcodeProjectError) {
            project = try XcodeProject(bytes: bytes, fileName: project.fileName)
        } catch {
            throw XcodeProjectError(
                kind: error.kind, file: project.fileName, line: error.line, column: error.column,
                message: "the edit would leave the file unreadable (\(error.message)); the file was left as it was")
        }
        insertedRanges = ranges
    }

    /// `ranges` after inserting `count` bytes at `offset`: ranges after it move, a range it
    /// touches or falls in grows, else a new range is added; touching ranges are merged.
    static func shift(_ ranges: [Range<Int>], insertingAt offset: Int, count: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var placed = false
        for range in ranges {
            if range.upperBound < offset {
                result.append(range)
            } else if range.lowerBound > offset {
                if !placed {
                    result.append(offset..<(offset + count))
                    placed = true
                }
                result.append((range.lowerBound + count)..<(range.upperBound + count))
            } else {
                result.append(range.lowerBound..<(range.upperBound + count))
                placed = true
            }
        }
        if !placed { result.append(offset..<(offset + count)) }
        var merged: [Range<Int>] = []
        for range in result {
            if let last = merged.last, last.upperBound >= range.lowerBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
