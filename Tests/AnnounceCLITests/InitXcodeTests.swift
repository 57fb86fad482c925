import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

/// `announce init` on Xcode projects: synchronized folders (objectVersion 77 and 70), classic groups
/// (56 and 60), an app whose code lives in local packages, one app on two platforms, a UIKit app,
/// a workspace, a broken project file and a symbolic link out of the project.
@Suite struct InitXcodeTests {
    typealias Run = InitCommandTests

    /// What a fixture's report must say, and what the edited project file must hold.
    struct Case: Sendable, CustomTestStringConvertible {
        var fixture: String
        var kind: String
        var appTarget: String
        var targets: [String]
        var platforms: [String: String]
        var entry: String
        var entryType: String
        var schemes: [String]
        var universalLinks: Bool
        var handlers: [String]
        var conflicts: [String]
        var setupFile: String
        /// Files the classic project's phases must list (none for synchronized folders).
        var phaseFiles: [String]
        var edit: String

        var testDescription: String { fixture }
    }

    static let cases: [Case] = [
        Case(
            fixture: "lumen", kind: "xcodeproj", appTarget: "Lumen", targets: ["Lumen"], platforms: ["iOS": "17.0"],
            entry: "Lumen/LumenApp.swift", entryType: "LumenApp", schemes: ["lumen"], universalLinks: true,
            handlers: ["onOpenURL Lumen/LumenApp.swift:11"], conflicts: [],
            setupFile: "Lumen/Announcements/AppAnnouncements.swift", phaseFiles: [],
            edit: "AppAnnouncements.openingDeepLinks { url in router.open(url) }"),
        Case(
            fixture: "tally", kind: "xcodeproj", appTarget: "Tally", targets: ["Tally"], platforms: ["iOS": "17.0"],
            entry: "Tally/TallyApp.swift", entryType: "TallyApp", schemes: [], universalLinks: true, handlers: [],
            conflicts: ["code ToastOverlay", "sdk Braze"], setupFile: "Tally/AppAnnouncements.swift",
            phaseFiles: ["AppAnnouncements.swift", "announcements.json"],
            edit: ".environment(\\.announcementManager, announcements)"),
        Case(
            fixture: "harbor", kind: "xcodeproj+packages", appTarget: "Harbor", targets: ["Harbor"],
            platforms: ["iOS": "17.0"], entry: "Harbor/HarborApp.swift", entryType: "HarborApp", schemes: [],
            universalLinks: false, handlers: ["onOpenURL Packages/HarborKit/Sources/AppFeature/AppView.swift:10"],
            conflicts: ["code BannerCenter"], setupFile: "Harbor/AppAnnouncements.swift",
            phaseFiles: ["AppAnnouncements.swift", "announcements.json"], edit: ".announcementBanner(position: .top)"),
        Case(
            fixture: "pebble", kind: "xcodeproj", appTarget: "Pebble", targets: ["Pebble", "PebbleMac"],
            platforms: ["iOS": "17.0", "macOS": "14.2"], entry: "Shared/PebbleApp.swift", entryType: "PebbleApp",
            schemes: [], universalLinks: true, handlers: [], conflicts: [],
            setupFile: "Shared/Announcements/AppAnnouncements.swift", phaseFiles: [],
            edit: ".announcementBanner(position: .top)"),
        // Made after the code, as a project init had never seen, and run with no change to the code: an
        // app folder named unlike its target, a multiplatform target, `$(SRCROOT)` in INFOPLIST_FILE,
        // `onOpenURL(perform:)`, a watch app, Airship in a Cartfile.
        Case(
            fixture: "tidewater", kind: "xcodeproj", appTarget: "Tidewater", targets: ["Tidewater"],
            platforms: ["iOS": "17.4", "macOS": "14.0"], entry: "App/Sources/TidewaterApp.swift",
            entryType: "TidewaterApp", schemes: ["tidewater"], universalLinks: true,
            handlers: ["onOpenURL App/Sources/TidewaterApp.swift:11"], conflicts: ["code SnackbarHost", "sdk Airship"],
            setupFile: "App/Sources/Announcements/AppAnnouncements.swift", phaseFiles: [],
            edit: "AppAnnouncements.openingDeepLinks { url in store.open(url) }"),
    ]

