/// `announce schema`: prints the JSON Schema of the feed format.
enum SchemaCommand {
    static let spec = CommandSpec(
        name: "schema",
        summary: "Print the JSON Schema (draft 2020-12) of the feed format, for editors and CI.",
        positionalName: "",
        minimumPositionals: 0,
        maximumPositionals: 0,
        options: [],
        discussion: "The output is the same file the repository ships as docs/feed.schema.json.")

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        CommandResult(standardOutput: FeedSchema.text)
    }
}
