import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnounceProject

/// The projects a workspace lists, read by the package's own tag scanner.
@Suite struct XcodeWorkspaceTests {
    @Test func groupsNestAndContainerPathsStartAtTheWorkspacesFolder() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment with <FileRef location = "group:Commented.xcodeproj"> inside -->
            <Workspace
               version = "1.0">
               <Group location = "group:Apps" name = "Apps">
                  <FileRef location = "group:Shop/Shop.xcodeproj"></FileRef>
                  <Group location = "group:../Tools">
                     <FileRef location = 'group:Lint.xcodeproj'/>
                  </Group>
               </Group>
               <FileRef location = "container:Root.xcodeproj"></FileRef>
               <FileRef location = "self:"></FileRef>
               <FileRef location = "absolute:/Users/me/Other.xcodeproj"></FileRef>
               <FileRef location = "group:../Outside.xcodeproj"></FileRef>
               <FileRef location = "group:Pods/Pods.xcodeproj"/>
               <FileRef location = "group:Notes.md"/>
               <FileRef location = "group:A&amp;B&#x2F;C.xcodeproj"/>
            </Workspace>
            """
        #expect(
            XcodeWorkspace.projectPaths(Data(text.utf8)) == [
                "Apps/Shop/Shop.xcodeproj", "Tools/Lint.xcodeproj", "Root.xcodeproj", "Pods/Pods.xcodeproj",
                "A&B/C.xcodeproj",
            ])
    }

    @Test func entitiesDecodeAndUnknownOnesStayAsWritten() {
        #expect(TagScanner.decodeEntities("a&lt;b&gt;&quot;&apos;&#65;&#x42;") == "a<b>\"'AB")
        #expect(TagScanner.decodeEntities("&nope; & &#xFFFFFFFF; &") == "&nope; & &#xFFFFFFFF; &")
    }

    @Test func hostileWorkspacesEndQuicklyWithWhatTheyList() throws {
        // An element name that is not UTF-8 (FoundationXML's parser traps on it), found by the fuzzer.
        let regression = try Data(
            contentsOf: Fixtures.url("Tests/Fixtures/fuzz-regressions/project/workspace-non-utf8-element-name"))
        #expect(XcodeWorkspace.projectPaths(regression.dropFirst()).isEmpty)
        // Groups nested past the cap, an unterminated comment, an unterminated attribute value.
        let deep =
            String(repeating: "<Group location = \"group:a\">", count: 10_000)
            + "<FileRef location = \"group:X.xcodeproj\"/>"
        #expect(XcodeWorkspace.projectPaths(Data(deep.utf8)).isEmpty)
        #expect(XcodeWorkspace.projectPaths(Data("<!-- <FileRef location='group:A.xcodeproj'/>".utf8)).isEmpty)
        #expect(XcodeWorkspace.projectPaths(Data("<FileRef location='group:A.xcodeproj".utf8)).isEmpty)
        let many = (0..<2_000).map { "<FileRef location=\"group:P\($0).xcodeproj\"/>" }.joined()
        #expect(XcodeWorkspace.projectPaths(Data(many.utf8)).count == XcodeWorkspace.maximumProjects)
        let large = Data(count: XcodeWorkspace.maximumSize + 1)
        #expect(XcodeWorkspace.projectPaths(large).isEmpty)
    }
}
