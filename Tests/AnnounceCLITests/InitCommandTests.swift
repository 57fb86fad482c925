import AnnounceCLI
import AnnouncementTestSupport
import Foundation
import Testing

/// `announce init` on fixture projects copied to a temporary folder: the JSON report, --dry-run,
/// a run and a second run, refusals that write nothing.
@Suite struct InitCommandTests {
    /// A copy of the fixture project `name` in a fresh temporary folder.
    static func copy(_ name: String) throws -> URL {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("init-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixtures.url("Tests/Fixtures/projects/init/\(name)"), to: target)
        return target
    }

    /// Every file under `root` and its bytes.
    static func snapshot(_ root: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let paths = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
        for path in paths {
            if let data = FileManager.default.contents(atPath: root.path + "/" + path) { files[path] = data }
        }
        return files
    }

    static func run(_ root: URL, _ extra: [String] = []) async throws -> (CommandResult, [String: Any]) {
        let environment = Announce.Environment(
            variables: ProcessInfo.processInfo.environment.merging(["ANNOUNCE_NOW": "2026-12-02T10:00:00Z"]) { $1 },
            currentDirectory: root, readStandardInput: { Data() })
        let result = await Announce.run(
            ["init", root.path, "--format", "json", "--package-url", Fixtures.url("").path] + extra,
            environment: environment)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (result, try #require(object))
    }

    @Test func integratesTheShopAndASecondRunChangesNothing() async throws {
        let root = try Self.copy("shop")
        defer { try? FileManager.default.removeItem(at: root) }
        let before = Self.snapshot(root)
        let (planned, plan) = try await Self.run(root, ["--dry-run"])
        #expect(planned.status == .success)
        #expect(plan["status"] as? String == "planned")
        #expect(Self.snapshot(root) == before, "--dry-run changed a byte")
        let project = try #require(plan["project"] as? [String: Any])
        #expect(project["kind"] as? String == "swiftpm")
        #expect(project["appTarget"] as? String == "Shop")
        #expect(project["platforms"] as? [String: String] == ["iOS": "17.0", "macOS": "14.0"])
        let entry = try #require(plan["entry"] as? [String: Any])
        #expect(entry["file"] as? String == "Sources/Shop/ShopApp.swift")
        #expect(entry["type"] as? String == "ShopApp")
        #expect(entry["kind"] as? String == "swiftui")
        #expect(entry["line"] as? Int == 4)
        let links = try #require(plan["deepLinks"] as? [String: Any])
        #expect(links["schemes"] as? [String] == ["shop"])
        #expect(links["universalLinks"] as? Bool == true)
        let handlers = try #require(links["handlers"] as? [[String: Any]])
        #expect(handlers.map { $0["kind"] as? String } == ["onOpenURL"])
        let conflicts = try #require(plan["conflicts"] as? [[String: Any]])
        #expect(conflicts.map { $0["name"] as? String } == ["ToastView"])
        let changes = try #require(plan["changes"] as? [[String: String]])
        #expect(
            changes.map { $0["path"]! + " " + $0["action"]! } == [
                "Sources/Shop/Announcements/AppAnnouncements.swift create",
                "Sources/Shop/Announcements/announcements.json create",
                "Sources/Shop/ShopApp.swift modify", "Package.swift modify",
            ])

        let (applied, report) = try await Self.run(root)
        #expect(applied.status == .success)
        #expect(report["status"] as? String == "applied")
        let app = try String(contentsOf: root.appendingPathComponent("Sources/Shop/ShopApp.swift"), encoding: .utf8)
        #expect(app.contains(".announcementBanner(position: .top)"))
        #expect(app.contains("AppAnnouncements.openingDeepLinks { url in router.handle(url) }"))
        #expect(app.contains("@State private var announcements = AppAnnouncements.makeManager()"))

        // The starter feed validates with no finding.
        let feed = root.appendingPathComponent("Sources/Shop/Announcements/announcements.json").path
        let validated = await Announce.run(["validate", feed])
        #expect(validated.status == .success)
        #expect(
            (validated.standardOutput + validated.standardError).contains(
                "4 of 4 announcements usable; 0 errors, 0 warnings"))

        let integrated = Self.snapshot(root)
        let (again, second) = try await Self.run(root)
        #expect(again.status == .success)
        #expect(second["status"] as? String == "alreadyIntegrated")
        #expect((second["changes"] as? [Any])?.isEmpty == true)
        #expect(Self.snapshot(root) == integrated, "a second run changed a byte")
    }

