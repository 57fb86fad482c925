import AnnouncementKit
public import Foundation

/// The `announce` command-line tool, runnable in-process.
///
/// ```swift
/// let result = await Announce.run(["validate", "feed.json"])
/// print(result.standardOutput, terminator: "")
/// ```
public enum Announce {
    /// The tool's version: the newest released heading of CHANGELOG.md (a test checks it).
    public static let version = "0.2.0"

    /// Everything a command reads from outside its arguments, so tests can supply it.
    public struct Environment: Sendable {
        /// Environment variables.
        public var variables: [String: String]
        /// The directory relative paths are resolved against (always a directory URL: a file URL given
        /// without a trailing `/` is taken as the directory it names).
        public var currentDirectory: URL
        /// Reads standard input when a command is given `-` as a file. It need not give more than
        /// ``FeedLimits/maximumFeedBytes`` plus one byte: a longer input is refused as too large.
        public var readStandardInput: @Sendable () -> Data
        /// Whether standard output is a terminal; `preview` draws in colour only then (and never
        /// when `NO_COLOR` is set).
        public var isTerminal: Bool
        /// Where a command that writes much (`preview --all`) writes its standard output as it makes it,
        /// piece by piece; `nil` collects it in ``CommandResult/standardOutput``. What was written here is
        /// not in the result.
        public var writeStandardOutput: (@Sendable (String) -> Void)?
        /// Asks the person at the terminal a question (the prompt given) and returns the line they
        /// typed, or `nil` at the end of input; `nil` when there is nobody to ask (a pipe, CI), and
        /// `announce init` then takes its flags and the recommended answers.
        public var askQuestion: (@Sendable (String) -> String?)?

        /// Creates an environment; `isTerminal` defaults to `false`, so output has no escape codes, and
        /// `writeStandardOutput` to `nil`, so all output is in the result.
        public init(
            variables: [String: String], currentDirectory: URL, readStandardInput: @escaping @Sendable () -> Data,
            isTerminal: Bool = false, writeStandardOutput: (@Sendable (String) -> Void)? = nil,
            askQuestion: (@Sendable (String) -> String?)? = nil
        ) {
            self.variables = variables
            // `URL(fileURLWithPath:relativeTo:)` resolves against the base's folder unless the base is a
            // directory URL: `.` relative to `/tmp/app` would be `/tmp`.
            self.currentDirectory =
                currentDirectory.isFileURL && !currentDirectory.hasDirectoryPath
                ? URL(fileURLWithPath: currentDirectory.path, isDirectory: true) : currentDirectory
            self.readStandardInput = readStandardInput
            self.isTerminal = isTerminal
            self.writeStandardOutput = writeStandardOutput
            self.askQuestion = askQuestion
        }

        /// The running process's environment; standard output is written to the process's as it is made.
        public static var process: Environment {
            Environment(
                variables: ProcessInfo.processInfo.environment,
                currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
                readStandardInput: { FeedFile.readStandardInput() },
                isTerminal: isatty(1) != 0,
                writeStandardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
                askQuestion: isatty(0) != 0 && isatty(2) != 0 ? askOnTerminal : nil)
        }
    }

    /// Writes `prompt` to standard error and reads a line of standard input.
    @Sendable static func askOnTerminal(_ prompt: String) -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        return readLine()
    }

    static let commands: [(spec: CommandSpec, run: @Sendable (ParsedArguments, Environment) async -> CommandResult)] = [
        (ValidateCommand.spec, ValidateCommand.run),
        (SimulateCommand.spec, SimulateCommand.run),
        (PreviewCommand.spec, PreviewCommand.run),
        (SchemaCommand.spec, SchemaCommand.run),
        (FetchCommand.spec, FetchCommand.run),
        (KeygenCommand.spec, KeygenCommand.run),
        (SignCommand.spec, SignCommand.run),
        (VerifyCommand.spec, VerifyCommand.run),
        (InitCommand.spec, InitCommand.run),
        (CompletionsCommand.spec, CompletionsCommand.run),
    ]

    static var overview: String {
        let width = commands.map(\.spec.name.count).max() ?? 0
        let list = commands.map { command in
            "  " + command.spec.name + String(repeating: " ", count: width - command.spec.name.count + 2)
                + command.spec.summary
        }
        return """
            announce: check, explain and preview AnnouncementKit feeds.

            Usage: announce COMMAND [ARGUMENTS] [OPTIONS]

            Commands:
            \(list.joined(separator: "\n"))

            Run 'announce COMMAND --help' for a command's arguments and options, and
            'announce --version' (or -V, or version) for the version.
            Exit status: 0 fine, 1 the feed has errors or cannot be used, 2 usage error or unreadable file.

            """
    }

    /// Runs the tool with `arguments` (without the program name).
    public static func run(_ arguments: [String], environment: Environment = .process) async -> CommandResult {
        guard let name = arguments.first else {
            return CommandResult(standardError: overview, status: .usage)
        }
        switch name {
        case "-h", "--help", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.spec.name == arguments[1] }) {
                return CommandResult(standardOutput: command.spec.help)
            }
            return CommandResult(standardOutput: overview)
        case "--version", "-V", "version":
            return CommandResult(
                standardOutput: "announce \(version) (feed schemaVersion "
                    + "\(AnnouncementFeed.supportedSchemaVersion))\n")
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            let suggestion = ArgumentParser.closest(to: name, among: commands.map(\.spec.name))
            let didYouMean = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return CommandResult(
                standardError: "announce: unknown command '\(TerminalText.escaped(name))'.\(didYouMean)\n"
                    + "Run 'announce --help' for usage.\n",
                status: .usage)
        }
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
        } catch {
            return CommandResult(
                standardError: "announce \(name): \(TerminalText.escaped(error.message))\n\(error.hint)\n",
                status: .usage)
        }
        if parsed.wantsHelp { return CommandResult(standardOutput: command.spec.help) }
        return await command.run(parsed, environment)
    }
}
