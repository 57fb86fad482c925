import Testing

@testable import AnnounceProject

/// Hostile and broken inputs: each is read to the end, with a diagnostic where it is broken,
/// and the code after a broken part that can end is still read.
@Suite struct SwiftTokenizerHostileTests {
    @Test func hundredThousandNestedCommentOpenersAreOneUnterminatedComment() {
        let text = String(repeating: "/*", count: 100_000) + "\nstruct Hidden {}"
        let stream = SwiftTokenStream(text: text)
        #expect(stream.tokens.map(\.kind) == [.comment])
        #expect(stream.tokens.first?.range == 0..<text.utf8.count)
        #expect(stream.diagnostics.map(\.kind) == [.unterminatedComment])
        #expect(SwiftFileSummary(scanning: stream).types.isEmpty)
    }

    @Test func hundredThousandNestedCommentsThatCloseLeaveTheCodeAfterThem() {
        let text =
            String(repeating: "/*", count: 100_000) + String(repeating: "*/", count: 100_000) + "\nstruct Seen {}"
        let summary = SwiftFileSummary(bytes: Array(text.utf8))
        #expect(summary.types.map(\.name) == ["Seen"])
        #expect(summary.types.first?.line == 2)
        #expect(summary.diagnostics.isEmpty)
    }

    @Test func interpolationsNestedPastTheCapEndTheFileWithADiagnostic() {
        let text = String(repeating: "\"\\(", count: 10_000) + "x" + String(repeating: ")\"", count: 10_000) + " + y"
        let stream = SwiftTokenStream(text: text)
        #expect(stream.tokens.map(\.kind) == [.string])
        #expect(stream.diagnostics.map(\.kind) == [.nestingTooDeep])
        #expect(stream.diagnostics.first?.message.contains("256") == true)
    }

    @Test func interpolationsNestedWithinTheCapCloseAndTheCodeGoesOn() {
        let depth = 100
        let text =
            "let s = " + String(repeating: "\"\\(", count: depth) + "x" + String(repeating: ")\"", count: depth)
            + "\nstruct After {}"
        let summary = SwiftFileSummary(bytes: Array(text.utf8))
        #expect(summary.diagnostics.isEmpty)
        #expect(summary.types.map(\.name) == ["After"])
    }

    @Test func aFourMebibyteLineIsReadAndALargerFileIsSkipped() {
        let unit = Array("a+(b)/2 ".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 * 1024 * 1024)
        while bytes.count + unit.count <= 4 * 1024 * 1024 - 10 { bytes += unit }
        bytes += Array("struct Z{}".utf8)
        bytes += [UInt8](repeating: 0x20, count: 4 * 1024 * 1024 - bytes.count)
        #expect(bytes.count == SwiftSourceLimits.standard.maxFileBytes)
        let summary = SwiftFileSummary(bytes: bytes)
        #expect(summary.skipReason == nil)
        #expect(summary.types.map(\.name) == ["Z"])
        let larger = SwiftFileSummary(bytes: bytes + [0x0A])
        #expect(larger.types.isEmpty)
        #expect(larger.diagnostics.map(\.kind) == [.fileTooLarge])
        #expect(larger.skipReason?.contains("4194305 bytes") == true)
    }

    @Test func aLongLineOfSlashesInAnOpenCharacterClassIsReadAsOperators() {
        // Each `/` could open a regex whose `[` never closes on the line: the line is looked at once.
        let text = String(repeating: "[/", count: 200_000)
        let stream = SwiftTokenStream(text: text)
        #expect(stream.tokens.count == 400_000)
        #expect(!stream.tokens.contains { $0.kind == .regex })
    }

    @Test func invalidUTF8IsReportedAndReadAround() {
        let bytes = Array("let a = \"".utf8) + [0xFF, 0xC3] + Array("\"\nstruct B".utf8) + [0xFE] + Array(" {}".utf8)
        let summary = SwiftFileSummary(bytes: bytes)
        #expect(summary.diagnostics.map(\.kind) == [.invalidUTF8])
        #expect(summary.diagnostics.first?.offset == 9)
        #expect(summary.types.map(\.name) == ["B\u{FFFD}"])
        #expect(summary.types.first?.line == 2)
    }

    @Test func nulBytesAreTokensOfTheirOwn() {
        let bytes = Array("struct A {".utf8) + [0] + Array(" }\n\"a".utf8) + [0] + Array("b\"\0struct C {}".utf8)
        let stream = SwiftTokenStream(bytes: bytes)
        #expect(stream.tokens.filter { $0.kind == .unknown }.map(\.range) == [10..<11, 19..<20])
        #expect(stream.tokens.filter { $0.kind == .string }.map(\.range) == [14..<19])
        #expect(SwiftFileSummary(scanning: stream).types.map(\.name) == ["A", "C"])
    }

    @Test func anUnterminatedStringEndsAtItsLine() {
        let summary = SwiftFileSummary(bytes: Array("let s = \"abc\nstruct B {}".utf8))
        #expect(summary.diagnostics.map(\.kind) == [.unterminatedString])
        #expect(summary.diagnostics.first?.line == 1)
        #expect(summary.types.map(\.name) == ["B"])
    }

    @Test func anUnterminatedMultilineStringOrRegexRunsToTheEnd() {
        let string = SwiftTokenStream(text: "let s = \"\"\"\nstruct B {}\n")
        #expect(string.tokens.last?.kind == .string)
        #expect(string.tokens.last?.range.upperBound == string.bytes.count)
        #expect(string.diagnostics.map(\.kind) == [.unterminatedString])
        let regex = SwiftTokenStream(text: "let r = #/ab\nstruct C {}")
        #expect(regex.tokens.last?.kind == .regex)
        #expect(regex.diagnostics.map(\.kind) == [.unterminatedRegex])
    }

    @Test func bracketsNestedPastTheCapAreReadWithoutTheirStructure() {
        let text = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000) + "\nstruct D {}"
        let summary = SwiftFileSummary(bytes: Array(text.utf8))
        #expect(summary.diagnostics.map(\.kind) == [.nestingTooDeep])
        #expect(summary.types.map(\.name) == ["D"])
        let braces = String(repeating: "{", count: 100_000) + "\nstruct E {}"
        #expect(SwiftFileSummary(bytes: Array(braces.utf8)).types.map(\.name) == ["E"])
    }

    @Test func strayClosersAndLoneDelimitersDoNotStopTheReading() {
        let summary = SwiftFileSummary(bytes: Array(")]}} ` @ # $ \\ '\nstruct F: App { } }".utf8))
        #expect(summary.types.map(\.name) == ["F"])
        #expect(summary.types.first?.bodyRange != nil)
    }
}
