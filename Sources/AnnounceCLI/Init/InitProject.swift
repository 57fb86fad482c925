import AnnounceProject
import Foundation

/// What `announce init` knows about the project after reading it: the inspection the report shows,
/// and what the plan needs to write (the app target's folder, the entry file and its root view,
/// the manifest).
struct InitProject {
    var inspection: ProjectInspection
    var root: URL
    /// The folder the app target compiles, relative to the root, where the setup file goes.
    var sourceFolder: String = ""
    /// The folder the setup file and the bundled feed go to, relative to the root.
    var filesFolder: String = "Announcements"
    /// The `.xcodeproj` read (relative to the root) and its model (for Xcode projects).
    var xcodeProjectPath: String?
    var xcode: XcodeProject?
    /// The targets that get the package: the app target, and those compiling the same entry file.
    var integrationTargets: [String] = []
    /// The Swift files read, the app target's and its local packages'.
    var sources = SourceTree(root: URL(fileURLWithPath: "/"), folders: [])
    /// The entry file's path and summary, and the root view to edit.
    var entryFile: SourceTree.File?
    var entryType: String?
    var rootView: SwiftRootView?
    /// The deep-link call found on the root view's own chain (`router.handle`).
    var rootViewHandler: String?
    /// The SwiftPM manifest (for `swiftpm` projects).
    var manifest: PackageManifest?
    var manifestText: String?
    /// Whether the manifest was read from its text (SwiftPM could not evaluate it here), so it is
    /// not edited.
    var manifestReadAsText = false
    /// The bundle the starter feed is read from.
    var bundle = "Bundle.main"
    /// The package's type names the app declares too.
    var clashingNames: Set<String> = []
    /// Why the project was refused, when it was.
    var refusal: String?

    /// Where the setup file goes, relative to the root.
    var setupPath: String { XcodePath.join(filesFolder, "\(InitTemplates.setupTypeName).swift") }

    /// The app's name for the starter feed's words.
    var appName: String {
        // An app playground's target is `AppModule`; the app is the package.
        if inspection.kind == .playground, let name = manifest?.name, !name.isEmpty { return name }
        return inspection.appTarget ?? root.lastPathComponent
    }

    /// Marks the project refused with `message`, as a failed check named `name`.
    mutating func refuse(_ name: String, _ message: String) {
        inspection.checks.append(.init(name: name, ok: false, message: message))
        if refusal == nil { refusal = message }
    }

    /// Records a passed check.
    mutating func pass(_ name: String, _ message: String) {
        inspection.checks.append(.init(name: name, ok: true, message: message))
    }
}

/// Words in the names of targets and types that are not the app itself.
enum NonAppNames {
    static let targetWords = ["test", "clip", "widget", "extension", "preview", "intent", "watchkit", "uitest"]

    /// Whether a target or entry type named `name` is a test, widget, extension, App Clip or preview app.
    static func isNotTheApp(_ name: String) -> Bool {
        let lower = name.lowercased()
        return targetWords.contains { lower.contains($0) }
    }

    /// Words that make one of the app's own types a banner-like conflict.
    static let conflictWords = ["Banner", "Toast", "InAppMessage", "Announcement", "Snackbar"]
}
