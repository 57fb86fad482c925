import Testing

@testable import AnnounceProject

@Suite struct SwiftTokenizerTests {
    @Test func readsNamesKeywordsNumbersAndOperators() {
        let tokens = SwiftSourceFixtures.tokens("let `default` = $0 + café_1 ?? 0x1F..<1_000.5e-3 -> actor")
        #expect(
            tokens == [
                token(.keyword, "let"), token(.identifier, "`default`"), token(.operator, "="),
                token(.identifier, "$0"), token(.operator, "+"), token(.identifier, "café_1"),
                token(.operator, "??"), token(.number, "0x1F"), token(.operator, "..<"),
                token(.number, "1_000.5e-3"), token(.operator, "->"), token(.identifier, "actor"),
            ])
    }

    @Test func readsAttributesPunctuationAndKeyPaths() {
        let tokens = SwiftSourceFixtures.tokens("@available(iOS 17, *) x?.y[0]; .environment(\\.a)")
        #expect(
            tokens == [
                token(.attribute, "@available"), token(.punctuation, "("), token(.identifier, "iOS"),
                token(.number, "17"), token(.punctuation, ","), token(.operator, "*"), token(.punctuation, ")"),
                token(.identifier, "x"), token(.operator, "?"), token(.punctuation, "."), token(.identifier, "y"),
                token(.punctuation, "["), token(.number, "0"), token(.punctuation, "]"), token(.punctuation, ";"),
                token(.punctuation, "."), token(.identifier, "environment"), token(.punctuation, "("),
                token(.punctuation, "\\"), token(.punctuation, "."), token(.identifier, "a"), token(.punctuation, ")"),
            ])
    }

    @Test func readsEachStringFormAsOneToken() {
        let source = #"""
            a = "say \"hi\" // no" + #"raw "q" \(x) "# + ##"one "# two"## + "\(f("}", g("(")))" + b
            """#
        let tokens = SwiftSourceFixtures.tokens(source)
        #expect(
            tokens == [
                token(.identifier, "a"), token(.operator, "="), token(.string, #""say \"hi\" // no""#),
                token(.operator, "+"), token(.string, ##"#"raw "q" \(x) "#"##), token(.operator, "+"),
                token(.string, ###"##"one "# two"##"###), token(.operator, "+"),
                token(.string, #""\(f("}", g("(")))""#), token(.operator, "+"), token(.identifier, "b"),
            ])
    }

    @Test func readsMultilineStringsWithInterpolationsAndRawDelimiters() {
        let source =
            "x = \"\"\"\n  a \"\"\n  \\(y(\"\"\"\n  inner\n  \"\"\")) \\\"\"\"\n  \"\"\" + #\"\"\"\n \"\"\" \"#\n \"\"\"# + z"
        let tokens = SwiftSourceFixtures.tokens(source)
        #expect(tokens.map(\.kind) == [.identifier, .operator, .string, .operator, .string, .operator, .identifier])
        #expect(tokens[2].text.hasSuffix("\\\"\"\"\n  \"\"\""))
        #expect(tokens[4].text == "#\"\"\"\n \"\"\" \"#\n \"\"\"#")
    }

    @Test func readsCommentsNestedAndDocumented() {
        let tokens = SwiftSourceFixtures.tokens("/// doc `x`\n/* a /* b */ c */ d // e \"f\"\ng")
        #expect(
            tokens == [
                token(.comment, "/// doc `x`"), token(.comment, "/* a /* b */ c */"), token(.identifier, "d"),
                token(.comment, "// e \"f\""), token(.identifier, "g"),
            ])
    }

    @Test func keepsDirectivesAndPoundNamesAsTokens() {
        let tokens = SwiftSourceFixtures.tokens(
            "#if os(iOS) && !DEBUG\n#elseif os(macOS)\n#else\n#endif\n#available #Preview")
        #expect(
            tokens.filter { $0.kind == .directive || $0.kind == .pound } == [
                token(.directive, "#if"), token(.directive, "#elseif"), token(.directive, "#else"),
                token(.directive, "#endif"), token(.pound, "#available"), token(.pound, "#Preview"),
            ])
    }

    @Test func readsRegexLiteralsOnlyWhereAnExpressionStarts() {
        #expect(
            SwiftSourceFixtures.tokens(#"let r = /"[a-z]+\/x/"#) == [
                token(.keyword, "let"), token(.identifier, "r"), token(.operator, "="),
                token(.regex, #"/"[a-z]+\/x/"#),
            ])
        #expect(
            SwiftSourceFixtures.tokens("a / b / c") == [
                token(.identifier, "a"), token(.operator, "/"), token(.identifier, "b"), token(.operator, "/"),
                token(.identifier, "c"),
            ])
        #expect(
            SwiftSourceFixtures.tokens("(x) / 2 / \"s\"").map(\.kind) == [
                .punctuation, .identifier, .punctuation, .operator, .number, .operator, .string,
            ])
        #expect(
            SwiftSourceFixtures.tokens("f(#/a\"/b/#)").map(\.kind) == [.identifier, .punctuation, .regex, .punctuation])
    }

    @Test func givesByteRangesAndLines() {
        let stream = SwiftTokenStream(text: "let é = \"ü\"\n\n/* two\nlines */ x")
        #expect(stream.tokens.map(\.range) == [0..<3, 4..<6, 7..<8, 9..<13, 15..<30, 31..<32])
        #expect(stream.tokens.map(\.line) == [1, 1, 1, 1, 3, 4])
        #expect(stream.diagnostics.isEmpty)
        #expect(stream.line(at: 14) == 2)
    }
}