    @Test(arguments: cases)
    func integratesAndASecondRunChangesNothing(_ expected: Case) async throws {
        let root = try Run.copy(expected.fixture)
        defer { try? FileManager.default.removeItem(at: root) }
        let before = Run.snapshot(root)
        let (planned, plan) = try await Run.run(root, ["--dry-run"])
        #expect(planned.status == .success, "\(planned.standardError)")
        #expect(plan["status"] as? String == "planned")
        #expect(Run.snapshot(root) == before, "--dry-run changed a byte")
        let project = try #require(plan["project"] as? [String: Any])
        #expect(project["kind"] as? String == expected.kind)
        #expect(project["appTarget"] as? String == expected.appTarget)
        #expect(project["platforms"] as? [String: String] == expected.platforms)
        let entry = try #require(plan["entry"] as? [String: Any])
        #expect(entry["file"] as? String == expected.entry)
        #expect(entry["type"] as? String == expected.entryType)
        #expect(entry["kind"] as? String == "swiftui")
        let links = try #require(plan["deepLinks"] as? [String: Any])
        #expect(links["schemes"] as? [String] == expected.schemes)
        #expect(links["universalLinks"] as? Bool == expected.universalLinks)
        let handlers = try #require(links["handlers"] as? [[String: Any]]).map { handler in
            "\(handler["kind"] ?? "") \(handler["file"] ?? ""):\(handler["line"] ?? "")"
        }
        #expect(handlers == expected.handlers)
        let conflicts = try #require(plan["conflicts"] as? [[String: Any]]).map { conflict in
            "\(conflict["kind"] ?? "") \(conflict["name"] ?? "")"
        }
        #expect(conflicts == expected.conflicts)
        let pbxproj = "\(expected.fixture.capitalized).xcodeproj/project.pbxproj"
        let changes = try #require(plan["changes"] as? [[String: String]]).map { $0["path"]! + " " + $0["action"]! }
        #expect(changes.contains("\(expected.setupFile) create"))
        #expect(changes.contains("\(expected.entry) modify"))
        #expect(changes.last == "\(pbxproj) modify")

        let (applied, report) = try await Run.run(root)
        #expect(applied.status == .success)
        #expect(report["status"] as? String == "applied")
        let app = try String(contentsOf: root.appendingPathComponent(expected.entry), encoding: .utf8)
        #expect(app.contains("import AnnouncementKitUI"))
        #expect(app.contains(expected.edit))
        try await Self.expectLinked(
            root.appendingPathComponent(pbxproj).path, targets: expected.targets, files: expected.phaseFiles)
        // The starter feed validates with no finding.
        let feed = root.appendingPathComponent(
            expected.setupFile.replacingOccurrences(of: "AppAnnouncements.swift", with: "announcements.json"))
        let validated = await Announce.run(["validate", feed.path])
        #expect(validated.status == .success)
        #expect(validated.standardError.contains("0 errors, 0 warnings"), "\(validated.standardError)")

        let integrated = Run.snapshot(root)
        let (again, second) = try await Run.run(root)
        #expect(again.status == .success)
        #expect(second["status"] as? String == "alreadyIntegrated")
        #expect(Run.snapshot(root) == integrated, "a second run changed a byte")
    }

    /// The independent parser sees the package and both products, linked, on each target.
    static func expectLinked(_ path: String, targets: [String], files: [String]) async throws {
        guard PythonPBXProj.available else {
            if PythonPBXProj.required { Issue.record("CI=true and python3 cannot import pbxproj") }
            return
        }
        // The checkout, as InitCommandTests.run passes it, relative to the project's folder; quoted in the
        // project file when its name needs quotes (a checkout named with a hyphen, such as `ci-clone`).
        let checkout = Fixtures.url("").standardizedFileURL.lastPathComponent
        let package = try #require(
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").lazy.compactMap {
                line -> String? in
                guard line.contains("relativePath = ") else { return nil }
                let value = line.split(separator: "=").last?.trimmingCharacters(in: CharacterSet(charactersIn: " ;\""))
                return value?.hasSuffix("/\(checkout)") == true ? value : nil
            }.first)
        let expectations = targets.map { target in
            PythonPBXProj.Expectation(
                path: path, target: target, products: ["AnnouncementKit", "AnnouncementKitUI"], package: package,
                files: target == targets[0] ? files : [])
        }
        let (status, output) = try await PythonPBXProj.check(expectations)
        #expect(status == 0, "\(output)")
    }

    @Test func aUIKitAppBelowTheMinimumIsRefusedWithEverythingItFound() async throws {
        let root = try Run.copy("courier")
        defer { try? FileManager.default.removeItem(at: root) }
        let before = Run.snapshot(root)
        let (result, report) = try await Run.run(root)
        #expect(result.status == .failure)
        #expect(report["status"] as? String == "refused")
        #expect(
            (report["message"] as? String)?.hasPrefix(
                "the deployment target iOS 16.4 is below AnnouncementKit's minimum iOS 17.0") == true)
        #expect(Run.snapshot(root) == before)
        let entry = try #require(report["entry"] as? [String: Any])
        #expect(entry["type"] as? String == "AppDelegate")
        #expect(entry["kind"] as? String == "uikit")
        let links = try #require(report["deepLinks"] as? [String: Any])
        #expect(
            links["schemes"] as? [String] == ["com.courier.app", "courier"], "$(PRODUCT_BUNDLE_IDENTIFIER) expanded")
        #expect((links["handlers"] as? [[String: Any]])?.first?["kind"] as? String == "openURLContexts")
        let conflicts = try #require(report["conflicts"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(conflicts == ["Braze", "Firebase In-App Messaging"])
    }

    @Test func aUIKitAppGetsTheSetupFileAndTheSteps() async throws {
        let root = try Run.copy("courier")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Courier.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(
            of: "IPHONEOS_DEPLOYMENT_TARGET = 16.4;", with: "IPHONEOS_DEPLOYMENT_TARGET = 17.0;"
        )
        .write(to: file, atomically: true, encoding: .utf8)
        let (result, report) = try await Run.run(root, ["--replace-existing"])
        #expect(result.status == .success, "\(result.standardError)")
        let changes = try #require(report["changes"] as? [[String: String]]).compactMap { $0["path"] }
        #expect(
            changes == [
                "Courier/AppAnnouncements.swift", "Courier/announcements.json", "Courier.xcodeproj/project.pbxproj",
            ])
        let steps = try #require(report["steps"] as? [String])
        #expect(steps.contains { $0.hasPrefix("The app starts from an application delegate") })
        #expect(steps.contains { $0.hasPrefix("To replace Braze, remove it from Courier.xcodeproj/project.pbxproj") })
        try await Self.expectLinked(
            file.path, targets: ["Courier"], files: ["AppAnnouncements.swift", "announcements.json"])
    }

    @Test func aBrokenProjectFileIsRefusedWithItsPlace() async throws {
        let root = try Run.copy("broken")
        defer { try? FileManager.default.removeItem(at: root) }
        let before = Run.snapshot(root)
        let (result, report) = try await Run.run(root)
        #expect(result.status == .failure)
        let message = try #require(report["message"] as? String)
        #expect(message.hasPrefix("Broken.xcodeproj/project.pbxproj:149:4: expected ';'"), "\(message)")
        #expect(message.contains("fix the project file"))
        #expect(Run.snapshot(root) == before)
    }

    @Test func aProjectInAWorkspaceSubfolderIsFoundAndEditedThere() async throws {
        let fixture = try Run.copy("lumen")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("init-workspace-\(UUID())")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: fixture)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: fixture, to: root.appendingPathComponent("App"))
        let workspace = root.appendingPathComponent("Lumen.xcworkspace")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace version = "1.0">
           <FileRef location = "group:App/Lumen.xcodeproj"></FileRef>
           <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
        </Workspace>
        """.write(to: workspace.appendingPathComponent("contents.xcworkspacedata"), atomically: true, encoding: .utf8)
        let (result, report) = try await Run.run(root)
        #expect(result.status == .success, "\(result.standardError)")
        let changes = try #require(report["changes"] as? [[String: String]]).compactMap { $0["path"] }
        #expect(changes.first == "App/Lumen/Announcements/AppAnnouncements.swift")
        #expect(changes.last == "App/Lumen.xcodeproj/project.pbxproj")
        #expect((report["entry"] as? [String: Any])?["file"] as? String == "App/Lumen/LumenApp.swift")
        #expect((report["deepLinks"] as? [String: Any])?["schemes"] as? [String] == ["lumen"])
        try await Self.expectLinked(
            root.appendingPathComponent("App/Lumen.xcodeproj/project.pbxproj").path, targets: ["Lumen"], files: [])
    }

    @Test func aWorkspaceOfManyProjectsIsReadUpToItsBudget() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("init-many-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let pbxproj = try Data(
            contentsOf: Fixtures.url("Tests/Fixtures/projects/init/lumen/Lumen.xcodeproj/project.pbxproj"))
        var references = ""
        for index in 0..<40 {
            let folder = root.appendingPathComponent("P\(index)/App.xcodeproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try pbxproj.write(to: folder.appendingPathComponent("project.pbxproj"))
            references += "<FileRef location = \"group:P\(index)/App.xcodeproj\"></FileRef>\n"
        }
        let workspace = root.appendingPathComponent("Many.xcworkspace")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try "<Workspace version = \"1.0\">\n\(references)</Workspace>\n".write(
            to: workspace.appendingPathComponent("contents.xcworkspacedata"), atomically: true, encoding: .utf8)
        let (result, report) = try await Run.run(root)
        #expect(result.status == .failure)
        let message = try #require(report["message"] as? String)
        #expect(message.hasPrefix("several projects have app targets (P0/App.xcodeproj, P1/App.xcodeproj"))
        #expect(message.contains("P15/App.xcodeproj") && !message.contains("P16/"))
        let checks = try #require(report["checks"] as? [[String: Any]]).compactMap { $0["message"] as? String }
        #expect(checks.contains("the workspace lists 40 projects; the first 16 were read"))
    }

    @Test func noProjectEditLeavesTheProjectFileAndSaysWhatToDo() async throws {
        let root = try Run.copy("tally")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Tally.xcodeproj/project.pbxproj")
        let before = try Data(contentsOf: file)
        let (result, report) = try await Run.run(root, ["--no-project-edit"])
        #expect(result.status == .success)
        #expect(try Data(contentsOf: file) == before)
        let steps = try #require(report["steps"] as? [String])
        #expect(steps.contains { $0.contains("File > Add Package Dependencies") && $0.contains("to Tally") })
        #expect(steps.contains { $0.hasPrefix("Add Tally/AppAnnouncements.swift to Tally") })
    }

    @Test func aSymbolicLinkOutOfTheProjectIsRefusedAndNothingIsWritten() async throws {
        let root = try Run.copy("lumen")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("init-outside-\(UUID())")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("Lumen/Announcements"), withDestinationURL: outside)
        let before = Run.snapshot(root)
        let (result, report) = try await Run.run(root)
        #expect(result.status == .failure)
        #expect(report["status"] as? String == "refused")
        #expect((report["message"] as? String)?.contains("nothing was written") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(Run.snapshot(root) == before)
    }
}

/// Manifests SwiftPM cannot evaluate here: an app playground's (`AppleProductTypes`) and any
/// manifest when `swift` cannot run. They are read from their text and never edited.
@Suite struct InitManifestTextTests {
    typealias Run = InitCommandTests

    @Test func anAppPlaygroundIsReadAsTextAndItsManifestIsLeftAlone() async throws {
        let root = try Run.copy("Garden.swiftpm")
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try Data(contentsOf: root.appendingPathComponent("Package.swift"))
        let (result, report) = try await Run.run(root)
        #expect(result.status == .success, "\(result.standardError)")
        let project = try #require(report["project"] as? [String: Any])
        #expect(project["kind"] as? String == "playground")
        #expect(project["appTarget"] as? String == "AppModule")
        #expect(project["platforms"] as? [String: String] == ["iOS": "17.0"])
        #expect((report["entry"] as? [String: Any])?["file"] as? String == "GardenApp.swift")
        let changes = try #require(report["changes"] as? [[String: String]]).compactMap { $0["path"] }
        #expect(
            changes == ["Announcements/AppAnnouncements.swift", "Announcements/announcements.json", "GardenApp.swift"])
        #expect(try Data(contentsOf: root.appendingPathComponent("Package.swift")) == manifest)
        let steps = try #require(report["steps"] as? [String])
        #expect(steps.first?.hasPrefix("Add the package in Xcode or Swift Playgrounds") == true)
        let setup = try String(
            contentsOf: root.appendingPathComponent("Announcements/AppAnnouncements.swift"), encoding: .utf8)
        #expect(setup.contains("Bundle.main.url(forResource:"))
        let feed = try String(
            contentsOf: root.appendingPathComponent("Announcements/announcements.json"), encoding: .utf8)
        #expect(feed.contains("Welcome to Garden"))
    }

    @Test func withoutSwiftTheManifestIsReadAsTextAndTheStepsSayWhatToAdd() async throws {
        let root = try Run.copy("shop")
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try Data(contentsOf: root.appendingPathComponent("Package.swift"))
        let environment = Announce.Environment(
            variables: ProcessInfo.processInfo.environment.merging([
                "ANNOUNCE_NOW": "2026-12-02T10:00:00Z", "ANNOUNCE_SWIFT": "/nonexistent/swift",
            ]) { $1 },
            currentDirectory: root, readStandardInput: { Data() })
        let result = await Announce.run(["init", ".", "--yes", "--format", "json"], environment: environment)
        #expect(result.status == .success, "\(result.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let project = try #require(report["project"] as? [String: Any])
        #expect(project["kind"] as? String == "swiftpm")
        #expect(project["appTarget"] as? String == "Shop")
        #expect(project["platforms"] as? [String: String] == ["iOS": "17.0", "macOS": "14.0"])
        #expect(try Data(contentsOf: root.appendingPathComponent("Package.swift")) == manifest)
        let checks = try #require(report["checks"] as? [[String: Any]])
        #expect(
            (checks.first?["message"] as? String)?.hasPrefix("SwiftPM could not evaluate Package.swift here") == true)
        let steps = try #require(report["steps"] as? [String])
        #expect(steps.contains { $0.hasPrefix("Add the package to Package.swift (SwiftPM could not evaluate it here") })
    }
}
