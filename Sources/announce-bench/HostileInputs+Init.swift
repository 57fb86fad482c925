import Foundation

extension HostileInputs {
    /// Projects `announce init --dry-run` reads that someone else may have made: a project file at
    /// its 8 MiB cap and one past it, a Swift file at its 4 MiB cap built to be slow to read, and the 20,000 Swift files
    /// the source walk reads at most, each with a deep-link handler and a banner-like type.
    static func initCases(quick: Bool) -> [Case] {
        let initArguments = ["init", "{dir}", "--dry-run", "--yes", "--format", "json"]
        let app = ("App/AppMain.swift", Data(appSource.utf8))
        var cases = [
            // At the 8 MiB cap. Each edit reads the file again (about ten times in a run), so the budget
            // is that of a developer's command rather than an app's: 3 s and 300 MB.
            Case(
                name: "init: a 7.7 MB project file of 24,000 files in one group", arguments: initArguments,
                files: [("App.xcodeproj/project.pbxproj", project(files: 24_000)), app], seconds: 3, megabytes: 300),
            Case(
                name: "init: a project file over the cap (9 MB)", arguments: initArguments,
                files: [("App.xcodeproj/project.pbxproj", project(files: 28_000)), app]),
            Case(
                name: "init: a 4 MiB Swift file of nested scopes, modifiers and onOpenURL", arguments: initArguments,
                files: [
                    ("App.xcodeproj/project.pbxproj", project(files: 0)), app, ("App/Hostile.swift", hostileSwift()),
                ],
                seconds: 2),
        ]
        if !quick {
            var files = [("App.xcodeproj/project.pbxproj", project(files: 0)), app]
            for index in 0..<20_000 { files.append(("App/Views/View\(index).swift", Data(viewSource(index).utf8))) }
            cases.append(
                Case(
                    name: "init: 20,000 Swift files, each with a handler and a banner type", arguments: initArguments,
                    files: files, seconds: 2))
        }
        return cases
    }

    static let appSource = """
        import SwiftUI

        @main
        struct HostileApp: App {
            var body: some Scene {
                WindowGroup {
                    ContentView()
                        .onOpenURL { url in print(url) }
                }
            }
        }

        """

    static func viewSource(_ index: Int) -> String {
        """
        import SwiftUI

        struct BannerView\(index): View {
            var body: some View {
                Text("\(index)").onOpenURL { url in print(url) }
            }
        }

        """
    }

    /// 4 MiB of Swift: scopes nested 200 deep, then lines of modifier chains and `onOpenURL` closures
    /// with strings, comments and interpolations between them.
    static func hostileSwift() -> Data {
        var text = "import SwiftUI\n"
        text += String(repeating: "struct S { func f() { if true { ", count: 200)
        text += String(repeating: "} } }\n", count: 200)
        let line = "let v = Text(\"a \\(b) /* c */\").padding().onOpenURL { url in open(url) } // d { ( [\n"
        while text.utf8.count + line.utf8.count < 4 << 20 { text += line }
        return Data(text.utf8)
    }

    /// A project file (objectVersion 77) whose app target syncs the folder `App`, with `files` more file
    /// references in a classic group and in the target's Sources phase.
    static func project(files: Int) -> Data {
        func id(_ prefix: String, _ number: Int) -> String {
            prefix + String(String(number, radix: 16, uppercase: true).suffix(22)).leftPadded(to: 22)
        }
        var text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 77;
            \tobjects = {

            """
        var children: [String] = []
        var buildFiles: [String] = []
        for index in 0..<files {
            let file = id("F1", index)
            let build = id("B1", index)
            text +=
                "\t\t\(file) /* V\(index).swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; "
            text += "path = V\(index).swift; sourceTree = \"<group>\"; };\n"
            text += "\t\t\(build) /* V\(index).swift in Sources */ = {isa = PBXBuildFile; fileRef = \(file); };\n"
            children.append(file)
            buildFiles.append(build)
        }
        text += """
            \t\tA00000000000000000000001 /* Project object */ = {isa = PBXProject; buildConfigurationList = A00000000000000000000002; mainGroup = A00000000000000000000003; targets = (A00000000000000000000004, ); };
            \t\tA00000000000000000000002 = {isa = XCConfigurationList; buildConfigurations = (A00000000000000000000005, ); };
            \t\tA00000000000000000000005 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0; SDKROOT = iphoneos; }; name = Debug; };
            \t\tA00000000000000000000003 = {isa = PBXGroup; children = (A00000000000000000000006, A00000000000000000000007, ); sourceTree = "<group>"; };
            \t\tA00000000000000000000006 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
            \t\tA00000000000000000000007 /* Many */ = {isa = PBXGroup; children = (\(children.joined(separator: ", "))); path = Many; sourceTree = "<group>"; };
            \t\tA00000000000000000000004 /* App */ = {isa = PBXNativeTarget; buildConfigurationList = A00000000000000000000008; buildPhases = (A00000000000000000000009, A0000000000000000000000A, ); fileSystemSynchronizedGroups = (A00000000000000000000006, ); name = App; productType = "com.apple.product-type.application"; };
            \t\tA00000000000000000000008 = {isa = XCConfigurationList; buildConfigurations = (A0000000000000000000000B, ); };
            \t\tA0000000000000000000000B /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = App; }; name = Debug; };
            \t\tA00000000000000000000009 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (\(buildFiles.joined(separator: ", "))); };
            \t\tA0000000000000000000000A /* Frameworks */ = {isa = PBXFrameworksBuildPhase; files = (); };
            \t};
            \trootObject = A00000000000000000000001 /* Project object */;
            }

            """
        return Data(text.utf8)
    }
}

extension String {
    /// The string with zeros in front, `width` characters at least.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