    @Test(arguments: [
        ("two-apps", "there are 2 app targets (Reader, Writer); choose one with --target NAME"),
        ("library", "Package.swift has no app target"),
        ("ios15", "the deployment target iOS 15.0 is below AnnouncementKit's minimum iOS 17.0"),
    ])
    func refusesAndWritesNothing(fixture: String, message: String) async throws {
        let root = try Self.copy(fixture)
        defer { try? FileManager.default.removeItem(at: root) }
        let before = Self.snapshot(root)
        let (result, report) = try await Self.run(root)
        #expect(result.status == .failure)
        #expect(report["status"] as? String == "refused")
        #expect((report["message"] as? String)?.hasPrefix(message) == true)
        #expect(Self.snapshot(root) == before)
    }

    @Test func aTargetChosenWithTheFlag() async throws {
        let root = try Self.copy("two-apps")
        defer { try? FileManager.default.removeItem(at: root) }
        let (result, report) = try await Self.run(root, ["--target", "Writer", "--dry-run"])
        #expect(result.status == .success)
        #expect((report["project"] as? [String: Any])?["appTarget"] as? String == "Writer")
    }

    @Test func aManifestThatDoesNotEvaluateIsRefused() async throws {
        let root = try Self.copy("library")
        defer { try? FileManager.default.removeItem(at: root) }
        try "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(\n".write(
            to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let before = Self.snapshot(root)
        let (result, report) = try await Self.run(root)
        #expect(result.status == .failure)
        #expect((report["message"] as? String)?.hasPrefix("Package.swift does not evaluate:") == true)
        #expect(Self.snapshot(root) == before)
    }

    @Test func messagingSDKsAreNamedWhereTheyAreFound() async throws {
        let root = try Self.copy("sdks")
        defer { try? FileManager.default.removeItem(at: root) }
        let (_, report) = try await Self.run(root, ["--dry-run"])
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        let found = conflicts.map { "\($0["kind"]!) \($0["name"]!) \($0["file"]!)" }
        // firebase-ios-sdk in Package.resolved is not evidence of In-App Messaging; the Podfile's subspec is.
        #expect(found == ["sdk Braze Package.swift", "sdk Firebase In-App Messaging Podfile"])
    }

    @Test func aDelegateAppGetsTheSetupFileAndSteps() async throws {
        let root = try Self.copy("uikit")
        defer { try? FileManager.default.removeItem(at: root) }
        let (_, report) = try await Self.run(root, ["--dry-run"])
        #expect((report["entry"] as? [String: Any])?["kind"] as? String == "uikit")
        let handlers = (report["deepLinks"] as? [String: Any])?["handlers"] as? [[String: Any]]
        #expect(handlers?.map { $0["kind"] as? String } == ["openURLContexts"])
        let changes = try #require(report["changes"] as? [[String: String]])
        #expect(!changes.contains { $0["path"]!.hasSuffix("AppDelegate.swift") })
        #expect((report["steps"] as? [String])?.first?.hasPrefix("The app starts from an application delegate") == true)
    }

    @Test func theAppsOwnAnnouncementTypeIsNotShadowed() async throws {
        let root = try Self.copy("two-windows")
        defer { try? FileManager.default.removeItem(at: root) }
        let (result, report) = try await Self.run(root)
        #expect(result.status == .success, "\(report)")
        #expect((report["entry"] as? [String: Any])?["type"] as? String == "StudioApp")
        let setup = try String(
            contentsOf: root.appendingPathComponent("Sources/Studio/Announcements/AppAnnouncements.swift"),
            encoding: .utf8)
        #expect(setup.contains("[AnnouncementKit.Announcement]"))
        let app = try String(contentsOf: root.appendingPathComponent("Sources/Studio/StudioApp.swift"), encoding: .utf8)
        // The plain WindowGroup is the main window, not the inspector.
        #expect(app.contains("MainView()\n                .announcementBanner(position: .top)"))
        #expect(!app.contains("InspectorView()\n                .announcementBanner"))
    }

    @Test func aSymbolicLinkOutOfTheProjectIsNeverWrittenThrough() async throws {
        let root = try Self.copy("menu-bar")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Sources/Meter/Announcements").path, withDestinationPath: outside.path)
        let before = Self.snapshot(root)
        let (result, report) = try await Self.run(root)
        #expect(result.status == .failure)
        #expect((report["message"] as? String)?.contains("leads out of the project through a symbolic link") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(Self.snapshot(root) == before)
    }
}
