import Testing

@testable import AnnounceCLI

@Suite("Argument parser")
struct ArgumentParserTests {
    static let spec = CommandSpec(
        name: "demo", summary: "A demo.", positionalName: "FILE...", minimumPositionals: 1, maximumPositionals: 2,
        options: [
            OptionSpec("--format", value: "FORMAT", allowed: ["text", "json"], help: "Output format."),
            OptionSpec("--tag", value: "TAG", repeatable: true, help: "A tag."),
            OptionSpec("--all", help: "Everything."),
        ],
        discussion: "")

    @Test(
        "accepted command lines",
        arguments: [
            (["a"], ParsedArguments(positionals: ["a"])),
            (["a", "--format", "json"], ParsedArguments(positionals: ["a"], values: ["--format": ["json"]])),
            (["--format=text", "a", "b"], ParsedArguments(positionals: ["a", "b"], values: ["--format": ["text"]])),
            (["a", "--tag", "x", "--tag=y"], ParsedArguments(positionals: ["a"], values: ["--tag": ["x", "y"]])),
            (["--all", "a"], ParsedArguments(positionals: ["a"], flags: ["--all"])),
            (["-", "--", "--all"], ParsedArguments(positionals: ["-", "--all"])),
            (["--help"], ParsedArguments(wantsHelp: true)),
            (
                ["a", "-h", "--format", "json"],
                ParsedArguments(positionals: ["a"], values: ["--format": ["json"]], wantsHelp: true)
            ),
        ])
    func accepted(arguments: [String], expected: ParsedArguments) throws {
        #expect(try ArgumentParser.parse(arguments, for: Self.spec) == expected)
    }

    @Test(
        "usage errors name the problem and point to --help",
        arguments: [
            (["a", "--formt", "json"], "unknown option '--formt' for 'announce demo'. Did you mean '--format'?"),
            (["a", "--zzzzzzzz"], "unknown option '--zzzzzzzz' for 'announce demo'."),
            (["a", "--format"], "option '--format' needs a value: --format FORMAT (text or json)"),
            (["a", "--format", "--all"], "option '--format' needs a value: --format FORMAT (text or json)"),
            (["a", "--format", "xml"], "option '--format' accepts 'text' or 'json'; got 'xml'"),
            (["a", "--format", "json", "--format", "text"], "option '--format' is given more than once"),
            (["a", "--all=yes"], "option '--all' takes no value"),
            ([], "'announce demo' needs FILE..."),
            (["a", "b", "c"], "unexpected argument 'c'; 'announce demo' takes FILE..."),
        ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message, hint: "Run 'announce demo --help' for usage.")) {
            try ArgumentParser.parse(arguments, for: Self.spec)
        }
    }

    @Test("help text lists every option")
    func help() {
        let help = Self.spec.help
        #expect(help.contains("Usage: announce demo FILE... [--format FORMAT] [--tag TAG]... [--all]"))
        #expect(help.contains("--format FORMAT"))
        #expect(help.contains("(text|json)"))
        #expect(help.contains("--tag TAG (repeatable)"))
        #expect(help.contains("-h, --help"))
    }

    @Test("suggestions come only for likely typos")
    func suggestions() {
        #expect(ArgumentParser.closest(to: "valdate", among: ["validate", "schema"]) == "validate")
        #expect(ArgumentParser.closest(to: "frobnicate", among: ["validate", "schema"]) == nil)
        #expect(ArgumentParser.editDistance("kitten", "sitting") == 3)
    }
}
