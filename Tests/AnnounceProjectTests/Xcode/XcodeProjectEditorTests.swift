import Testing

@testable import AnnounceProject

@Suite struct XcodeProjectEditorTests {
    @Test func remotePackageOnASynchronizedProject() throws {
        let original = try ProjectFixtures.pbxproj("synchronized-77")
        var editor = try XcodeProjectEditor(text: original)
        try ProjectEdits.integrateRemote(&editor, target: "Lumen")
        try ProjectFixtures.checkEdit(original, editor) { try ProjectEdits.integrateRemote(&$0, target: "Lumen") }

        let project = editor.project
        let app = try #require(project.target(named: "Lumen"))
        let linked = project.linkedProducts(of: app)
        #expect(linked.map(\.name) == ProjectEdits.products)
        #expect(linked.allSatisfy { $0.linked && $0.package?.repositoryURL == ProjectEdits.packageURL })
        let package = try #require(project.projectPackages.first)
        #expect(
            package.source
                == .remote(
                    repositoryURL: ProjectEdits.packageURL,
                    requirement: XcodePackageRequirement(kind: "upToNextMinorVersion", minimumVersion: "0.3.0")))
        // The other targets are untouched.
        #expect(project.linkedProducts(of: try #require(project.target(named: "LumenWidgets"))).isEmpty)
        // New sections in Xcode's order, after the last one; the project gets the key in its sorted place.
        let sections = ProjectEdits.sectionNames(editor)
        #expect(sections == sections.sorted())
        #expect(sections.suffix(2) == ["XCRemoteSwiftPackageReference", "XCSwiftPackageProductDependency"])
        #expect(
            editor.text.contains(
                "\t\t\tminimizedProjectReferenceProxies = 1;\n\t\t\tpackageReferences = (\n\t\t\t\t\(package.id) "
                    + "/* XCRemoteSwiftPackageReference \"AnnouncementKit\" */,\n\t\t\t);\n\t\t\tpreferredProjectObjectVersion = 77;\n"
            ))
        #expect(ProjectEdits.undefinedReferences(editor).isEmpty)
        // A file in the app's synchronized folder needs no edit.
        var fileEditor = editor
        #expect(
            try fileEditor.addFile("Lumen/AnnouncementSetup.swift", to: "Lumen", role: .source)
                == .coveredBySynchronizedFolder)
        #expect(
            try fileEditor.addFile("Lumen/announcements.json", to: "Lumen", role: .resource)
                == .coveredBySynchronizedFolder)
        #expect(fileEditor.bytes == editor.bytes)
    }

    @Test func insertedTextIsXcodesFormatting() throws {
        let original = try ProjectFixtures.pbxproj("synchronized-77")
        var editor = try XcodeProjectEditor(text: original)
        try ProjectEdits.integrateRemote(&editor, target: "Lumen")
        let project = editor.project
        let package = try #require(project.projectPackages.first).id
        let app = try #require(project.target(named: "Lumen"))
        let kit = try #require(app.packageProductDependencyIDs.first)
        let buildFile = try #require(project.buildPhase(of: app, kind: .frameworks)?.buildFileIDs.first)
        let text = editor.text
        #expect(
            text.contains(
                """

                /* Begin XCRemoteSwiftPackageReference section */
                \t\t\(package) /* XCRemoteSwiftPackageReference "AnnouncementKit" */ = {
                \t\t\tisa = XCRemoteSwiftPackageReference;
                \t\t\trepositoryURL = "https://github.com/announcementkit/AnnouncementKit";
                \t\t\trequirement = {
                \t\t\t\tkind = upToNextMinorVersion;
                \t\t\t\tminimumVersion = 0.3.0;
                \t\t\t};
                \t\t};
                /* End XCRemoteSwiftPackageReference section */

                """))
        #expect(
            text.contains(
                """
                \t\t\(kit) /* AnnouncementKit */ = {
                \t\t\tisa = XCSwiftPackageProductDependency;
                \t\t\tpackage = \(package) /* XCRemoteSwiftPackageReference "AnnouncementKit" */;
                \t\t\tproductName = AnnouncementKit;
                \t\t};

                """))
        #expect(
            text.contains(
                "\t\t\(buildFile) /* AnnouncementKit in Frameworks */ = {isa = PBXBuildFile; productRef = \(kit) /* AnnouncementKit */; };\n"
            ))
        #expect(text.contains("\t\t\tpackageProductDependencies = (\n\t\t\t\t\(kit) /* AnnouncementKit */,\n"))
        #expect(text.contains("\t\t\tfiles = (\n\t\t\t\t\(buildFile) /* AnnouncementKit in Frameworks */,\n"))
        #expect(
            text.hasSuffix(
                "/* End XCSwiftPackageProductDependency section */\n\t};\n\trootObject = 8C1F3A102CE5B0A100D1E001 /* Project object */;\n}\n"
            ))
        // Ids: 24 uppercase hex digits, sorted inside their section, the same on every run.
        for id in [package, kit, buildFile] {
            #expect(id.count == 24 && id.allSatisfy { $0.isHexDigit && !$0.isLowercase })
        }
        for (_, ids) in ProjectEdits.idsBySection(editor) where ids.count > 1 {
            #expect(ids == ids.sorted())
        }
        var again = try XcodeProjectEditor(text: original)
        try ProjectEdits.integrateRemote(&again, target: "Lumen")
        #expect(again.bytes == editor.bytes)
    }

    @Test func classicGroupsGetFileReferencesAndPhases() throws {
        let original = try ProjectFixtures.pbxproj("classic-56")
        func edit(_ editor: inout XcodeProjectEditor) throws {
            try ProjectEdits.integrateRemote(&editor, target: "Tally")
            try editor.addFile("Tally/AnnouncementSetup.swift", to: "Tally", role: .source)
            try editor.addFile("Tally/announcements.json", to: "Tally", role: .resource)
            try editor.addFile("Tally/Views/AnnouncementHost.swift", to: "Tally", role: .source)
        }
        var editor = try XcodeProjectEditor(text: original)
        try edit(&editor)
        try ProjectFixtures.checkEdit(original, editor, again: edit)
        let project = editor.project
        let app = try #require(project.target(named: "Tally"))
        #expect(
            project.compiledPaths(of: app).suffix(2) == [
                "Tally/AnnouncementSetup.swift", "Tally/Views/AnnouncementHost.swift",
            ])
        #expect(project.files(of: app, in: .resources).last?.resolvedPath == "Tally/announcements.json")
        #expect(project.files(of: app, in: .resources).last?.fileType == "text.json")
        #expect(project.linkedProducts(of: app).map(\.name) == ProjectEdits.products)
        // The target had no packageProductDependencies: the key goes in its sorted place.
        #expect(editor.text.contains("\t\t\tname = Tally;\n\t\t\tpackageProductDependencies = (\n"))
        let group = try #require(project.group(forFolder: "Tally"))
        let lastChild = try #require(group.childIDs.last)
        #expect(project.fileReferences[lastChild]?.path == "announcements.json")
        #expect(ProjectEdits.undefinedReferences(editor).isEmpty)
        #expect(ProjectEdits.sectionNames(editor) == ProjectEdits.sectionNames(editor).sorted())
        #expect(try editor.addFile("Tally/AnnouncementSetup.swift", to: "Tally", role: .source) == .alreadyPresent)
    }

    @Test func aMissingFrameworksPhaseIsCreated() throws {
        let original = try ProjectFixtures.pbxproj("classic-56")
        var editor = try XcodeProjectEditor(text: original)
        try ProjectEdits.integrateRemote(&editor, target: "TallyTests")
        try ProjectFixtures.checkEdit(original, editor) { try ProjectEdits.integrateRemote(&$0, target: "TallyTests") }
        let tests = try #require(editor.project.target(named: "TallyTests"))
        let phase = try #require(editor.project.buildPhase(of: tests, kind: .frameworks))
        #expect(tests.buildPhaseIDs.last == phase.id)
        #expect(phase.buildFileIDs.count == 2)
        #expect(editor.project.linkedProducts(of: tests).allSatisfy { $0.linked })
        #expect(editor.text.contains("\t\t\t\t\(phase.id) /* Frameworks */,\n\t\t\t);\n\t\t\tbuildRules = (\n"))
    }

    @Test func aFileOutsideEveryGroupIsRefused() throws {
        var editor = try XcodeProjectEditor(text: try ProjectFixtures.pbxproj("classic-56"))
        #expect(throws: XcodeProjectError.self) {
            try editor.addFile("Elsewhere/Setup.swift", to: "Tally", role: .source)
        }
        #expect(throws: XcodeProjectError.self) { try editor.addFile("Tally/Setup.swift", to: "Nope", role: .source) }
        #expect(!editor.changed)
        do {
            try editor.addProducts(["AnnouncementKit"], of: "000000000000000000000000", to: "Tally")
        } catch {
            #expect(error.kind == .missing)
        }
        #expect(!editor.changed)
    }

    @Test func localPackageBesideTheAppsOwn() throws {
        let original = try ProjectFixtures.pbxproj("local-package")
        var editor = try XcodeProjectEditor(text: original)
        try ProjectEdits.integrateLocal(&editor, path: "../AnnouncementKit", target: "Harbor")
        try ProjectFixtures.checkEdit(original, editor) {
            try ProjectEdits.integrateLocal(&$0, path: "../AnnouncementKit/", target: "Harbor")
        }
        let project = editor.project
        #expect(
            project.projectPackages.map(\.displayName) == [
                "Packages/HarborKit", "swift-dependencies", "../AnnouncementKit",
            ])
        let app = try #require(project.target(named: "Harbor"))
        #expect(
            project.linkedProducts(of: app).map(\.name) == ["AppFeature", "Dependencies", "DesignSystem"]
                + ProjectEdits.products)
        #expect(
            project.linkedProducts(of: app).suffix(2).allSatisfy { $0.package?.relativePath == "../AnnouncementKit" })
        #expect(ProjectEdits.sectionNames(editor).filter { $0.hasPrefix("XC") }.count == 5)  // no new section
        for (_, ids) in ProjectEdits.idsBySection(editor) { #expect(ids == ids.sorted()) }
        // A package the project already has is found by URL, with its requirement kept.
        var same = try XcodeProjectEditor(text: original)
        let id = try same.addRemotePackage(
            repositoryURL: "https://github.com/pointfreeco/swift-dependencies.git", minimumVersion: "9.0.0")
        #expect(id == "3E77C1232B0A4F3300A1B2C3")
        #expect(!same.changed)
    }

    @Test func newSectionsGoInXcodesOrder() throws {
        let original = try ProjectFixtures.pbxproj("sdk-products")
        var editor = try XcodeProjectEditor(text: original)
        try ProjectEdits.integrateLocal(&editor, path: "Vendor/AnnouncementKit", target: "Courier")
        try ProjectFixtures.checkEdit(original, editor) {
            try ProjectEdits.integrateLocal(&$0, path: "Vendor/AnnouncementKit", target: "Courier")
        }
        let sections = ProjectEdits.sectionNames(editor)
        #expect(
            sections.suffix(4) == [
                "XCConfigurationList", "XCLocalSwiftPackageReference", "XCRemoteSwiftPackageReference",
                "XCSwiftPackageProductDependency",
            ])
        #expect(
            editor.text.contains(
                "/* End XCConfigurationList section */\n\n/* Begin XCLocalSwiftPackageReference section */\n"))
        #expect(
            editor.text.contains(
                "/* End XCLocalSwiftPackageReference section */\n\n/* Begin XCRemoteSwiftPackageReference section */\n")
        )
        let app = try #require(editor.project.target(named: "Courier"))
        #expect(
            editor.project.linkedProducts(of: app).map(\.name) == [
                "BrazeKit", "BrazeUI", "FirebaseAnalytics", "FirebaseInAppMessaging-Beta", "AnnouncementKit",
                "AnnouncementKitUI",
            ])
    }

    @Test func twoAppsShareTheFolderTheSetupFileGoesIn() throws {
        let original = try ProjectFixtures.pbxproj("multi-target")
        func edit(_ editor: inout XcodeProjectEditor) throws {
            let sharers = editor.project.targetsIncluding(newFileAt: "Shared/AnnouncementSetup.swift").map(\.name)
            for target in sharers { try ProjectEdits.integrateRemote(&editor, target: target) }
        }
        var editor = try XcodeProjectEditor(text: original)
        try edit(&editor)
        try ProjectFixtures.checkEdit(original, editor, again: edit)
        let project = editor.project
        #expect(project.projectPackages.count == 2)  // one reference for both targets
        for name in ["Pebble", "PebbleMac"] {
            let products = project.linkedProducts(of: try #require(project.target(named: name)))
            #expect(products.suffix(2).map(\.name) == ProjectEdits.products)
            #expect(products.allSatisfy { $0.linked })
        }
        let ios = try #require(project.target(named: "Pebble"))
        let mac = try #require(project.target(named: "PebbleMac"))
        #expect(Set(ios.packageProductDependencyIDs).isDisjoint(with: mac.packageProductDependencyIDs))
        #expect(project.linkedProducts(of: try #require(project.target(named: "PebbleClip"))).isEmpty)
        #expect(ProjectEdits.undefinedReferences(editor).isEmpty)
    }

    @Test func insertedRangesTrackSplicesInsideEarlierOnes() {
        #expect(XcodeProjectEditor.shift([10..<20], insertingAt: 15, count: 5) == [10..<25])
        #expect(XcodeProjectEditor.shift([10..<20], insertingAt: 20, count: 5) == [10..<25])
        #expect(XcodeProjectEditor.shift([10..<20], insertingAt: 5, count: 5) == [5..<10, 15..<25])
        #expect(
            XcodeProjectEditor.shift([10..<20, 30..<40], insertingAt: 25, count: 1) == [10..<20, 25..<26, 31..<41])
        #expect(XcodeProjectEditor.shift([], insertingAt: 0, count: 3) == [0..<3])
    }

    @Test func idsAvoidTheOnesTheFileHas() {
        let first = XcodeObjectID.make(for: "PBXBuildFile X", avoiding: [])
        let second = XcodeObjectID.make(for: "PBXBuildFile X", avoiding: [first])
        #expect(first != second)
        #expect(XcodeObjectID.make(for: "PBXBuildFile X", avoiding: []) == first)
        #expect([first, second].allSatisfy { $0.count == 24 && $0.allSatisfy { $0.isHexDigit && !$0.isLowercase } })
    }

    @Test func arraysWithoutATrailingCommaOrOnOneLine() throws {
        let text = """
            { rootObject = P; objects = {
            \t\tP = { isa = PBXProject; mainGroup = G; packageReferences = (A); targets = (T); };
            \t\tG = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tF
            \t\t\t);
            \t\t\tpath = App;
            \t\t};
            \t\tF = {isa = PBXFileReference; path = a.swift; sourceTree = "<group>"; };
            \t\tT = {isa = PBXNativeTarget; name = App; buildPhases = (); };
            \t}; }
            """
        var editor = try XcodeProjectEditor(text: text)
        try editor.addFile("App/b.swift", to: "App", role: .source)
        try ProjectEdits.integrateRemote(&editor, target: "App")
        try ProjectFixtures.checkEdit(text, editor) {
            try $0.addFile("App/b.swift", to: "App", role: .source)
            try ProjectEdits.integrateRemote(&$0, target: "App")
        }
        let project = editor.project
        #expect(project.groups["G"]?.childIDs.count == 2)
        #expect(project.packageReferenceIDs.count == 2)
        #expect(project.compiledPaths(of: project.targets[0]) == ["App/b.swift"])
        #expect(project.linkedProducts(of: project.targets[0]).allSatisfy { $0.linked })
    }
}
