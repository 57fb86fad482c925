import Testing

@testable import AnnounceProject

@Suite struct XcodeProjectModelTests {
    @Test func synchronizedFoldersAndTheirExceptions() throws {
        let project = try ProjectFixtures.project("synchronized-77")
        #expect(project.objectVersion == 77)
        #expect(project.targets.map(\.name) == ["Lumen", "LumenWidgets", "LumenTests"])
        let app = try #require(project.target(named: "Lumen"))
        let widgets = try #require(project.target(named: "LumenWidgets"))
        let tests = try #require(project.target(named: "LumenTests"))
        #expect(app.kind == .application && widgets.kind == .appExtension && tests.kind == .unitTests)
        #expect(project.applicationTargets.map(\.name) == ["Lumen"])
        #expect(project.sourceFolders(of: app) == ["Lumen"])
        #expect(project.sourceFolders(of: widgets) == ["LumenWidgets"])
        #expect(project.dependencyNames(of: app) == ["LumenWidgets"])
        #expect(project.dependencyNames(of: tests) == ["Lumen"])

        // The app's folder: the app builds everything but its exceptions.
        #expect(project.targetsIncluding(newFileAt: "Lumen/AnnouncementSetup.swift").map(\.name) == ["Lumen"])
        #expect(project.targetsIncluding(newFileAt: "Lumen/Info.plist").isEmpty)
        #expect(project.targetsIncluding(newFileAt: "Lumen/Tools/ScreenshotGenerator.swift").isEmpty)
        #expect(project.targetsIncluding(newFileAt: "Lumen/Tools/Other.swift").map(\.name) == ["Lumen"])
        // The widget builds what its exceptions in the app's folder name: a file, and a whole folder.
        #expect(
            project.targetsIncluding(newFileAt: "Lumen/Model/Reading.swift").map(\.name) == ["Lumen", "LumenWidgets"])
        #expect(
            project.targetsIncluding(newFileAt: "Lumen/Shared/Feed.swift").map(\.name) == ["Lumen", "LumenWidgets"])
        #expect(project.targetsIncluding(newFileAt: "Lumen/SharedThing.swift").map(\.name) == ["Lumen"])
        #expect(project.targetsIncluding(newFileAt: "LumenWidgets/Info.plist").isEmpty)
        #expect(project.targetsIncluding(newFileAt: "./Lumen/../LumenTests/New.swift").map(\.name) == ["LumenTests"])
        // Outside every synchronized folder nothing picks a new file up.
        #expect(project.targetsIncluding(newFileAt: "Other/File.swift").isEmpty)
        #expect(project.targetsIncluding(newFileAt: "Lumen").isEmpty)
    }

    @Test func buildSettingsInheritFromTheProject() throws {
        let project = try ProjectFixtures.project("synchronized-77")
        let app = try #require(project.target(named: "Lumen"))
        let widgets = try #require(project.target(named: "LumenWidgets"))
        let debug = project.buildSettings(of: app, configuration: "Debug")
        #expect(debug["IPHONEOS_DEPLOYMENT_TARGET"] == .string("17.0"))  // the target's own wins
        #expect(debug["SDKROOT"] == .string("iphoneos"))  // inherited
        #expect(debug["CODE_SIGN_ENTITLEMENTS"]?.text == "Lumen/Lumen.entitlements")
        #expect(debug["INFOPLIST_FILE"]?.text == "Lumen/Info.plist")
        #expect(debug["PRODUCT_BUNDLE_IDENTIFIER"]?.text == "app.lumen.Lumen")
        #expect(debug["SWIFT_VERSION"]?.text == "6.0")
        #expect(debug["INFOPLIST_KEY_UILaunchScreen_Generation"]?.text == "YES")
        #expect(debug["LD_RUNPATH_SEARCH_PATHS"] == .list(["$(inherited)", "@executable_path/Frameworks"]))
        #expect(project.settingValues("IPHONEOS_DEPLOYMENT_TARGET", of: widgets) == ["18.0", "18.0"])
        #expect(project.configurationNames(of: app) == ["Debug", "Release"])
    }

    @Test func classicGroupsResolveToFolders() throws {
        let project = try ProjectFixtures.project("classic-56")
        #expect(project.objectVersion == 56)
        let app = try #require(project.target(named: "Tally"))
        #expect(
            project.compiledPaths(of: app) == [
                "Tally/ContentView.swift", "Tally/TallyApp.swift", "Tally/Views/CounterView.swift",
            ])
        #expect(project.sourceFolders(of: app) == ["Tally", "Tally/Views"])
        #expect(
            project.files(of: app, in: .resources).compactMap(\.resolvedPath) == [
                "Tally/Preview Content/Preview Assets.xcassets", "Tally/Assets.xcassets",
            ])
        #expect(project.group(forFolder: "Tally/Preview Content")?.name == nil)
        #expect(project.group(forFolder: "Tally/Preview Content")?.path == "Preview Content")
        #expect(project.group(forFolder: "Tally/Views") != nil)
        #expect(project.group(forFolder: "Elsewhere") == nil)
        // Localized files live in the variant group's folder, its parent's.
        let localized = project.fileReferences.values.compactMap(\.resolvedPath).filter { $0.hasSuffix(".strings") }
        #expect(localized.sorted() == ["Tally/de.lproj/Localizable.strings", "Tally/en.lproj/Localizable.strings"])
        // Products and SDK files have no place in the project's folder.
        #expect(project.fileReferences.values.first { $0.path == "Tally.app" }?.resolvedPath == nil)
        #expect(project.targetsIncluding(newFileAt: "Tally/AnnouncementSetup.swift").isEmpty)
        let settings = project.buildSettings(of: app, configuration: "Release")
        #expect(settings["IPHONEOS_DEPLOYMENT_TARGET"]?.text == "16.0")
        #expect(settings["MACOSX_DEPLOYMENT_TARGET"]?.text == "12.0")  // a leftover: the caller ignores it (SDKROOT)
        #expect(settings["INFOPLIST_KEY_CFBundleDisplayName"]?.text == "Tally \u{2013} Count")
        #expect(settings["DEVELOPMENT_ASSET_PATHS"]?.text == "\"Tally/Preview Content\"")
        #expect(project.buildPhase(of: try #require(project.target(named: "TallyTests")), kind: .frameworks) == nil)
        #expect(project.linkedProducts(of: app).isEmpty)
    }

    @Test func appCodeInALocalPackage() throws {
        let project = try ProjectFixtures.project("local-package")
        let app = try #require(project.target(named: "Harbor"))
        #expect(project.projectPackages.map(\.displayName) == ["Packages/HarborKit", "swift-dependencies"])
        #expect(project.localPackageFolders == ["Packages/HarborKit", "Packages/DesignSystem"])
        let products = project.linkedProducts(of: app)
        #expect(products.map(\.name) == ["AppFeature", "Dependencies", "DesignSystem"])
        #expect(products.map(\.linked) == [true, true, true])
        #expect(products[0].package?.source == .local(relativePath: "Packages/HarborKit"))
        #expect(products[1].package?.repositoryURL == "https://github.com/pointfreeco/swift-dependencies")
        #expect(products[2].package == nil)  // a package added to the navigator as a folder
        let remote = try #require(
            project.packageReference(repositoryURL: "https://GitHub.com/pointfreeco/swift-dependencies.git/"))
        #expect(
            remote.source
                == .remote(
                    repositoryURL: "https://github.com/pointfreeco/swift-dependencies",
                    requirement: XcodePackageRequirement(kind: "upToNextMajorVersion", minimumVersion: "1.1.0")))
        #expect(project.packageReference(relativePath: "./Packages/HarborKit/")?.relativePath == "Packages/HarborKit")
    }

    @Test func twoAppsAWidgetAnAppClipAndTests() throws {
        let project = try ProjectFixtures.project("multi-target")
        #expect(project.objectVersion == 70)
        let kinds = project.targets.map { "\($0.name):\($0.kind)" }
        #expect(
            kinds == [
                "Pebble:application", "PebbleMac:application", "PebbleWidgets:appExtension", "PebbleClip:appClip",
                "PebbleTests:unitTests", "PebbleUITests:uiTests",
            ])
        #expect(project.applicationTargets.map(\.name) == ["Pebble", "PebbleMac"])
        let ios = try #require(project.target(named: "Pebble"))
        let mac = try #require(project.target(named: "PebbleMac"))
        let clip = try #require(project.target(named: "PebbleClip"))
        #expect(project.dependencyNames(of: ios) == ["PebbleClip", "PebbleWidgets"])
        #expect(project.sourceFolders(of: ios) == ["Shared", "Pebble"])
        #expect(
            project.targetsIncluding(newFileAt: "Shared/AnnouncementSetup.swift").map(\.name) == [
                "Pebble", "PebbleMac",
            ])
        #expect(project.targetsIncluding(newFileAt: "Shared/iOS/HapticsController.swift").map(\.name) == ["Pebble"])
        #expect(
            project.targetsIncluding(newFileAt: "Shared/Models/Pebble.swift").map(\.name) == [
                "Pebble", "PebbleMac", "PebbleWidgets",
            ])
        #expect(project.targetsIncluding(newFileAt: "Pebble/announcements.json").map(\.name) == ["Pebble"])
        #expect(project.settingValues("MACOSX_DEPLOYMENT_TARGET", of: mac) == ["14.2", "14.2"])
        #expect(project.buildSettings(of: mac, configuration: "Debug")["SDKROOT"]?.text == "macosx")
        #expect(project.settingValues("IPHONEOS_DEPLOYMENT_TARGET", of: ios) == ["17.0", "17.0"])
        #expect(project.settingValues("IPHONEOS_DEPLOYMENT_TARGET", of: clip) == ["17.2", "17.2"])
        #expect(
            project.buildSettings(of: ios, configuration: "Debug")["SUPPORTED_PLATFORMS"]?.text
                == "iphoneos iphonesimulator")
        #expect(project.linkedProducts(of: mac).map(\.name) == ["Algorithms"])
        #expect(project.linkedProducts(of: ios).isEmpty)
    }

    @Test func sdkProductsForDetection() throws {
        let project = try ProjectFixtures.project("sdk-products")
        let app = try #require(project.target(named: "Courier"))
        let products = project.linkedProducts(of: app)
        #expect(products.map(\.name) == ["BrazeKit", "BrazeUI", "FirebaseAnalytics", "FirebaseInAppMessaging-Beta"])
        #expect(
            products.map { $0.package?.displayName } == [
                "braze-swift-sdk", "braze-swift-sdk", "firebase-ios-sdk", "firebase-ios-sdk",
            ])
        guard case .remote(_, let requirement) = try #require(products.last?.package).source else {
            Issue.record("firebase is not a remote package")
            return
        }
        #expect(requirement == XcodePackageRequirement(kind: "exactVersion", version: "11.4.0"))
        let settings = project.buildSettings(of: app, configuration: "Release")
        #expect(settings["IPHONEOS_DEPLOYMENT_TARGET"]?.text == "16.4")  // Debug overrides, Release inherits
        #expect(project.settingValues("IPHONEOS_DEPLOYMENT_TARGET", of: app) == ["17.0", "16.4"])
    }

    @Test func aBrokenFileSaysWhereItBreaks() throws {
        let text = try ProjectFixtures.pbxproj("broken-missing-semicolon")
        #expect(throws: XcodeProjectError.self) { try XcodeProject(text: text) }
        do {
            _ = try XcodeProject(text: text)
        } catch {
            #expect(
                error.description == "project.pbxproj:149:4: expected ';' after the value of 'buildSettings', found 'n'"
            )
        }
    }

    @Test func aCycleOfGroupsEndsAndUnreachableObjectsHaveNoPlace() throws {
        let text = """
            { objectVersion = 56; rootObject = P; objects = {
            P = { isa = PBXProject; mainGroup = G; targets = (T, MISSING, ); };
            G = { isa = PBXGroup; children = (H, F, ); sourceTree = "<group>"; };
            H = { isa = PBXGroup; children = (G, H, ); path = Sub; sourceTree = "<group>"; };
            F = { isa = PBXFileReference; path = a.swift; sourceTree = "<group>"; };
            LOST = { isa = PBXFileReference; path = b.swift; sourceTree = "<group>"; };
            T = { isa = PBXNativeTarget; name = App; buildPhases = (NOPE, ); productType = "com.apple.product-type.application"; };
            }; }
            """
        let project = try XcodeProject(text: text)
        #expect(project.fileReferences["F"]?.resolvedPath == "a.swift")
        #expect(project.groups["H"]?.resolvedFolder == "Sub")
        #expect(project.fileReferences["LOST"]?.resolvedPath == nil)
        #expect(project.targets.map(\.name) == ["App"])
        #expect(project.compiledPaths(of: project.targets[0]).isEmpty)
    }
}
