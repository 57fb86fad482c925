// libFuzzer harness for what `announce init` reads from a project someone else may have written: the
// first byte chooses the reader, the rest is the file.
//   0  project.pbxproj → XcodeProject → every query init makes → the editor's package, products and
//      file edits → the edited file reads back, and removing what the edits inserted gives the input
//   1  a Swift file → SwiftFileSummary → the root view's modifiers, the manager property and the
//      import edited in → the edits only insert
//   2  Package.swift text → PackageManifestEditor's three edits → the edits only insert; the manifest
//      read from its text (PackageManifestText)
//   3  property lists, workspaces, Podfile, Podfile.lock, Cartfile, Package.resolved and `$(VAR)`
//      expansion over the same bytes
//
// Built by scripts/fuzz with `-sanitize=fuzzer,address -DFUZZING`, libFuzzer supplies `main` and calls
// `LLVMFuzzerTestOneInput`. In a plain `swift build` the target is a small program that replays the
// files named on its command line through the same code.
import AnnounceProject
import Foundation

/// Reads `input` with the reader its first byte names; a broken promise traps, which libFuzzer
/// reports as a crash.
func exerciseProjectInput(_ input: [UInt8]) {
    guard let selector = input.first else { return }
    let bytes = Array(input.dropFirst())
    switch selector % 4 {
    case 0: exerciseProjectFile(bytes)
    case 1: exerciseSwiftSource(bytes)
    case 2: exerciseManifest(String(decoding: bytes, as: UTF8.self))
    default: exerciseSmallFormats(bytes)
    }
}

private func exerciseProjectFile(_ bytes: [UInt8]) {
    guard let project = try? XcodeProject(bytes: bytes) else { return }
    for target in project.targets.prefix(8) {
        for configuration in project.configurationNames(of: target).prefix(4) {
            _ = project.buildSettings(of: target, configuration: configuration)
        }
        for folder in project.sourceFolders(of: target).prefix(8) {
            _ = project.includes(target, newFileAt: folder + "/Announcements/AppAnnouncements.swift")
            _ = project.group(forFolder: folder)
        }
        _ = project.linkedProducts(of: target)
        _ = project.dependencyNames(of: target)
    }
    _ = project.localPackageFolders
    _ = project.projectPackages
    var editor = XcodeProjectEditor(project: project)
    do {
        let package = try editor.addRemotePackage(
            repositoryURL: "https://github.com/example/AnnouncementKit", minimumVersion: "0.3.0")
        if let app = project.applicationTargets.first ?? project.targets.first {
            try editor.addProducts(["AnnouncementKit", "AnnouncementKitUI"], of: package, to: app.name)
            let folder = project.sourceFolders(of: app).first ?? ""
            try editor.addFile(folder + "/AppAnnouncements.swift", to: app.name, role: .source)
        }
    } catch {
        _ = error.description
    }
    guard editor.changed else { return }
    precondition((try? XcodeProject(bytes: editor.bytes)) != nil, "an edited project file does not read back")
    var original: [UInt8] = []
    var next = 0
    for range in editor.insertedRanges {
        precondition(range.lowerBound >= next && range.upperBound <= editor.bytes.count, "inserted ranges overlap")
        original += editor.bytes[next..<range.lowerBound]
        next = range.upperBound
    }
    original += editor.bytes[next...]
    precondition(original == bytes, "an edit changed a byte it did not insert")
}

private func exerciseSwiftSource(_ bytes: [UInt8]) {
    let summary = SwiftFileSummary(bytes: bytes)
    _ = summary.entryPoints
    let editor = SwiftSourceEditor(bytes: bytes)
    for scene in summary.scenes.prefix(4) {
        guard let rootView = scene.rootView else { continue }
        guard var edits = try? editor.modifierEdits(lines: [".announcementBanner()"], after: rootView) else {
            continue
        }
        if let type = scene.enclosingType,
            let property = try? editor.propertyEdit(line: "@State private var a = 1", inTypeNamed: type)
        {
            edits.append(property)
        }
        if let importLine = editor.importEdit(line: "import AnnouncementKitUI") { edits.append(importLine) }
        checkInsertions(edits, bytes)
    }
}

private func exerciseManifest(_ text: String) {
    let editor = PackageManifestEditor(text: text)
    var edits: [SwiftTextEdit] = []
    if let edit = try? editor.addingPackageDependency(".package(path: \"../AnnouncementKit\")") { edits.append(edit) }
    let products = [".product(name: \"AnnouncementKit\", package: \"AnnouncementKit\")"]
    if let edit = try? editor.addingTargetDependencies(products, toTarget: "App") { edits.append(edit) }
    if let edit = try? editor.addingResource(".process(\"a.json\")", toTarget: "App") { edits.append(edit) }
    _ = editor.mentions(stringLiteral: "App")
    checkInsertions(edits, Array(text.utf8))
    let read = PackageManifestText.read(text)
    precondition(read.targets.count <= 1_000, "the text reading kept more than 1,000 targets")
    _ = read.targets.map(\.folder)
}

/// Edits made for init insert, and replace only the white space where they go (the indentation
/// before the next line; Swift counts tab, line feed, vertical tab, form feed and carriage return
/// as white space): no other byte of the file changes.
private func checkInsertions(_ edits: [SwiftTextEdit], _ bytes: [UInt8]) {
    guard !edits.isEmpty, (try? SwiftTextEdit.apply(edits, to: bytes)) != nil else { return }
    for edit in edits {
        precondition(edit.range.lowerBound >= 0 && edit.range.upperBound <= bytes.count, "an edit outside the file")
        let replaced = bytes[edit.range]
        precondition(
            replaced.allSatisfy { $0 == 0x20 || (0x09...0x0D).contains($0) },
            "an edit replaced code: \(String(decoding: replaced, as: UTF8.self).debugDescription)")
    }
}

private func exerciseSmallFormats(_ bytes: [UInt8]) {
    let data = Data(bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    if let plist = try? PropertyListFacts.dictionary(data, name: "Info.plist") {
        let settings = ["PRODUCT_NAME": "$(TARGET_NAME)", "TARGET_NAME": "App", "A": "$(A)"]
        for scheme in PropertyListFacts.urlSchemes(infoPlist: plist).prefix(16) {
            _ = PropertyListFacts.expand(scheme, settings: settings)
        }
        _ = PropertyListFacts.universalLinkDomains(entitlements: plist)
    }
    _ = PropertyListFacts.expand(text, settings: ["A": text, "B": "$(A)$(A)"])
    _ = XcodeWorkspace.projectPaths(data)
    _ = DependencyFiles.podfilePods(text)
    _ = DependencyFiles.podfileLockPods(text)
    _ = DependencyFiles.cartfileRepositories(text)
    _ = DependencyFiles.resolvedPins(data)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    exerciseProjectInput(bytes)
    return 0
}

#if !FUZZING
    @main
    struct ReplayProjectInputs {
        static func main() throws {
            for path in CommandLine.arguments.dropFirst() {
                exerciseProjectInput([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
                print("ok \(path)")
            }
        }
    }
#endif
