import Foundation
import Testing

@testable import AnnounceProject

@Suite struct OpenStepParserTests {
    func parse(_ text: String) throws -> OpenStepDocument {
        try OpenStepParser.parse(Array(text.utf8), file: "project.pbxproj")
    }

    func failure(_ text: String) -> XcodeProjectError? {
        failure(Array(text.utf8))
    }

    func failure(_ bytes: [UInt8]) -> XcodeProjectError? {
        do {
            _ = try OpenStepParser.parse(bytes, file: "project.pbxproj")
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEachKindOfValueWithItsBytes() throws {
        let text =
            "// !$*UTF8*$!\n{ a = b; \"q k\" = \"x y\"; list = ( one, \"two\", ); data = <0fBD 77>; nested = { k = v; }; }\n"
        let document = try parse(text)
        let root = document.root
        #expect(root["a"]?.string == "b")
        #expect(root["q k"]?.string == "x y")
        #expect(root["list"]?.strings == ["one", "two"])
        #expect(root["data"]?.kind == .data([0x0F, 0xBD, 0x77]))
        #expect(root["nested"]?["k"]?.string == "v")
        let bytes = Array(text.utf8)
        func slice(_ range: Range<Int>?) -> String { range.map { String(decoding: bytes[$0], as: UTF8.self) } ?? "" }
        #expect(slice(root["list"]?.range) == "( one, \"two\", )")
        #expect(slice(root["q k"]?.range) == "\"x y\"")
        #expect(slice(root.entry("nested")?.range) == "nested = { k = v; };")
        #expect(slice(root.entry("q k")?.keyRange) == "\"q k\"")
        #expect(document.comments.map(\.text) == ["!$*UTF8*$!"])
    }

    @Test func decodesEscapes() throws {
        let root = try parse(#"{ s = "a\nb\tc\"d\\e\U00e9\U2013\101\UD83D\UDE00"; }"#).root
        #expect(root["s"]?.string == "a\nb\tc\"d\\e\u{e9}\u{2013}A\u{1F600}")
    }

    @Test func unquotedStringsTakeLettersDigitsAndTheirPunctuation() throws {
        let root = try parse("{ path = ../Packages/Kit_v2.0-beta+1:x$y; }").root
        #expect(root["path"]?.string == "../Packages/Kit_v2.0-beta+1:x$y")
    }

    @Test func keepsCommentsAndSkipsThem() throws {
        let document = try parse(
            "{\n/* Begin X section */\n\tID /* a comment */ = {isa = X; }; // tail\n/* End X section */\n}")
        #expect(document.comments.map(\.text) == ["Begin X section", "a comment", "tail", "End X section"])
        #expect(document.root["ID"]?["isa"]?.string == "X")
    }

    @Test func missingSemicolonNamesTheKeyWithLineAndColumn() {
        let error = failure("{\n\tbuildSettings = {\n\t\tA = B;\n\t}\n\tname = Debug;\n}")
        #expect(error?.kind == .syntax)
        #expect(error?.description == "project.pbxproj:5:2: expected ';' after the value of 'buildSettings', found 'n'")
    }

    @Test(arguments: [
        ("{ a = ; }", "1:7: expected a value for 'a', found ';'"),
        ("{ a b; }", "1:5: expected '=' after the key 'a', found 'b'"),
        ("{ a = (x y); }", "1:10: expected ',' or ')' after an element of 'a', found 'y'"),
        ("{ a = b; ", "1:10: expected '}' to close the dictionary of the file opened at 1:1"),
        ("{ a = b; } x", "1:12: expected the end of the file after the top-level value"),
        ("{ a = <0g>; }", "1:9: expected a hex digit or '>' in the data of 'a'"),
        ("{ = b; }", "1:3: expected a key or '}' in the dictionary of the file, found '='"),
    ])
    func syntaxErrorsSayWhereAndWhat(text: String, message: String) {
        #expect(failure(text)?.description == "project.pbxproj:\(message)")
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(failure("{ n = \"é\" x; }")?.description.hasPrefix("project.pbxproj:1:11:") == true)
    }

    // MARK: - Hostile inputs

    @Test func nestingIsCappedAtSixtyFourLevels() throws {
        let allowed = String(repeating: "(", count: 64) + String(repeating: ")", count: 64)
        #expect(throws: Never.self) { try parse(allowed) }
        let deep = String(repeating: "(", count: 100_000)
        let error = failure(deep)
        #expect(error?.kind == .tooDeep)
        #expect(error?.line == 1 && error?.column == 65)
        let dictionaries = String(repeating: "{a=", count: 65) + "b" + String(repeating: ";}", count: 65)
        #expect(failure(dictionaries)?.kind == .tooDeep)
    }

    @Test func unterminatedStringPointsAtItsQuote() {
        let error = failure("{\n\ta = \"never closed;\n}\n")
        #expect(error?.kind == .syntax)
        #expect(error?.description == "project.pbxproj:2:6: unterminated string: the '\"' here is never closed")
        #expect(failure("{ a = \"ends in a backslash\\")?.kind == .syntax)
    }

    @Test func unterminatedCommentPointsAtItsStart() {
        let error = failure("{ a = b; /* open\n\n")
        #expect(
            error?.description == "project.pbxproj:1:10: unterminated comment: the '/*' here is never closed with '*/'")
    }

    @Test func nulBytesAreRefused() {
        let error = failure(Array("{ a = b;\n c = d".utf8) + [0] + Array("; }".utf8))
        #expect(error?.kind == .encoding)
        #expect(error?.line == 2 && error?.column == 7)
    }

    @Test func invalidUTF8IsRefusedWithItsPlace() {
        let error = failure(Array("{ a = \"".utf8) + [0xC3, 0x28] + Array("\"; }".utf8))
        #expect(error?.kind == .encoding)
        #expect(error?.description == "project.pbxproj:1:8: bytes that are not UTF-8; a project file is UTF-8 text")
        #expect(failure([0x7B, 0xED, 0xA0, 0x80, 0x7D])?.kind == .encoding)
    }

    @Test func aFileOverTheCapIsRefusedBeforeReading() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pbx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("project.pbxproj").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(XcodeProjectFile.maximumSize) + 1)  // sparse: nothing is written
        try handle.close()
        #expect(throws: XcodeProjectError.self) { try XcodeProjectFile.load(path, displayName: "big/project.pbxproj") }
        do {
            _ = try XcodeProjectFile.load(path, displayName: "big/project.pbxproj")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(
                error.description
                    == "big/project.pbxproj: the file is 8388609 bytes, over the 8388608 bytes (8 MiB) read for a "
                    + "project file")
        }
        let oversized = [UInt8](repeating: UInt8(ascii: " "), count: XcodeProjectFile.maximumSize + 1)
        #expect(
            throws: XcodeProjectError(
                kind: .tooLarge, file: "p", message: XcodeProjectFile.tooLarge(oversized.count, file: "p").message)
        ) {
            try XcodeProject(bytes: oversized, fileName: "p")
        }
    }

    @Test func manyObjectsAndLongStringsReadInOnePass() throws {
        // 50 000 objects, a 1 MiB quoted string full of escapes and a 1 MiB unquoted string: the
        // cursor never moves back, so this is one pass over 6 MiB.
        var text = "{ long = \"" + String(repeating: "\\\"", count: 512 * 1024) + "\"; bare = "
        text += String(repeating: "a", count: 1024 * 1024) + "; objects = {\n"
        for index in 0..<50_000 {
            text += "\t\tID\(index) /* c */ = {isa = PBXFileReference; path = f\(index).swift; };\n"
        }
        text += "}; }"
        let root = try parse(text).root
        #expect(root["long"]?.string?.count == 512 * 1024)
        #expect(root["bare"]?.string?.count == 1024 * 1024)
        #expect(root["objects"]?.entries?.count == 50_000)
        #expect(root["objects"]?["ID49999"]?["path"]?.string == "f49999.swift")
    }

    @Test func aDocumentThatIsNotAProjectSaysSo() {
        #expect(throws: XcodeProjectError.self) { try XcodeProject(text: "{ a = b; }") }
        do {
            _ = try XcodeProject(text: "{ objects = { X = { isa = PBXGroup; }; }; rootObject = X; }")
        } catch {
            #expect(error.kind == .notAProject)
            #expect(error.message.contains("rootObject"))
        }
    }
}
