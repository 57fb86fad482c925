import Testing

@testable import AnnounceProject

/// Where `importEdit(line:)` puts `import AnnouncementKitUI`.
@Suite struct SwiftSourceEditorImportTests {
    static func inserting(_ text: String) throws -> String {
        String(decoding: try SwiftSourceEditor(text: text).insertingImport("import AnnouncementKitUI"), as: UTF8.self)
    }

    @Test(arguments: [
        // Sorted imports: in its place, so swift-format's OrderedImports stays quiet.
        ("import SwiftUI\nimport UIKit\n", "import AnnouncementKitUI\nimport SwiftUI\nimport UIKit\n"),
        ("import AppKit\nimport SwiftUI\n", "import AnnouncementKitUI\nimport AppKit\nimport SwiftUI\n"),
        ("import Accessibility\nimport SwiftUI\n", "import Accessibility\nimport AnnouncementKitUI\nimport SwiftUI\n"),
        (
            "import Accelerate\nimport ActivityKit\n",
            "import Accelerate\nimport ActivityKit\nimport AnnouncementKitUI\n"
        ),
        ("@preconcurrency import SwiftUI\n", "import AnnouncementKitUI\n@preconcurrency import SwiftUI\n"),
        ("    import SwiftUI\n", "    import AnnouncementKitUI\n    import SwiftUI\n"),
        // Unsorted: after the last.
        ("import UIKit\nimport SwiftUI\n", "import UIKit\nimport SwiftUI\nimport AnnouncementKitUI\n"),
        // An attribute on the line before: never between the two.
        ("@_exported\nimport SwiftUI\n", "@_exported\nimport SwiftUI\nimport AnnouncementKitUI\n"),
        // None outside an #if: before the first code.
        ("// App\nstruct A {}\n", "// App\nimport AnnouncementKitUI\nstruct A {}\n"),
        (
            "#if os(iOS)\nimport UIKit\n#endif\nstruct A {}\n",
            "import AnnouncementKitUI\n#if os(iOS)\nimport UIKit\n#endif\nstruct A {}\n"
        ),
    ])
    func putsTheImportInItsPlace(text: String, expected: String) throws {
        #expect(try Self.inserting(text) == expected)
    }

    @Test func anExistingImportIsKept() throws {
        let text = "import AnnouncementKitUI\nimport SwiftUI\n"
        #expect(SwiftSourceEditor(text: text).importEdit(line: "import AnnouncementKitUI") == nil)
    }
}
