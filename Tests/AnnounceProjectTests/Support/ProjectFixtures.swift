import Foundation
import Testing

@testable import AnnounceProject

/// The project files under `Tests/Fixtures/projects`, and checks shared by the project suites.
enum ProjectFixtures {
    /// The repository's root, found from this source file.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The path of a fixture project file by name (`classic-56`).
    static func pbxprojPath(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Tests/Fixtures/projects/pbxproj/\(name).pbxproj").path
    }

    /// The text of a fixture project file.
    static func pbxproj(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: pbxprojPath(name))), as: UTF8.self)
    }

    /// The fixture, modelled.
    static func project(_ name: String) throws -> XcodeProject {
        try XcodeProject(text: try pbxproj(name))
    }

    /// `bytes` without `ranges` (sorted, not overlapping).
    static func removing(_ ranges: [Range<Int>], from bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var start = 0
        for range in ranges {
            result.append(contentsOf: bytes[start..<range.lowerBound])
            start = range.upperBound
        }
        result.append(contentsOf: bytes[start...])
        return result
    }

    /// Checks what every edit promises: removing the inserted ranges gives the original bytes
    /// back, the result reads back, and applying `edit` again changes no byte.
    static func checkEdit(
        _ original: String, _ editor: XcodeProjectEditor,
        again edit: (inout XcodeProjectEditor) throws -> Void,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        #expect(editor.changed, sourceLocation: sourceLocation)
        #expect(
            removing(editor.insertedRanges, from: editor.bytes) == Array(original.utf8), sourceLocation: sourceLocation)
        var second = try XcodeProjectEditor(text: editor.text)
        try edit(&second)
        #expect(!second.changed, "a second run inserted \(second.insertedRanges)", sourceLocation: sourceLocation)
        #expect(second.bytes == editor.bytes, sourceLocation: sourceLocation)
    }

    /// Where the `i`th inserted range's text is.
    static func inserted(_ editor: XcodeProjectEditor) -> [String] {
        editor.insertedRanges.map { String(decoding: editor.bytes[$0], as: UTF8.self) }
    }
}
